import { InferenceSession, Tensor } from 'onnxruntime-node';
import { onnxMetadata } from './onnx-metadata';

// pyannote segmentation-3.0 (as exported by k2-fsa for sherpa-onnx) run through onnxruntime-node: sherpa-onnx's
// own OfflineSpeakerDiarization cannot run it without a neural embedding model, so the windows are run here.
// Input: 10 s of raw 16 kHz audio, shape [N, 1, 160000]. Output: [N, 589, 7] log-probabilities of the
// powerset classes {}, {0}, {1}, {2}, {0,1}, {0,2}, {1,2} over at most three speakers local to the window.

export const WINDOW_SAMPLES = 160_000;
/** Samples between two output frames and samples seen by one frame (the model's SincNet front end). */
export const FRAME_SHIFT = 270;
export const RECEPTIVE_FIELD = 991;
export const FRAMES_PER_WINDOW = Math.floor((WINDOW_SAMPLES - RECEPTIVE_FIELD) / FRAME_SHIFT) + 1;
export const LOCAL_SPEAKERS = 3;
/** Active local speakers of each powerset class, as bit masks (bit k = local speaker k). */
const POWERSET_MASKS = [0b000, 0b001, 0b010, 0b100, 0b011, 0b101, 0b110];

/** Sample at the centre of global frame `frame` (frames are counted on the grid of windows' frames). */
export const frameCentre = (frame: number): number => frame * FRAME_SHIFT + (RECEPTIVE_FIELD >> 1);

export class Segmenter {
  private constructor(private readonly session: InferenceSession) {}

  static async load(modelPath: string): Promise<Segmenter> {
    const meta = onnxMetadata(modelPath);
    const expected: Record<string, string> = {
      window_size: String(WINDOW_SAMPLES),
      receptive_field_size: String(RECEPTIVE_FIELD),
      receptive_field_shift: String(FRAME_SHIFT),
      num_speakers: String(LOCAL_SPEAKERS),
      num_classes: String(POWERSET_MASKS.length),
      sample_rate: '16000',
    };
    for (const [key, value] of Object.entries(expected)) {
      if (meta.get(key) !== value) {
        throw new Error(
          `${modelPath} is not a pyannote segmentation-3.0 model (${key}: ${meta.get(key) ?? 'absent'})`,
        );
      }
    }
    // One thread: the caller runs one worker per core it wants busy.
    const session = await InferenceSession.create(modelPath, {
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
    });
    if (session.inputNames[0] !== 'x' || session.outputNames[0] !== 'y') {
      throw new Error(`${modelPath} has inputs ${session.inputNames.join()}, not the segmentation model's x`);
    }
    return new Segmenter(session);
  }

  /**
   * Active local speakers (bit masks) for each frame of the window that starts at `start`; samples past the
   * end of the audio are silence.
   */
  async segment(samples: Float32Array, start: number): Promise<Uint8Array> {
    const window = new Float32Array(WINDOW_SAMPLES);
    window.set(samples.subarray(start, Math.min(samples.length, start + WINDOW_SAMPLES)));
    const { y } = await this.session.run({ x: new Tensor('float32', window, [1, 1, WINDOW_SAMPLES]) });
    if (!y || y.dims[1] !== FRAMES_PER_WINDOW || y.dims[2] !== POWERSET_MASKS.length) {
      throw new Error(`unexpected segmentation output shape [${y?.dims.join(', ')}]`);
    }
    const logProbs = y.data as Float32Array;
    const masks = new Uint8Array(FRAMES_PER_WINDOW);
    for (let f = 0; f < FRAMES_PER_WINDOW; f++) {
      const row = f * POWERSET_MASKS.length;
      let best = 0;
      for (let c = 1; c < POWERSET_MASKS.length; c++)
        if (logProbs[row + c]! > logProbs[row + best]!) best = c;
      masks[f] = POWERSET_MASKS[best]!;
    }
    return masks;
  }

  async release(): Promise<void> {
    await this.session.release();
  }
}

import { existsSync } from 'node:fs';
import { Vad } from 'sherpa-onnx-node';
import { SAMPLE_RATE } from './protocol';
import { sileroVadModelPath } from './vad';

// Worker side: Silero VAD (through sherpa-onnx) over a live channel, one window at a time, reporting where
// speech starts and ends in absolute sample indices.

/** Silero v5 at 16 kHz advances 512 samples per window and also looks at the 64 before them. */
export const VAD_SHIFT = 512;
export const VAD_WINDOW = 576;
/** Shortest run of speech that opens a segment: shorter blips (clicks, a cough) are not speech. */
export const MIN_SPEECH_SEC = 0.15;
/** sherpa-onnx rejects thresholds outside [0.01, 1). */
const THRESHOLD_RANGE: [number, number] = [0.01, 0.99];
/** Idle detectors kept for reuse: creating one loads the model (~50 ms, ~9 MB each). */
const MAX_IDLE = 8;

export interface DetectorConfig {
  /** The API's speech_threshold, 0..1. */
  threshold: number;
  /** Silence that ends a segment (the API's endpointing), seconds. */
  minSilenceSec: number;
  /** Longest segment the caller lets through before restarting the detector, seconds. */
  maxSegmentSec: number;
}

export type SpeechEdge = { type: 'start' | 'end'; at: number };

const idle = new Map<string, Vad[]>();
let idleCount = 0;

function configKey(config: DetectorConfig): string {
  return `${config.threshold}|${config.minSilenceSec}|${config.maxSegmentSec}`;
}

function createVad(config: DetectorConfig): Vad {
  const model = sileroVadModelPath();
  // sherpa-onnx returns a dead detector (and logs) on a missing model: fail loudly instead.
  if (!existsSync(model)) throw new Error(`Silero VAD model missing: ${model}`);
  const [low, high] = THRESHOLD_RANGE;
  return new Vad(
    {
      sileroVad: {
        model,
        threshold: Math.min(high, Math.max(low, config.threshold)),
        minSpeechDuration: MIN_SPEECH_SEC,
        minSilenceDuration: config.minSilenceSec,
        windowSize: VAD_SHIFT,
        // Past this, sherpa-onnx raises the threshold by itself; segments are restarted well before.
        maxSpeechDuration: config.maxSegmentSec + 10,
      },
      sampleRate: SAMPLE_RATE,
      numThreads: 1,
      provider: 'cpu',
      debug: 0,
    },
    // The buffer holds the current segment; sized so that it never has to grow (and log about it).
    config.maxSegmentSec + 2,
  );
}

/**
 * One channel's speech detector. sherpa-onnx's Vad keeps the whole current segment and copies it on every
 * call, so the caller bounds segments with `restart` (at most `maxSegmentSec` long).
 */
export class SpeechDetector {
  private readonly vad: Vad;
  private readonly key: string;
  private readonly minSpeech = Math.floor(MIN_SPEECH_SEC * SAMPLE_RATE);
  private readonly minSilence: number;
  /** Absolute index of the detector's sample 0 (it counts from its last reset). */
  private origin = 0;
  private fed = 0;
  private lastEnd = 0;
  private detected = false;
  private released = false;

  constructor(config: DetectorConfig) {
    if (!(config.minSilenceSec > 0)) throw new RangeError('the endpointing silence must be positive');
    this.key = configKey(config);
    const reused = idle.get(this.key)?.pop();
    if (reused) idleCount--;
    this.vad = reused ?? createVad(config);
    this.minSilence = Math.floor(config.minSilenceSec * SAMPLE_RATE);
  }

  /** Absolute index up to which audio has been fed. */
  get position(): number {
    return this.origin + this.fed;
  }

  /** The size of the next block to feed: exactly one more window (the first one needs its 64-sample lead). */
  get nextBlock(): number {
    return this.fed === 0 ? VAD_WINDOW : VAD_SHIFT;
  }

  get speaking(): boolean {
    return this.detected;
  }

  /** Feeds the next block (`nextBlock` samples) and reports a change between speech and silence. */
  accept(block: Float32Array): SpeechEdge | undefined {
    this.vad.acceptWaveform(block);
    this.fed += block.length;
    while (!this.vad.isEmpty()) this.vad.pop();
    const detected = this.vad.isDetected();
    if (detected === this.detected) return undefined;
    this.detected = detected;
    // The same bookkeeping as sherpa-onnx's voice-activity-detector.cc: `tail` ends the last window's shift,
    // a segment starts two windows and the minimum speech before the window that confirmed it, and ends the
    // minimum silence before the window that confirmed the silence.
    const windows = Math.max(0, Math.floor((this.fed - VAD_WINDOW) / VAD_SHIFT) + 1);
    const tail = this.origin + windows * VAD_SHIFT;
    if (detected)
      return { type: 'start', at: Math.max(tail - 2 * VAD_WINDOW - this.minSpeech, this.lastEnd) };
    this.lastEnd = Math.max(this.lastEnd, tail - this.minSilence);
    return { type: 'end', at: this.lastEnd };
  }

  /**
   * Clears the detector (and the segment it holds), then replays `history`, the audio that ends at `at`, so
   * that speech still going on is picked up again at once. Returns whether it was.
   */
  restart(at: number, history: Float32Array): boolean {
    this.vad.reset();
    this.origin = at - history.length;
    this.fed = 0;
    this.lastEnd = this.origin;
    this.detected = false;
    let offset = 0;
    while (offset + this.nextBlock <= history.length) {
      const size = this.nextBlock;
      this.accept(history.subarray(offset, offset + size));
      offset += size;
    }
    if (offset !== history.length) throw new RangeError('replayed history must be whole VAD blocks');
    return this.detected;
  }

  /** Returns the model to the pool of idle detectors. */
  release(): void {
    if (this.released) return;
    this.released = true;
    if (idleCount >= MAX_IDLE) return;
    this.vad.reset();
    const list = idle.get(this.key) ?? [];
    list.push(this.vad);
    idle.set(this.key, list);
    idleCount++;
  }
}

/** Length of a replay for `restart`: whole blocks covering at least `seconds`. */
export function replayLength(seconds: number): number {
  const blocks = Math.max(0, Math.ceil((seconds * SAMPLE_RATE - VAD_WINDOW) / VAD_SHIFT));
  return VAD_WINDOW + blocks * VAD_SHIFT;
}

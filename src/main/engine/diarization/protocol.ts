import type { SpeakerBounds } from './cluster';

// Tasks of the diarization worker threads. Audio travels as a Float32Array on a SharedArrayBuffer, as in the
// engine workers, so that no task copies the channel.

export interface SegmentTask {
  kind: 'segment';
  /** Path of the pyannote segmentation ONNX file. */
  model: string;
  samples: Float32Array;
  /** Frames between window starts, and the windows [from, to) to run. */
  step: number;
  from: number;
  to: number;
}

export interface SpeakersTask {
  kind: 'speakers';
  samples: Float32Array;
  step: number;
  totalFrames: number;
  /** Segmentation of every window, in order. */
  masks: Uint8Array[];
  bounds: SpeakerBounds;
  /** A sherpa-onnx speaker-embedding ONNX file; absent: the built-in MFCC voice model. */
  embeddingModel?: string;
}

export type DiarizationTask = SegmentTask | SpeakersTask;

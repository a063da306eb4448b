// Messages between the main thread (pool, transcriber) and the engine worker threads.
// Audio travels as Float32Array views on a SharedArrayBuffer plus a [start, end) sample range, so a task
// never copies the file: every worker reads the same memory.

export const SAMPLE_RATE = 16000;

/** Everything a worker needs to build a recogniser: absolute file paths, no catalog lookups. */
export interface RecognizerSpec {
  /** Cache key: the model's folder. */
  dir: string;
  kind: 'streaming' | 'offline';
  /** sherpa-onnx `modelConfig.modelType`, e.g. 'nemo_transducer' (empty lets sherpa infer it). */
  modelType?: string;
  encoder: string;
  decoder: string;
  joiner: string;
  tokens: string;
  /** sentencepiece model or a text vocab (`bpe.vocab`); needed to encode hotwords. */
  bpe?: string;
  /** How sherpa-onnx splits hotword phrases into tokens. */
  modelingUnit: 'bpe' | 'cjkchar+bpe';
}

export interface Hotword {
  phrase: string;
  /** Per-token bonus added to matching hypotheses (sherpa-onnx hotword score; 1.5 is sherpa's default). */
  boost: number;
}

export interface VadTask {
  kind: 'vad';
  samples: Float32Array;
  start: number;
  end: number;
  /** Longer speech segments are split at their quietest point. */
  maxSegmentSec: number;
}

export interface RecognizeTask {
  kind: 'recognize';
  model: RecognizerSpec;
  samples: Float32Array;
  start: number;
  end: number;
  hotwords?: Hotword[];
}

export type EngineTask = VadTask | RecognizeTask;

/** [startSec, endSec] measured from the start of `samples` (the file), not of the range. */
export type VadResult = [number, number][];

export interface RecognizeResult {
  /** Model tokens; a token starting with a space starts a new word (sherpa turns '▁' into ' '). */
  tokens: string[];
  /** Start time of each token in seconds from the start of the range. */
  timestamps: number[];
  /** Log-probability of each token (0 when the model does not report one). */
  logProbs: number[];
  /** False when the model only knows upper-case letters, so its text needs re-casing. */
  cased: boolean;
}

export interface WorkerRequest {
  id: number;
  task: unknown;
}

export type WorkerReply =
  { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };

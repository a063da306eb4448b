// Types for the parts of sherpa-onnx-node 1.13.8 this project uses (the package ships JSDoc only).
// Field names follow node_modules/sherpa-onnx-node/types.js.

declare module 'sherpa-onnx-node' {
  export interface Waveform {
    samples: Float32Array;
    sampleRate: number;
  }

  export interface TransducerModelConfig {
    encoder: string;
    decoder: string;
    joiner: string;
  }

  export interface ModelConfig {
    transducer?: TransducerModelConfig;
    tokens: string;
    numThreads?: number;
    provider?: string;
    debug?: number | boolean;
    modelType?: string;
    modelingUnit?: string;
    bpeVocab?: string;
  }

  export interface OnlineRecognizerConfig {
    featConfig?: { sampleRate?: number; featureDim?: number };
    modelConfig: ModelConfig;
    decodingMethod?: 'greedy_search' | 'modified_beam_search';
    maxActivePaths?: number;
    enableEndpoint?: number | boolean;
    hotwordsFile?: string;
    hotwordsScore?: number;
  }

  export interface OnlineRecognizerResult {
    text: string;
    tokens: string[];
    timestamps: number[];
    ys_probs: number[];
    /** Stream time (seconds of processed audio) of the last reset; token times count from it. */
    start_time: number;
  }

  export class OnlineStream {
    acceptWaveform(wave: Waveform): void;
    inputFinished(): void;
  }

  export class OnlineRecognizer {
    constructor(config: OnlineRecognizerConfig);
    createStream(): OnlineStream;
    isReady(stream: OnlineStream): boolean;
    decode(stream: OnlineStream): void;
    getResult(stream: OnlineStream): OnlineRecognizerResult;
    /** Starts a new segment: clears the result, keeps the encoder state and the unprocessed input. */
    reset(stream: OnlineStream): void;
  }

  export interface OfflineRecognizerConfig {
    featConfig?: { sampleRate?: number; featureDim?: number };
    modelConfig: ModelConfig;
    decodingMethod?: 'greedy_search' | 'modified_beam_search';
    maxActivePaths?: number;
  }

  export interface OfflineRecognizerResult {
    text: string;
    tokens: string[];
    timestamps: number[];
    ys_log_probs?: number[];
  }

  export class OfflineStream {
    acceptWaveform(wave: Waveform): void;
  }

  export class OfflineRecognizer {
    constructor(config: OfflineRecognizerConfig);
    createStream(hotwords?: string): OfflineStream;
    decode(stream: OfflineStream): void;
    getResult(stream: OfflineStream): OfflineRecognizerResult;
  }

  export interface VadConfig {
    sileroVad: {
      model: string;
      threshold?: number;
      minSpeechDuration?: number;
      minSilenceDuration?: number;
      windowSize?: number;
      maxSpeechDuration?: number;
    };
    sampleRate?: number;
    numThreads?: number;
    provider?: string;
    debug?: number | boolean;
  }

  export interface SpeechSegment {
    /** Index of the first sample, counted from the last reset. */
    start: number;
    samples: Float32Array;
  }

  export class Vad {
    constructor(config: VadConfig, bufferSizeInSeconds: number);
    acceptWaveform(samples: Float32Array): void;
    isEmpty(): boolean;
    /** True from the start of a speech segment until its end is detected. */
    isDetected(): boolean;
    /** Pass false: external buffers are not allowed in Electron. */
    front(enableExternalBuffer?: boolean): SpeechSegment;
    pop(): void;
    flush(): void;
    reset(): void;
  }

  export function readWave(filename: string, enableExternalBuffer?: boolean): Waveform;
}

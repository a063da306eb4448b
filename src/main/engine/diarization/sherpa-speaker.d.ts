// Types for sherpa-onnx-node 1.13.8's speaker-embedding extractor (speaker-identification.js); they merge with
// the package's other declarations in ../sherpa-onnx-node.d.ts.

declare module 'sherpa-onnx-node' {
  export interface SpeakerEmbeddingExtractorConfig {
    model: string;
    numThreads?: number;
    debug?: number | boolean;
    provider?: string;
  }

  export class SpeakerEmbeddingExtractor {
    constructor(config: SpeakerEmbeddingExtractorConfig);
    readonly dim: number;
    createStream(): OnlineStream;
    isReady(stream: OnlineStream): boolean;
    /** Pass false: external buffers are not allowed in Electron. */
    compute(stream: OnlineStream, enableExternalBuffer?: boolean): Float32Array;
  }
}

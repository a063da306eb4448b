// The punctuation classes of sherpa-onnx-node 1.13.8 (node_modules/sherpa-onnx-node/punctuation.js and types.js),
// added to the engine's declarations of the package (src/main/engine/sherpa-onnx-node.d.ts).
import 'sherpa-onnx-node';

declare module 'sherpa-onnx-node' {
  export interface OfflinePunctuationConfig {
    model: { ctTransformer: string; numThreads?: number; debug?: number | boolean; provider?: string };
  }

  /** CT-Transformer (Chinese + English): adds punctuation, no casing. */
  export class OfflinePunctuation {
    constructor(config: OfflinePunctuationConfig);
    addPunct(text: string): string;
  }

  export interface OnlinePunctuationConfig {
    model: {
      cnnBilstm: string;
      bpeVocab: string;
      numThreads?: number;
      debug?: number | boolean;
      provider?: string;
    };
  }

  /** CNN-BiLSTM (English): adds punctuation and casing. */
  export class OnlinePunctuation {
    constructor(config: OnlinePunctuationConfig);
    addPunct(text: string): string;
  }
}

import { existsSync, readFileSync } from 'node:fs';
import { OfflineRecognizer, OnlineRecognizer, type ModelConfig } from 'sherpa-onnx-node';
import { ensureBpeVocab } from './bpe-vocab';
import { hotwordsFile, hotwordsText } from './hotwords';
import { SAMPLE_RATE, type Hotword, type RecognizeResult, type RecognizerSpec } from './protocol';

// Worker side: recognisers are expensive to build (the model is loaded each time), so each worker keeps the
// few it used last, keyed by model folder and hotword set.

/** Streaming models hold back the last frames until more audio arrives; silence flushes them. */
const TAIL_PADDING = new Float32Array(SAMPLE_RATE / 2);
const CACHE_SIZE = 3;

interface Engine {
  recognize(samples: Float32Array): Omit<RecognizeResult, 'cased'>;
}

export function checkFiles(spec: RecognizerSpec): void {
  // sherpa-onnx calls exit() on a missing file, which would take the whole process down, not just this worker.
  for (const path of [spec.encoder, spec.decoder, spec.joiner, spec.tokens]) {
    if (!existsSync(path)) throw new Error(`model file missing: ${path}`);
  }
}

function modelConfig(spec: RecognizerSpec, bpeVocab?: string): ModelConfig {
  return {
    transducer: { encoder: spec.encoder, decoder: spec.decoder, joiner: spec.joiner },
    tokens: spec.tokens,
    numThreads: 1,
    provider: 'cpu',
    debug: 0,
    ...(spec.modelType ? { modelType: spec.modelType } : {}),
    ...(bpeVocab ? { modelingUnit: spec.modelingUnit, bpeVocab } : {}),
  };
}

/**
 * A streaming recogniser; with a non-empty hotwords file body (and a model that has a BPE vocabulary) it
 * decodes with beam search and contextual biasing.
 */
export function createOnlineRecognizer(spec: RecognizerSpec, hotwords: string): OnlineRecognizer {
  const boosted = hotwords !== '' && spec.bpe !== undefined;
  return new OnlineRecognizer({
    featConfig: { sampleRate: SAMPLE_RATE, featureDim: 80 },
    modelConfig: modelConfig(spec, boosted ? ensureBpeVocab(spec.bpe!) : undefined),
    // Hotwords need beam search; plain greedy search is faster and as accurate without them.
    decodingMethod: boosted ? 'modified_beam_search' : 'greedy_search',
    maxActivePaths: 10,
    enableEndpoint: 0,
    ...(boosted ? { hotwordsFile: hotwordsFile(hotwords) } : {}),
  });
}

function streamingEngine(spec: RecognizerSpec, hotwords: string): Engine {
  const recognizer = createOnlineRecognizer(spec, hotwords);
  return {
    recognize(samples) {
      const stream = recognizer.createStream();
      stream.acceptWaveform({ samples, sampleRate: SAMPLE_RATE });
      stream.acceptWaveform({ samples: TAIL_PADDING, sampleRate: SAMPLE_RATE });
      stream.inputFinished();
      while (recognizer.isReady(stream)) recognizer.decode(stream);
      const r = recognizer.getResult(stream);
      return { tokens: r.tokens, timestamps: r.timestamps, logProbs: r.ys_probs ?? [] };
    },
  };
}

// Offline transducers (NeMo Parakeet) decode greedily here: their hotword support depends on the model, so
// hotwords are not applied to them.
function offlineEngine(spec: RecognizerSpec): Engine {
  const recognizer = new OfflineRecognizer({
    featConfig: { sampleRate: SAMPLE_RATE, featureDim: 80 },
    modelConfig: modelConfig(spec),
    decodingMethod: 'greedy_search',
  });
  return {
    recognize(samples) {
      const stream = recognizer.createStream();
      stream.acceptWaveform({ samples, sampleRate: SAMPLE_RATE });
      recognizer.decode(stream);
      const r = recognizer.getResult(stream);
      return { tokens: r.tokens, timestamps: r.timestamps, logProbs: r.ys_log_probs ?? [] };
    },
  };
}

export class RecognizerCache {
  private readonly engines = new Map<string, Engine>();

  recognize(spec: RecognizerSpec, hotwords: Hotword[] | undefined, samples: Float32Array): RecognizeResult {
    checkFiles(spec);
    const cased = modelIsCased(spec.tokens);
    const text = spec.kind === 'streaming' && hotwords?.length ? hotwordsText(hotwords, !cased) : '';
    const key = `${spec.dir}\n${text}`;
    let engine = this.engines.get(key);
    if (engine) {
      this.engines.delete(key); // re-inserted below: Map order is the LRU order
    } else {
      engine = spec.kind === 'streaming' ? streamingEngine(spec, text) : offlineEngine(spec);
      if (this.engines.size >= CACHE_SIZE) this.engines.delete(this.engines.keys().next().value!);
    }
    this.engines.set(key, engine);
    return { ...engine.recognize(samples), cased };
  }
}

const casedByTokens = new Map<string, boolean>();

/** A model whose tokens hold no lower-case letter writes in capitals (GigaSpeech/LibriSpeech zipformers). */
export function modelIsCased(tokensPath: string): boolean {
  let cased = casedByTokens.get(tokensPath);
  if (cased === undefined) {
    cased = /\p{Ll}/u.test(readFileSync(tokensPath, 'utf8').replace(/<[^>]*>/g, ''));
    casedByTokens.set(tokensPath, cased);
  }
  return cased;
}

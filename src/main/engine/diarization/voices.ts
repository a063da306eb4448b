import { SpeakerEmbeddingExtractor } from 'sherpa-onnx-node';
import {
  addFrame,
  bicRatio,
  emptyStats,
  meanLogLikelihood,
  mergeStats,
  type GaussianStats,
} from './gaussian';
import { MFCC_HOP, MFCC_WINDOW, mfcc } from './mfcc';
import { FRAME_SHIFT, frameCentre } from './segmentation';
import type { VoiceModel } from './cluster';

// What a chain of speech sounds like: either MFCC statistics compared by BIC (built in, no model needed) or
// the embedding of a neural speaker-embedding model run by sherpa-onnx (when one is installed).

/** c1..c12: the classic diarization front end; measured here to separate voices best among 12/16/19/24. */
const MFCC_COEFFICIENTS = 12;
/** Frames more than 30 dB below the loud end of the speech are breath and silence, not voice. */
const ENERGY_FLOOR = Math.log(1000);

/**
 * BIC ratio (after the segmentation's evidence) under which two clusters are one voice. Measured on the shared
 * recordings: single stretches of one voice scored 0.8-1.8 and of two voices 3.1 and up; on a 5-minute mix of
 * five voices, 2.3 split a noisy 1960s recording (jfk.wav) in three and 3.8 merged two voices; 3.0 sits between.
 */
export const BIC_THRESHOLD = 3.0;

export const mfccVoiceModel: VoiceModel<GaussianStats> = {
  distance: bicRatio,
  merge: mergeStats,
  threshold: BIC_THRESHOLD,
};

/** Gaussian statistics of the MFCC frames each chain speaks alone, energy-gated. */
export function mfccVoices(samples: Float32Array, solo: Int32Array, chains: number): GaussianStats[] {
  const features = mfcc(samples, 0, samples.length, { coefficients: MFCC_COEFFICIENTS });
  const owner = new Int32Array(features.frames).fill(-1);
  const loud: number[] = [];
  for (let m = 0; m < features.frames; m++) {
    const g = Math.round((m * MFCC_HOP + MFCC_WINDOW / 2 - frameCentre(0)) / FRAME_SHIFT);
    owner[m] = g >= 0 && g < solo.length ? solo[g]! : -1;
    if (owner[m]! >= 0) loud.push(features.logEnergy[m]!);
  }
  loud.sort((a, b) => a - b);
  const floor = loud.length ? loud[Math.floor(loud.length * 0.95)]! - ENERGY_FLOOR : Infinity;
  const stats = Array.from({ length: chains }, () => emptyStats(MFCC_COEFFICIENTS));
  for (let m = 0; m < features.frames; m++) {
    if (owner[m]! < 0 || features.logEnergy[m]! < floor) continue;
    addFrame(stats[owner[m]!]!, features.data.subarray(m * features.dims, (m + 1) * features.dims));
  }
  return stats;
}

/** How well a short chain fits a cluster (lower is better): minus its mean log-likelihood under the cluster. */
export const mfccFit = (short: GaussianStats, cluster: GaussianStats): number =>
  short.n === 0 ? Infinity : -meanLogLikelihood(short, cluster);

export interface NeuralVoice {
  /** Unit-length mean embedding. */
  embedding: Float32Array;
  seconds: number;
}

/**
 * Cosine distance under which two clusters are one voice: sherpa-onnx's default clustering threshold for its
 * own embedding models (not measured here: no embedding model is available on the machines that built this).
 */
export const NEURAL_THRESHOLD = 0.5;

function normalise(v: Float32Array): Float32Array {
  let norm = 0;
  for (const x of v) norm += x * x;
  norm = Math.sqrt(norm) || 1;
  return v.map((x) => x / norm);
}

const cosineDistance = (a: Float32Array, b: Float32Array): number => {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i]! * b[i]!;
  return 1 - dot;
};

export const neuralVoiceModel: VoiceModel<NeuralVoice> = {
  distance: (a, b) => cosineDistance(a.embedding, b.embedding),
  merge: (a, b) => {
    const seconds = a.seconds + b.seconds;
    const mixed = a.embedding.map((x, i) => (a.seconds * x + b.seconds * b.embedding[i]!) / seconds);
    return { embedding: normalise(mixed), seconds };
  },
  threshold: NEURAL_THRESHOLD,
};

export const neuralFit = (short: NeuralVoice, cluster: NeuralVoice): number =>
  short.seconds === 0 ? Infinity : cosineDistance(short.embedding, cluster.embedding);

/** Longest audio of one chain given to the embedding model; more adds time, not accuracy. */
const MAX_EMBEDDING_SEC = 30;

export class NeuralEmbedder {
  private readonly extractor: SpeakerEmbeddingExtractor;

  constructor(readonly modelPath: string) {
    this.extractor = new SpeakerEmbeddingExtractor({
      model: modelPath,
      numThreads: 1,
      debug: 0,
      provider: 'cpu',
    });
  }

  /** One embedding per chain from the frames it speaks alone; `seconds: 0` when it has none. */
  voices(samples: Float32Array, solo: Int32Array, chains: number, sampleRate = 16000): NeuralVoice[] {
    const pieces = Array.from({ length: chains }, () => [] as Float32Array[]);
    const lengths = new Float64Array(chains);
    let g = 0;
    while (g < solo.length) {
      const chain = solo[g]!;
      const first = g;
      while (g < solo.length && solo[g] === chain) g++;
      if (chain < 0 || lengths[chain]! >= MAX_EMBEDDING_SEC * sampleRate) continue;
      const start = Math.max(0, frameCentre(first) - FRAME_SHIFT / 2);
      const end = Math.min(samples.length, frameCentre(g - 1) + FRAME_SHIFT / 2);
      if (end <= start) continue;
      pieces[chain]!.push(samples.subarray(start, end));
      lengths[chain]! += end - start;
    }
    return pieces.map((parts, chain) => {
      const joined = new Float32Array(lengths[chain]!);
      let offset = 0;
      for (const part of parts) {
        joined.set(part, offset);
        offset += part.length;
      }
      return this.embed(joined, sampleRate);
    });
  }

  private embed(audio: Float32Array, sampleRate: number): NeuralVoice {
    const stream = this.extractor.createStream();
    stream.acceptWaveform({ samples: audio, sampleRate });
    stream.inputFinished();
    if (audio.length === 0 || !this.extractor.isReady(stream)) {
      return { embedding: new Float32Array(this.extractor.dim), seconds: 0 };
    }
    return {
      embedding: normalise(this.extractor.compute(stream, false)),
      seconds: audio.length / sampleRate,
    };
  }
}

import FFT from 'fft.js';

// Mel-frequency cepstral coefficients, the classic speaker-diarization front end (25 ms Hamming frames every
// 10 ms, 40 triangular mel bands, DCT-II). Used for the built-in speaker embedding when no neural embedding
// model is installed.

export const MFCC_HOP = 160;
export const MFCC_WINDOW = 400;
const FFT_SIZE = 512;
const MEL_BANDS = 40;
const LOW_HZ = 60;
const HIGH_HZ = 7600;
const PRE_EMPHASIS = 0.97;

export interface MfccOptions {
  /** Cepstral coefficients kept, c1..cN (c0, the frame energy, is returned apart). */
  coefficients: number;
}

export interface Mfcc {
  /** Frame-major, `frames × dims`. */
  data: Float32Array;
  frames: number;
  dims: number;
  /** log energy of each frame (natural log of the mean square), for gating silence. */
  logEnergy: Float32Array;
}

const hzToMel = (hz: number): number => 1127 * Math.log(1 + hz / 700);
const melToHz = (mel: number): number => 700 * (Math.exp(mel / 1127) - 1);

/** Triangular filters over FFT bins 0..FFT_SIZE/2, as sparse (first bin, weights) pairs. */
function melFilters(sampleRate: number): { first: number; weights: Float32Array }[] {
  const lowMel = hzToMel(LOW_HZ);
  const highMel = hzToMel(HIGH_HZ);
  const edges = Array.from({ length: MEL_BANDS + 2 }, (_, i) =>
    melToHz(lowMel + ((highMel - lowMel) * i) / (MEL_BANDS + 1)),
  );
  const binHz = sampleRate / FFT_SIZE;
  return Array.from({ length: MEL_BANDS }, (_, band) => {
    const [left, centre, right] = [edges[band]!, edges[band + 1]!, edges[band + 2]!];
    const first = Math.ceil(left / binHz);
    const last = Math.min(FFT_SIZE / 2, Math.floor(right / binHz));
    const weights = new Float32Array(Math.max(0, last - first + 1));
    for (let bin = first; bin <= last; bin++) {
      const hz = bin * binHz;
      weights[bin - first] = hz <= centre ? (hz - left) / (centre - left) : (right - hz) / (right - centre);
    }
    return { first, weights };
  });
}

/** Orthonormal DCT-II rows 1..count over the mel bands. */
function dctMatrix(count: number): Float32Array {
  const out = new Float32Array(count * MEL_BANDS);
  const scale = Math.sqrt(2 / MEL_BANDS);
  for (let k = 1; k <= count; k++) {
    for (let n = 0; n < MEL_BANDS; n++) {
      out[(k - 1) * MEL_BANDS + n] = scale * Math.cos((Math.PI * k * (n + 0.5)) / MEL_BANDS);
    }
  }
  return out;
}

const hamming = Float32Array.from(
  { length: MFCC_WINDOW },
  (_, i) => 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (MFCC_WINDOW - 1)),
);

/** MFCCs of samples[start, end) at 16 kHz; frame m is centred on sample start + m·MFCC_HOP + MFCC_WINDOW/2. */
export function mfcc(samples: Float32Array, start: number, end: number, options: MfccOptions): Mfcc {
  const dims = options.coefficients;
  const frames = end - start >= MFCC_WINDOW ? Math.floor((end - start - MFCC_WINDOW) / MFCC_HOP) + 1 : 0;
  const data = new Float32Array(frames * dims);
  const logEnergy = new Float32Array(frames);
  const filters = melFilters(16000);
  const dct = dctMatrix(dims);
  const fft = new FFT(FFT_SIZE);
  const input = new Float64Array(FFT_SIZE);
  const spectrum: number[] = fft.createComplexArray() as number[];
  const power = new Float64Array(FFT_SIZE / 2 + 1);
  const logMel = new Float64Array(MEL_BANDS);

  for (let m = 0; m < frames; m++) {
    const offset = start + m * MFCC_HOP;
    let mean = 0;
    for (let i = 0; i < MFCC_WINDOW; i++) mean += samples[offset + i]!;
    mean /= MFCC_WINDOW;
    let energy = 0;
    let previous = offset > 0 ? samples[offset - 1]! - mean : 0;
    for (let i = 0; i < MFCC_WINDOW; i++) {
      const x = samples[offset + i]! - mean;
      energy += x * x;
      input[i] = (x - PRE_EMPHASIS * previous) * hamming[i]!;
      previous = x;
    }
    input.fill(0, MFCC_WINDOW);
    logEnergy[m] = Math.log(energy / MFCC_WINDOW + 1e-10);
    fft.realTransform(spectrum, input);
    for (let bin = 0; bin <= FFT_SIZE / 2; bin++) {
      const re = spectrum[2 * bin]!;
      const im = spectrum[2 * bin + 1]!;
      power[bin] = re * re + im * im;
    }
    for (let band = 0; band < MEL_BANDS; band++) {
      const { first, weights } = filters[band]!;
      let sum = 0;
      for (let i = 0; i < weights.length; i++) sum += weights[i]! * power[first + i]!;
      logMel[band] = Math.log(sum + 1e-10);
    }
    for (let k = 0; k < dims; k++) {
      let sum = 0;
      for (let n = 0; n < MEL_BANDS; n++) sum += dct[k * MEL_BANDS + n]! * logMel[n]!;
      data[m * dims + k] = sum;
    }
  }
  return { data, frames, dims, logEnergy };
}

/**
 * Streaming polyphase resampler with a Kaiser-windowed sinc low-pass, for one channel.
 *
 * Hand-written rather than sherpa-onnx-node's `LinearResampler` (which is of similar quality) because live audio
 * is decoded on the main event loop, where the native addon must not run; a WebAssembly port would need an async
 * start that a per-session decoder constructor cannot wait for.
 *
 * The kernel is centred on each output instant, so output sample n lies exactly at input time n / outRate:
 * timestamps need no correction for filter delay. The price is a look-ahead of half the kernel (about 1.4 ms)
 * that stays buffered until more input or `flush()` arrives.
 */
export class StreamResampler {
  private readonly kernel: Kernel | null;
  /** Unconsumed input, starting at the first sample the next output's window touches. */
  private history: Float32Array;
  /** Phase of the next output between two input samples, in 1/up steps. */
  private phase = 0;
  private received = 0;
  private emitted = 0;

  constructor(
    readonly inputRate: number,
    readonly outputRate: number,
  ) {
    this.kernel = inputRate === outputRate ? null : kernelFor(inputRate, outputRate);
    this.history = this.initialHistory();
  }

  /** Resamples the next chunk; the output continues the previous one seamlessly. */
  process(input: Float32Array): Float32Array {
    if (!this.kernel) return input.slice();
    this.received += input.length;
    return this.run(input, Infinity);
  }

  /** Emits what the look-ahead still holds (the stream ended) and starts over. */
  flush(): Float32Array {
    if (!this.kernel) return new Float32Array(0);
    const { up, down, half } = this.kernel;
    // Exactly ceil(inputLength * outRate / inRate) outputs over the whole stream.
    const total = Math.ceil((this.received * up) / down);
    const out = this.run(new Float32Array(half), total - this.emitted);
    this.history = this.initialHistory();
    this.phase = this.received = this.emitted = 0;
    return out;
  }

  private run(input: Float32Array, limit: number): Float32Array {
    const { up, down, taps, table } = this.kernel!;
    const data = new Float32Array(this.history.length + input.length);
    data.set(this.history);
    data.set(input, this.history.length);
    // Output n reads `taps` inputs from floor((phase + n * down) / up): count those that fit in `data`.
    const available = Math.max(0, Math.floor(((data.length - taps + 1) * up - 1 - this.phase) / down) + 1);
    const count = Math.min(available, limit);
    const out = new Float32Array(count);
    let start = 0;
    let phase = this.phase;
    for (let n = 0; n < count; n++) {
      // Four accumulators let V8 overlap the multiply-adds: this loop is nearly all the CPU a session costs.
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      let t = phase * taps;
      let d = start;
      const end = d + taps;
      for (; d + 3 < end; d += 4, t += 4) {
        s0 += table[t]! * data[d]!;
        s1 += table[t + 1]! * data[d + 1]!;
        s2 += table[t + 2]! * data[d + 2]!;
        s3 += table[t + 3]! * data[d + 3]!;
      }
      for (; d < end; d++, t++) s0 += table[t]! * data[d]!;
      out[n] = s0 + s1 + s2 + s3;
      phase += down;
      start += Math.floor(phase / up);
      phase %= up;
    }
    this.phase = phase;
    this.emitted += count;
    this.history = data.slice(Math.min(start, data.length));
    return out;
  }

  /** Virtual silence before the first sample, so that the first output's window is full. */
  private initialHistory(): Float32Array {
    return new Float32Array(this.kernel ? this.kernel.half - 1 : 0);
  }
}

interface Kernel {
  /** Output/input rate ratio in lowest terms. */
  up: number;
  down: number;
  /** Half-width of the window in input samples (rounded up); each output reads `taps = 2 * half` inputs. */
  half: number;
  taps: number;
  /** `up` rows of `taps` weights, one row per fractional position of the output between two inputs. */
  table: Float32Array;
}

/** Stopband attenuation. 70 dB puts aliases below the 16-bit noise of typical speech recordings. */
const STOPBAND_DB = 60;
/** Transition band as a fraction of the lower Nyquist frequency, centred on it: passband flat to 90 %. */
const TRANSITION = 0.25;
/** More phases than this makes the table large for no use: every rate the spec allows needs at most 160. */
const MAX_PHASES = 1024;

const kernels = new Map<string, Kernel>();

function kernelFor(inputRate: number, outputRate: number): Kernel {
  for (const rate of [inputRate, outputRate]) {
    if (!Number.isInteger(rate) || rate < 1000 || rate > 384000)
      throw new RangeError(`unsupported sample rate ${rate}`);
  }
  const key = `${inputRate}:${outputRate}`;
  const cached = kernels.get(key);
  if (cached) return cached;
  const divisor = gcd(inputRate, outputRate);
  const up = outputRate / divisor;
  const down = inputRate / divisor;
  if (up > MAX_PHASES) throw new RangeError(`cannot resample ${inputRate} Hz to ${outputRate} Hz`);

  // Cut-off at the lower Nyquist frequency, in cycles per input sample; -6 dB there, flat below 90 % of it.
  const cutoff = Math.min(inputRate, outputRate) / 2 / inputRate;
  const transition = TRANSITION * cutoff * 2 * Math.PI;
  // Kaiser's formulas for the window length and shape at the wanted attenuation.
  const halfWidth = (STOPBAND_DB - 7.95) / (2.285 * transition) / 2;
  const beta = 0.1102 * (STOPBAND_DB - 8.7);
  const half = Math.ceil(halfWidth);
  const taps = 2 * half;
  const table = new Float32Array(up * taps);
  for (let phase = 0; phase < up; phase++) {
    const row = table.subarray(phase * taps, (phase + 1) * taps);
    let sum = 0;
    for (let k = 0; k < taps; k++) {
      // Distance of input sample k of the window from the output instant, in input samples.
      const u = k - (half - 1) - phase / up;
      const w =
        Math.abs(u) >= halfWidth ? 0 : 2 * cutoff * sinc(2 * cutoff * u) * kaiser(u / halfWidth, beta);
      row[k] = w;
      sum += w;
    }
    // Unit gain at DC for every phase, so a constant signal stays constant.
    for (let k = 0; k < taps; k++) row[k]! /= sum;
  }
  const kernel = { up, down, half, taps, table };
  kernels.set(key, kernel);
  return kernel;
}

function sinc(x: number): number {
  return x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
}

function kaiser(x: number, beta: number): number {
  return besselI0(beta * Math.sqrt(1 - x * x)) / besselI0(beta);
}

/** Modified Bessel function of the first kind, order 0, by its power series (converges fast for beta < 20). */
function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  for (let k = 1; term > sum * 1e-12; k++) {
    term *= (x / (2 * k)) ** 2;
    sum += term;
  }
  return sum;
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/**
 * The most recent samples of a stream, addressed by absolute sample index (counted from the start of the
 * stream). Live channels read back a little history from it: the speech onset the VAD reports after the fact,
 * and the first second of an utterance for early partials.
 */
export class AudioRing {
  private readonly data: Float32Array;
  private readonly mask: number;
  /** Absolute index one past the last sample written. */
  private written = 0;

  /** `capacity` is rounded up to a power of two. */
  constructor(capacity: number) {
    const size = 2 ** Math.ceil(Math.log2(Math.max(2, capacity)));
    this.data = new Float32Array(size);
    this.mask = size - 1;
  }

  get end(): number {
    return this.written;
  }

  /** The oldest absolute index still held. */
  get start(): number {
    return Math.max(0, this.written - this.data.length);
  }

  /** Appends samples; anything not finite (NaN, ±Infinity) is stored as silence. */
  write(samples: Float32Array): void {
    const source = samples.length > this.data.length ? samples.subarray(-this.data.length) : samples;
    this.written += samples.length - source.length;
    for (let i = 0; i < source.length; i++) {
      const value = source[i]!;
      this.data[(this.written + i) & this.mask] = Number.isFinite(value) ? value : 0;
    }
    this.written += source.length;
  }

  /** A copy of the samples [from, to) in absolute indices; they must still be held. */
  read(from: number, to: number): Float32Array {
    if (from < this.start || to > this.written || to < from) {
      throw new RangeError(`samples [${from}, ${to}) are not held (held: [${this.start}, ${this.written}))`);
    }
    const out = new Float32Array(to - from);
    const first = from & this.mask;
    const head = Math.min(out.length, this.data.length - first);
    out.set(this.data.subarray(first, first + head));
    if (head < out.length) out.set(this.data.subarray(0, out.length - head), head);
    return out;
  }
}

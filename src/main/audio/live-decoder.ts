import { ALAW_TO_LINEAR, ULAW_TO_LINEAR } from './g711';
import { bytesPerFrame, bytesPerSample, type LiveAudioFormat } from './live-format';
import { StreamResampler } from './resampler';
import { readWavHeader, type WavHeader } from './wav';

/** What one chunk of live audio decodes to. */
export interface LiveAudio {
  /**
   * One array per channel at 16 kHz, in [-1, 1]: for the recogniser and the VAD. When resampled it trails
   * `original` by under 2 ms (the filter's look-ahead, released by `flush()`); sample n is at n / 16000 s.
   */
  pcm16k: Float32Array[];
  /** Interleaved 16-bit PCM at the session's own rate and channel count: for the recording. */
  original: Int16Array;
}

/** Sample rate the recogniser and the VAD take. */
export const RECOGNISER_RATE = 16000;
/** How much of the stream may be held back while deciding whether it starts with a WAV header. */
const MAX_HEADER_BYTES = 4096;
const SIGNATURES = ['RIFF', 'RF64'].map((s) => Buffer.from(s, 'ascii'));
const WAVE = Buffer.from('WAVE', 'ascii');

/**
 * Decodes a live session's audio stream (spec §2.4) chunk by chunk. Chunks may end anywhere, even inside a
 * sample: the remainder waits for the next chunk. A RIFF/WAVE header at the very start of the stream is skipped
 * ("WAV headers optional on raw audio"), but the session's configured format is what the bytes are decoded as.
 */
export class LiveAudioDecoder {
  private readonly frameBytes: number;
  private readonly resamplers: StreamResampler[];
  private readonly toInt16: (bytes: Uint8Array, offset: number) => number;
  private readonly toFloat: (bytes: Uint8Array, offset: number) => number;
  /** Bytes held back: the start of the stream while sniffing for a header, then a partial frame. */
  private pending: Buffer = Buffer.alloc(0);
  private sniffing = true;
  private header: WavHeader | null = null;

  constructor(readonly format: LiveAudioFormat) {
    if (!Number.isInteger(format.channels) || format.channels < 1 || format.channels > 0xffff)
      throw new RangeError(`invalid channel count ${format.channels}`);
    if (format.encoding === 'wav/pcm' && ![8, 16, 24, 32].includes(format.bitDepth))
      throw new RangeError(`invalid bit depth ${format.bitDepth}`);
    this.frameBytes = bytesPerFrame(format);
    this.resamplers = Array.from(
      { length: format.channels },
      () => new StreamResampler(format.sampleRate, RECOGNISER_RATE),
    );
    [this.toInt16, this.toFloat] = sampleReaders(format);
  }

  /** The WAV header the stream started with, if any (for logging: the configured format still applies). */
  get wavHeader(): WavHeader | null {
    return this.header;
  }

  push(bytes: Uint8Array): LiveAudio {
    let data = this.pending.length > 0 ? Buffer.concat([this.pending, bytes]) : toBuffer(bytes);
    if (this.sniffing) {
      const start = this.sniff(data);
      if (start === null) {
        this.pending = Buffer.from(data);
        return this.decode(data, 0);
      }
      data = data.subarray(start);
    }
    const whole = data.length - (data.length % this.frameBytes);
    // Copied: the caller may reuse its buffer, and a view would pin a whole pooled one.
    this.pending = Buffer.from(data.subarray(whole));
    return this.decode(data, whole);
  }

  /**
   * End of stream: what the resamplers still hold (a trailing partial frame is dropped). The next push starts a
   * new stream.
   */
  flush(): LiveAudio {
    // Bytes still held while sniffing all looked like the start of a header: a truncated one is not audio.
    this.pending = Buffer.alloc(0);
    this.sniffing = true;
    this.header = null;
    return { pcm16k: this.resamplers.map((r) => r.flush()), original: new Int16Array(0) };
  }

  /**
   * Where the audio starts in `data` (the beginning of the stream so far): 0 without a header, the data chunk's
   * offset after one, or null while it cannot be told yet.
   */
  private sniff(data: Buffer): number | null {
    const maybeRiff = SIGNATURES.some((s) => startsAs(data, 0, s));
    const maybeWave = startsAs(data, 8, WAVE);
    if (!maybeRiff || !maybeWave || data.length >= MAX_HEADER_BYTES) {
      this.sniffing = false;
      const header = maybeRiff && maybeWave ? readWavHeader(data) : null;
      this.header = header;
      return header ? header.dataOffset : 0;
    }
    const header = readWavHeader(data);
    if (!header) return null;
    this.sniffing = false;
    this.header = header;
    return header.dataOffset;
  }

  /** Decodes the first `length` bytes of `data` (whole frames). */
  private decode(data: Uint8Array, length: number): LiveAudio {
    const { channels } = this.format;
    const frames = length / this.frameBytes;
    const width = bytesPerSample(this.format);
    const original = new Int16Array(frames * channels);
    const planar = Array.from({ length: channels }, () => new Float32Array(frames));
    for (let c = 0; c < channels; c++) {
      const channel = planar[c]!;
      for (let i = 0, o = c * width, j = c; i < frames; i++, o += this.frameBytes, j += channels) {
        original[j] = this.toInt16(data, o);
        channel[i] = this.toFloat(data, o);
      }
    }
    return { pcm16k: planar.map((samples, c) => this.resamplers[c]!.process(samples)), original };
  }
}

type Reader = (bytes: Uint8Array, offset: number) => number;

/** Readers of one sample as 16-bit PCM and as a float in [-1, 1] (at full precision for 24 and 32 bits). */
function sampleReaders(format: LiveAudioFormat): [Reader, Reader] {
  if (format.encoding !== 'wav/pcm') {
    const table = format.encoding === 'wav/alaw' ? ALAW_TO_LINEAR : ULAW_TO_LINEAR;
    return [(b, o) => table[b[o]!]!, (b, o) => table[b[o]!]! / 32768];
  }
  switch (format.bitDepth) {
    case 8: // unsigned, as WAV stores 8-bit PCM
      return [(b, o) => (b[o]! - 128) << 8, (b, o) => (b[o]! - 128) / 128];
    case 16: {
      const read: Reader = (b, o) => ((b[o]! | (b[o + 1]! << 8)) << 16) >> 16;
      return [read, (b, o) => read(b, o) / 32768];
    }
    case 24: {
      const read: Reader = (b, o) => ((b[o]! | (b[o + 1]! << 8) | (b[o + 2]! << 16)) << 8) >> 8;
      return [(b, o) => toInt16(read(b, o) / 256), (b, o) => read(b, o) / 8388608];
    }
    case 32: {
      const read: Reader = (b, o) => b[o]! | (b[o + 1]! << 8) | (b[o + 2]! << 16) | (b[o + 3]! << 24);
      return [(b, o) => toInt16(read(b, o) / 65536), (b, o) => read(b, o) / 2147483648];
    }
  }
}

function toInt16(x: number): number {
  return Math.min(32767, Math.round(x));
}

/** Whether the bytes of `data` from `offset` on agree with `expected` as far as there are any. */
function startsAs(data: Buffer, offset: number, expected: Buffer): boolean {
  const seen = data.subarray(offset, offset + expected.length);
  return seen.equals(expected.subarray(0, seen.length));
}

function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

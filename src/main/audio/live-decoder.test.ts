import { describe, expect, it } from 'vitest';
import { ALAW_TO_LINEAR, ULAW_TO_LINEAR } from './g711';
import { LiveAudioDecoder, type LiveAudio } from './live-decoder';
import { bytesPerSecond, type LiveAudioFormat } from './live-format';
import {
  chunks,
  concatFloat,
  concatInt16,
  encode,
  jfkSamples,
  linearToAlaw,
  linearToUlaw,
  sine,
  toneAmplitude,
} from './live-test-signals';
import { encodeWav } from './wav';

const pcm = (bitDepth: LiveAudioFormat['bitDepth'], sampleRate = 16000, channels = 1): LiveAudioFormat => ({
  encoding: 'wav/pcm',
  bitDepth,
  sampleRate,
  channels,
});
const g711 = (encoding: 'wav/alaw' | 'wav/ulaw', sampleRate = 16000, channels = 1): LiveAudioFormat => ({
  encoding,
  bitDepth: 8,
  sampleRate,
  channels,
});
const ALL_FORMATS = [pcm(8), pcm(16), pcm(24), pcm(32), g711('wav/alaw'), g711('wav/ulaw')];
const label = (f: LiveAudioFormat): string =>
  `${f.encoding}${f.encoding === 'wav/pcm' ? ` ${f.bitDepth}-bit` : ''} ${f.sampleRate} Hz ×${f.channels}`;

/** Decodes a whole stream pushed as `parts`, then flushes. */
function decodeAll(format: LiveAudioFormat, parts: Uint8Array[]): LiveAudio & { decoder: LiveAudioDecoder } {
  const decoder = new LiveAudioDecoder(format);
  const out = [...parts.map((p) => decoder.push(p)), decoder.flush()];
  return {
    decoder,
    pcm16k: Array.from({ length: format.channels }, (_, c) => concatFloat(out.map((o) => o.pcm16k[c]!))),
    original: concatInt16(out.map((o) => o.original)),
  };
}

/** Largest quantisation error of `format`, in 16-bit steps, for a sample of magnitude `v`. */
function tolerance(format: LiveAudioFormat, v: number): number {
  if (format.encoding !== 'wav/pcm') return Math.max(40, Math.abs(v) / 15); // G.711: 4 mantissa bits
  return format.bitDepth === 8 ? 256 : 1;
}

describe('G.711 tables', () => {
  it('hold the ITU-T reference values', () => {
    expect([0xd5, 0x55, 0xaa, 0x2a, 0x80, 0x00].map((b) => ALAW_TO_LINEAR[b])).toEqual([
      8, -8, 32256, -32256, 5504, -5504,
    ]);
    expect([0xff, 0x7f, 0x80, 0x00, 0xfe, 0x7e].map((b) => ULAW_TO_LINEAR[b])).toEqual([
      0, 0, 32124, -32124, 8, -8,
    ]);
  });

  it('invert the reference encoders on every code', () => {
    for (let b = 0; b < 256; b++) {
      expect(linearToAlaw(ALAW_TO_LINEAR[b]!)).toBe(b);
      // mu-law has two zeros (0xFF and 0x7F); the encoder picks +0.
      if (b !== 0x7f) expect(linearToUlaw(ULAW_TO_LINEAR[b]!)).toBe(b);
    }
  });
});

describe('LiveAudioDecoder', () => {
  const speech = jfkSamples();
  const speechFloat = Float32Array.from(speech, (v) => v / 32768);

  it.each(ALL_FORMATS.map((f) => [label(f), f] as const))('decodes %s', (_, format) => {
    const bytes = encode([speechFloat], format);
    const { original, pcm16k } = decodeAll(format, [bytes]);
    expect(original).toHaveLength(speech.length);
    expect(pcm16k[0]).toHaveLength(speech.length);
    for (let i = 0; i < speech.length; i++) {
      const expected = speech[i]!;
      const allowed = tolerance(format, expected);
      if (
        Math.abs(original[i]! - expected) > allowed ||
        Math.abs(pcm16k[0]![i]! * 32768 - expected) > allowed
      )
        throw new Error(`sample ${i}: ${original[i]} / ${pcm16k[0]![i]! * 32768} instead of ${expected}`);
    }
  });

  it('keeps 16-bit PCM exact and 24/32-bit PCM at full precision for the recogniser', () => {
    const bytes = Buffer.from(speech.buffer, speech.byteOffset, speech.byteLength);
    const { original, pcm16k } = decodeAll(pcm(16), [bytes]);
    expect(original).toEqual(speech);
    expect(pcm16k[0]).toEqual(speechFloat);

    const fine = Buffer.alloc(9);
    [0x7fffff, -0x800000, 0x000101].forEach((v, i) => fine.writeIntLE(v, 3 * i, 3));
    const { original: o24, pcm16k: f24 } = decodeAll(pcm(24), [fine]);
    expect(Array.from(o24)).toEqual([32767, -32768, 1]);
    expect(Array.from(f24[0]!)).toEqual([0x7fffff / 2 ** 23, -1, 0x101 / 2 ** 23].map(Math.fround));
    const { original: o32 } = decodeAll(pcm(32), [Buffer.from([0xff, 0xff, 0xff, 0x7f, 0, 0, 0, 0x80])]);
    expect(Array.from(o32)).toEqual([32767, -32768]);
    // 8-bit WAV PCM is unsigned: 128 is silence.
    const { original: o8 } = decodeAll(pcm(8), [Buffer.from([0, 128, 255])]);
    expect(Array.from(o8)).toEqual([-32768, 0, 32512]);
  });

  it.each([
    pcm(8, 48000, 3),
    pcm(16, 48000, 3),
    pcm(24, 44100, 3),
    pcm(32, 32000, 2),
    g711('wav/alaw', 8000, 2),
    g711('wav/ulaw', 16000, 5),
  ])('gives the same output however chunks split frames ($encoding $bitDepth-bit ×$channels)', (format) => {
    const frames = format.sampleRate / 5;
    const channels = Array.from({ length: format.channels }, (_, c) =>
      sine(300 * (c + 1), format.sampleRate, frames),
    );
    const bytes = encode(channels, format);
    const whole = decodeAll(format, [bytes]);
    for (let offset = 1; offset <= 7; offset++) {
      const split = decodeAll(format, chunks(bytes, [offset, 1009, offset + 6, 2]));
      expect(split.original).toEqual(whole.original);
      split.pcm16k.forEach((channel, c) => {
        expect(channel).toHaveLength(whole.pcm16k[c]!.length);
        expect(Math.max(...channel.map((v, i) => Math.abs(v - whole.pcm16k[c]![i]!)))).toBeLessThan(1e-6);
      });
    }
  });

  it('decodes a stream pushed one byte at a time', () => {
    const format = pcm(24, 48000, 2);
    const bytes = encode([sine(500, 48000, 480), sine(700, 48000, 480)], format);
    const split = decodeAll(format, chunks(bytes, [1]));
    expect(split.original).toEqual(decodeAll(format, [bytes]).original);
    expect(split.pcm16k[1]).toHaveLength(160);
  });

  it.each([2, 3, 4, 5, 6, 7, 8])('separates %i interleaved channels', (count) => {
    const format = pcm(16, 48000, count);
    const tones = Array.from({ length: count }, (_, c) => 250 * (c + 1));
    const { original, pcm16k } = decodeAll(format, [
      encode(
        tones.map((f) => sine(f, 48000, 48000)),
        format,
      ),
    ]);
    expect(original).toHaveLength(48000 * count);
    expect(pcm16k).toHaveLength(count);
    pcm16k.forEach((channel, c) => {
      expect(channel).toHaveLength(16000);
      tones.forEach((f) => expect(toneAmplitude(channel, f, 16000)).toBeCloseTo(f === tones[c] ? 0.5 : 0, 2));
    });
    // The original keeps the interleaving: frame 100, channel c is sine(250(c+1)) at sample 100.
    tones.forEach((f, c) =>
      expect(original[100 * count + c]).toBe(Math.round(sine(f, 48000, 101)[100]! * 32767)),
    );
  });

  it.each([8000, 32000, 44100, 48000])('resamples %i Hz to 16 kHz, keeping the original rate', (rate) => {
    const format = pcm(16, rate, 2);
    const seconds = 1.5;
    const left = sine(1000, rate, rate * seconds);
    const { original, pcm16k } = decodeAll(format, chunks(encode([left, left], format), [rate / 10]));
    expect(original).toHaveLength(rate * seconds * 2);
    for (const channel of pcm16k) {
      expect(Math.abs(channel.length - 16000 * seconds)).toBeLessThanOrEqual(seconds);
      expect(toneAmplitude(channel.subarray(400, -400), 1000, 16000)).toBeCloseTo(0.5, 2);
    }
  });

  describe('WAV headers', () => {
    const format = pcm(16, 16000, 1);
    const samples = speech.subarray(0, 8000);
    const raw = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
    const wav = encodeWav(samples, 16000);

    it('skips a header at the start of the stream', () => {
      const { original, decoder } = decodeAll(format, [wav]);
      expect(original).toEqual(samples);
      expect(decoder.wavHeader).toBeNull(); // flush() starts a new stream
      const live = new LiveAudioDecoder(format);
      expect(live.push(wav).original).toEqual(samples);
      expect(live.wavHeader).toMatchObject({ sampleRate: 16000, channels: 1, dataOffset: 44 });
    });

    it('finds a header split across chunks at any point', () => {
      for (let cut = 1; cut <= 60; cut++) {
        const { original } = decodeAll(format, [wav.subarray(0, cut), wav.subarray(cut)]);
        expect(original).toEqual(samples);
      }
      expect(decodeAll(format, chunks(wav, [1])).original).toEqual(samples);
      expect(decodeAll(format, chunks(wav, [3, 5])).original).toEqual(samples);
    });

    it('skips extra chunks before the data, and keeps the configured format over the header', () => {
      const list = Buffer.concat([Buffer.from('LIST'), Buffer.from([6, 0, 0, 0]), Buffer.from('INFOab')]);
      const stereoHeader = encodeWav(new Int16Array(2), 8000, 2).subarray(0, 36); // says 8 kHz stereo
      const stream = Buffer.concat([stereoHeader, list, Buffer.from('data'), Buffer.alloc(4), raw]);
      expect(decodeAll(format, chunks(stream, [50])).original).toEqual(samples);
    });

    it('treats a stream without a header as audio from its first byte', () => {
      expect(decodeAll(format, [raw]).original).toEqual(samples);
      // Audio whose first sample reads "RI" is still audio once the next bytes differ from "RIFF".
      const riffLike = Int16Array.from([0x4952, 0x0101, ...samples]);
      const bytes = Buffer.from(riffLike.buffer);
      expect(decodeAll(format, chunks(bytes, [1, 1, 1, 100])).original).toEqual(riffLike);
      // Nothing is held back once the bytes cannot be a WAV header, here a RIFF of another kind.
      const avi = Buffer.alloc(100);
      avi.write('RIFF\0\0\0\0AVI LIST', 0, 'latin1');
      expect(new LiveAudioDecoder(format).push(avi).original).toHaveLength(50);
    });

    it('decodes "RIFF....WAVE" without a data chunk in its first 4 KiB as audio', () => {
      const fake = Buffer.alloc(6000, 1);
      fake.write('RIFF', 0);
      fake.write('WAVE', 8);
      fake.write('JUNK', 12);
      fake.writeUInt32LE(100_000, 16);
      const { original } = decodeAll(format, chunks(fake, [1000]));
      expect(original).toHaveLength(3000);
      expect(original[2999]).toBe(0x0101);
    });

    it('drops a header cut short by the end of the stream', () => {
      const { original, pcm16k } = decodeAll(format, [wav.subarray(0, 30)]);
      expect(original).toHaveLength(0);
      expect(pcm16k[0]).toHaveLength(0);
    });

    it('looks for a header only at the start of the stream', () => {
      const decoder = new LiveAudioDecoder(format);
      decoder.push(raw);
      expect(decoder.push(wav).original).toHaveLength(wav.length / 2);
    });
  });

  it('returns empty arrays for empty chunks and drops a trailing partial frame', () => {
    const decoder = new LiveAudioDecoder(pcm(24, 48000, 2));
    const empty = decoder.push(new Uint8Array(0));
    expect(empty.original).toHaveLength(0);
    expect(empty.pcm16k.map((c) => c.length)).toEqual([0, 0]);
    expect(decoder.push(new Uint8Array(5)).original).toHaveLength(0);
    expect(decoder.flush().original).toHaveLength(0);
  });

  it('does not keep a reference to the caller’s buffer', () => {
    const decoder = new LiveAudioDecoder(pcm(16));
    const buffer = Buffer.from([1, 0, 2]);
    expect(Array.from(decoder.push(buffer).original)).toEqual([1]);
    buffer.fill(0xff);
    expect(Array.from(decoder.push(Buffer.from([0])).original)).toEqual([2]);
  });

  it('rejects formats it cannot decode', () => {
    expect(() => new LiveAudioDecoder({ ...pcm(16), channels: 0 })).toThrow(RangeError);
    expect(() => new LiveAudioDecoder({ ...pcm(16), channels: 1.5 })).toThrow(RangeError);
    expect(() => new LiveAudioDecoder({ ...pcm(16), bitDepth: 12 as 16 })).toThrow(RangeError);
    expect(() => new LiveAudioDecoder(pcm(16, 22051))).toThrow(RangeError);
  });

  it('computes bytes per second for acknowledgment time ranges', () => {
    expect(bytesPerSecond(pcm(16))).toBe(32000);
    expect(bytesPerSecond(pcm(24, 48000, 2))).toBe(288000);
    expect(bytesPerSecond(g711('wav/ulaw', 8000, 1))).toBe(8000);
    expect(bytesPerSecond({ ...g711('wav/alaw', 8000, 2), bitDepth: 16 })).toBe(16000);
  });
});

// Test helpers for the live audio tests: signals, and encoders written independently of the decoder (the
// encoding direction, after Sun's public-domain g711.c), so that a decoder bug cannot cancel itself out.
import { readFileSync } from 'node:fs';
import type { LiveAudioFormat } from './live-format';
import { JFK } from './test-fixtures';
import { readWavHeader } from './wav';

/** jfk.wav's samples (16 kHz mono s16). */
export function jfkSamples(): Int16Array {
  const file = readFileSync(JFK);
  const header = readWavHeader(file)!;
  const data = file.subarray(header.dataOffset, header.dataOffset + header.dataLength);
  return new Int16Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.length));
}

/** `frames` samples of a sine with the given peak, starting at phase 0. */
export function sine(frequency: number, sampleRate: number, frames: number, peak = 0.5): Float32Array {
  return Float32Array.from(
    { length: frames },
    (_, i) => peak * Math.sin((2 * Math.PI * frequency * i) / sampleRate),
  );
}

/** Encodes channels of floats in [-1, 1] as interleaved bytes of `format`. */
export function encode(channels: Float32Array[], format: LiveAudioFormat): Buffer {
  const width = format.encoding === 'wav/pcm' ? format.bitDepth / 8 : 1;
  const frames = channels[0]!.length;
  const out = Buffer.alloc(frames * channels.length * width);
  for (let i = 0; i < frames; i++) {
    channels.forEach((channel, c) => {
      const x = Math.max(-1, Math.min(1, channel[i]!));
      const o = (i * channels.length + c) * width;
      if (format.encoding === 'wav/alaw') out[o] = linearToAlaw(Math.round(x * 32767));
      else if (format.encoding === 'wav/ulaw') out[o] = linearToUlaw(Math.round(x * 32767));
      else if (width === 1) out[o] = Math.min(255, Math.round(x * 128) + 128);
      else out.writeIntLE(Math.round(x * (2 ** (8 * width - 1) - 1)), o, width);
    });
  }
  return out;
}

const ALAW_SEGMENT_ENDS = [0x1f, 0x3f, 0x7f, 0xff, 0x1ff, 0x3ff, 0x7ff, 0xfff];
const ULAW_SEGMENT_ENDS = [0x3f, 0x7f, 0xff, 0x1ff, 0x3ff, 0x7ff, 0xfff, 0x1fff];

function segment(value: number, ends: number[]): number {
  const found = ends.findIndex((end) => value <= end);
  return found < 0 ? ends.length : found;
}

export function linearToAlaw(pcm16: number): number {
  let pcm = pcm16 >> 3;
  let mask = 0xd5;
  if (pcm < 0) {
    mask = 0x55;
    pcm = -pcm - 1;
  }
  const seg = segment(pcm, ALAW_SEGMENT_ENDS);
  if (seg >= 8) return 0x7f ^ mask;
  const mantissa = seg < 2 ? (pcm >> 1) & 0x0f : (pcm >> seg) & 0x0f;
  return ((seg << 4) | mantissa) ^ mask;
}

export function linearToUlaw(pcm16: number): number {
  let pcm = pcm16 >> 2;
  let mask = 0xff;
  if (pcm < 0) {
    pcm = -pcm;
    mask = 0x7f;
  }
  pcm = Math.min(pcm, 8159) + (0x84 >> 2);
  const seg = segment(pcm, ULAW_SEGMENT_ENDS);
  if (seg >= 8) return 0x7f ^ mask;
  return ((seg << 4) | ((pcm >> (seg + 1)) & 0x0f)) ^ mask;
}

/** Splits `bytes` into chunks whose sizes cycle through `sizes`. */
export function chunks(bytes: Uint8Array, sizes: number[]): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const size = sizes[i % sizes.length]!;
    out.push(bytes.subarray(at, at + size));
    at += size;
  }
  return out;
}

export function concatFloat(parts: Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export function concatInt16(parts: Int16Array[]): Int16Array {
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Peak amplitude of the `frequency` component of `x` (sample rate `rate`), by correlation with sin and cos. */
export function toneAmplitude(x: Float32Array, frequency: number, rate: number): number {
  let i = 0;
  let q = 0;
  for (let n = 0; n < x.length; n++) {
    const w = (2 * Math.PI * frequency * n) / rate;
    i += x[n]! * Math.sin(w);
    q += x[n]! * Math.cos(w);
  }
  return (2 * Math.hypot(i, q)) / x.length;
}

export function rms(x: Float32Array): number {
  return Math.sqrt(x.reduce((sum, v) => sum + v * v, 0) / x.length);
}

export const dB = (ratio: number): number => 20 * Math.log10(ratio);

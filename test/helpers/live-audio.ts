import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { ffmpegPath } from '../../src/main/audio/binaries';
import { readWavHeader } from '../../src/main/audio/wav';

/** The PCM payload of a WAV file (header stripped). */
export function wavPayload(path: string): Buffer {
  const buf = readFileSync(path);
  const header = readWavHeader(buf);
  if (!header) throw new Error(`${path} is not a WAV file`);
  return buf.subarray(header.dataOffset, header.dataOffset + header.dataLength);
}

/** Raw audio in a live encoding, converted by ffmpeg: e.g. `['-f', 'alaw', '-ar', '8000']`. */
export function rawAudio(input: string | string[], outputArgs: string[]): Buffer {
  const inputs = (Array.isArray(input) ? input : [input]).flatMap((i) => ['-i', i]);
  return execFileSync(ffmpegPath(), ['-v', 'error', ...inputs, ...outputArgs, 'pipe:1'], {
    maxBuffer: 256 * 1024 * 1024,
  });
}

/** Splits audio into chunks of `seconds` at `bytesPerSecond`. */
export function chunks(audio: Buffer, bytesPerSecond: number, seconds = 0.1): Buffer[] {
  const size = Math.round(bytesPerSecond * seconds);
  const out: Buffer[] = [];
  for (let i = 0; i < audio.length; i += size) out.push(audio.subarray(i, i + size));
  return out;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

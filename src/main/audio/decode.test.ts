import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeAudio } from './decode';
import { AudioFormatError } from './errors';
import { FORMATS, JFK, JFK_SEC, makeFixtures } from './test-fixtures';
import { encodeWav, readWavHeader } from './wav';

let dir: string;
let at: (name: string) => string;
/** jfk.wav's own samples, scaled the way ffmpeg converts s16 to float. */
let reference: Float32Array;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'decode-test-'));
  at = await makeFixtures(dir);
  const wav = readFileSync(JFK);
  const header = readWavHeader(wav)!;
  const pcm = new Int16Array(
    wav.buffer.slice(
      wav.byteOffset + header.dataOffset,
      wav.byteOffset + header.dataOffset + header.dataLength,
    ),
  );
  reference = Float32Array.from(pcm, (s) => s / 32768);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SAMPLES = JFK_SEC * 16000;

describe('decodeAudio', () => {
  it('decodes a 16 kHz WAV to exactly its samples, mono by default', async () => {
    const audio = await decodeAudio(JFK);
    expect(audio.sampleRate).toBe(16000);
    expect(audio.channels).toHaveLength(1);
    expect(audio.durationSec).toBe(JFK_SEC);
    expect(firstDifference(audio.channels[0]!, reference)).toBe(-1);
  });

  it.each([...FORMATS, 'streamed.webm', 'jfk-8k.wav', 'jfk-48k.wav'])(
    'decodes %s to 16 kHz',
    async (name) => {
      const audio = await decodeAudio(at(name), { channels: 'keep' });
      expect(audio.channels).toHaveLength(1);
      const length = audio.channels[0]!.length;
      expect(Math.abs(length - SAMPLES)).toBeLessThan(0.1 * 16000);
      expect(audio.durationSec).toBe(length / 16000);
      // Still the speech: energy comparable to the original's (a broken decode gives silence or noise).
      const rms = (x: Float32Array): number => Math.sqrt(x.reduce((sum, v) => sum + v * v, 0) / x.length);
      expect(rms(audio.channels[0]!) / rms(reference)).toBeGreaterThan(0.8);
      expect(rms(audio.channels[0]!) / rms(reference)).toBeLessThan(1.25);
    },
  );

  it("keeps each channel with 'keep' and averages them with 'mix'", async () => {
    const kept = await decodeAudio(at('stereo.wav'), { channels: 'keep' });
    expect(kept.channels).toHaveLength(2);
    const [left, right] = kept.channels as [Float32Array, Float32Array];
    expect(firstDifference(left, reference)).toBe(-1);
    // The right channel is the 440 Hz tone: 880 zero crossings a second.
    let crossings = 0;
    for (let i = 1; i < right.length; i++) if (right[i - 1]! < 0 !== right[i]! < 0) crossings++;
    expect(crossings / JFK_SEC).toBeGreaterThan(870);
    expect(crossings / JFK_SEC).toBeLessThan(890);

    const mixed = await decodeAudio(at('stereo.wav'));
    expect(mixed.channels).toHaveLength(1);
    const mono = mixed.channels[0]!;
    expect(mono.length).toBe(left.length);
    let worst = 0;
    for (let i = 0; i < mono.length; i++)
      worst = Math.max(worst, Math.abs(mono[i]! - (left[i]! + right[i]!) / 2));
    expect(worst).toBeLessThan(1e-4);
  });

  it('keeps the first eight of more channels, in order', async () => {
    const audio = await decodeAudio(at('ten-channels.wav'), { channels: 'keep' });
    expect(audio.channels).toHaveLength(8);
    audio.channels.forEach((channel, c) => {
      expect(channel).toHaveLength(16000);
      expect(channel[8000]).toBeCloseTo(0.05 * (c + 1), 3);
    });
  });

  it('decodes the audio track of a video', async () => {
    const audio = await decodeAudio(at('jfk.mp4'), { channels: 'keep' });
    expect(audio.channels).toHaveLength(1);
    expect(Math.abs(audio.durationSec - JFK_SEC)).toBeLessThan(0.1);
  });

  it('decodes what is there when the WAV header claims more data', async () => {
    const audio = await decodeAudio(at('half.wav'));
    expect(firstDifference(audio.channels[0]!, reference.subarray(0, SAMPLES / 2))).toBe(-1);
  });

  it.each(['text.txt', 'noise.bin', 'image.png', 'video-only.mp4', 'empty.wav', 'header-only.wav'])(
    'rejects %s with AudioFormatError',
    async (name) => {
      const error = await decodeAudio(at(name)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AudioFormatError);
      expect((error as Error).message).not.toContain(dir);
    },
  );

  it('stops ffmpeg when aborted', async () => {
    // An hour of 48 kHz stereo silence in a sparse file: resampling it takes seconds, far past the abort below.
    const long = at('long.wav');
    const bytes = 3600 * 48000 * 2 * 2;
    const header = encodeWav(new Int16Array(0), 48000, 2);
    header.writeUInt32LE(36 + bytes, 4);
    header.writeUInt32LE(bytes, 40);
    writeFileSync(long, header);
    truncateSync(long, 44 + bytes);

    const before = Date.now();
    const reason = new Error('stop');
    const aborted = decodeAudio(long, { channels: 'keep', signal: abortAfter(150, reason) });
    await expect(aborted).rejects.toBe(reason);
    expect(Date.now() - before).toBeLessThan(1500);

    const already = new AbortController();
    already.abort(reason);
    await expect(decodeAudio(JFK, { signal: already.signal })).rejects.toBe(reason);
  });
});

/** Index of the first differing sample (or the shorter length when one is a prefix), -1 when identical. */
function firstDifference(a: Float32Array, b: Float32Array): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? -1 : Math.min(a.length, b.length);
}

function abortAfter(ms: number, reason: Error): AbortSignal {
  const controller = new AbortController();
  setTimeout(() => controller.abort(reason), ms);
  return controller.signal;
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AudioFormatError } from './errors';
import { probeAudio } from './probe';
import { FORMATS, JFK, JFK_SEC, makeFixtures } from './test-fixtures';

let dir: string;
let at: (name: string) => string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'probe-test-'));
  at = await makeFixtures(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('probeAudio', () => {
  it('describes the reference WAV', async () => {
    expect(await probeAudio(JFK)).toEqual({
      durationSec: JFK_SEC,
      channels: 1,
      sampleRate: 16000,
      codec: 'pcm_s16le',
      container: 'wav',
    });
  });

  const expected: Record<(typeof FORMATS)[number], { codec: string; container: RegExp }> = {
    'jfk.mp3': { codec: 'mp3', container: /^mp3$/ },
    'jfk.flac': { codec: 'flac', container: /^flac$/ },
    'jfk.ogg': { codec: 'opus', container: /^ogg$/ },
    'jfk.m4a': { codec: 'aac', container: /mp4/ },
    'jfk.webm': { codec: 'opus', container: /webm/ },
    'jfk.mp4': { codec: 'aac', container: /mp4/ },
    'jfk.mov': { codec: 'aac', container: /mov/ },
  };
  it.each(FORMATS)('reads %s (audio track of videos too)', async (name) => {
    const info = await probeAudio(at(name));
    expect(info.codec).toBe(expected[name].codec);
    expect(info.container).toMatch(expected[name].container);
    expect(info.channels).toBe(1);
    // The video track of the MP4/MOV is longer than the audio; the audio's own duration is reported.
    expect(Math.abs(info.durationSec - JFK_SEC)).toBeLessThan(0.1);
  });

  it('counts samples when the container has no duration', async () => {
    const info = await probeAudio(at('streamed.webm'));
    expect(Math.abs(info.durationSec - JFK_SEC)).toBeLessThan(0.1);
  });

  it('reports sample rates and channels of the input', async () => {
    expect(await probeAudio(at('jfk-8k.wav'))).toMatchObject({ sampleRate: 8000, channels: 1 });
    expect(await probeAudio(at('jfk-48k.wav'))).toMatchObject({ sampleRate: 48000, channels: 1 });
    const stereo = await probeAudio(at('stereo.wav'));
    expect(stereo).toMatchObject({ sampleRate: 16000, channels: 2 });
    expect(Math.abs(stereo.durationSec - JFK_SEC)).toBeLessThan(0.1);
  });

  it('takes a WAV whose header claims more data than present for what is there', async () => {
    const info = await probeAudio(at('half.wav'));
    expect(info.durationSec).toBeCloseTo(JFK_SEC / 2, 2);
  });

  it.each([
    // ffprobe reads text as the 'tty' (ANSI art) video format: a video-only input.
    ['text.txt', /invalid data|no audio stream/i],
    ['noise.bin', /invalid data/i],
    ['image.png', /no audio stream \(found: video\)/],
    ['video-only.mp4', /no audio stream \(found: video\)/],
    ['empty.wav', /invalid data/i],
    ['first-100-bytes.wav', /too short/],
    ['header-only.wav', /no audio samples/],
  ])('rejects %s with AudioFormatError', async (name, message) => {
    const error = await probeAudio(at(name)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AudioFormatError);
    expect((error as Error).message).toMatch(message);
    // Server paths stay out of messages that reach API clients.
    expect((error as Error).message).not.toContain(dir);
  });
});

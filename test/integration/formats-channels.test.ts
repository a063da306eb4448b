import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GladiaClient } from '@gladiaio/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegPath } from '../../src/main/audio/binaries';
import { FORMATS, makeFixtures } from '../../src/main/audio/test-fixtures';
import { wordErrorRate } from '../../src/main/engine/wer';
import { audio, AUDIO_DIR } from '../helpers/paths';
import { KEY, removeDir, startServerProcess, type ServerProcess } from '../helpers/server-process';

let server: ServerProcess;
let client: ReturnType<GladiaClient['preRecorded']>;
let scratch: string;
let fixture: (name: string) => string;
const JFK_REF = readFileSync(join(AUDIO_DIR, 'refs.tsv'), 'utf8').split('\n')[0]!.split('\t')[2]!;
const poll = { interval: 100, timeout: 60_000 };

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'lt-formats-'));
  [server, fixture] = await Promise.all([startServerProcess(), makeFixtures(scratch)]);
  client = new GladiaClient({ apiKey: KEY, apiUrl: server.url }).preRecorded();
}, 120_000);
afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
  removeDir(scratch);
});

describe('formats through the API', () => {
  it.each([...FORMATS, 'jfk-8k.wav', 'jfk-48k.wav'])('transcribes %s', async (name) => {
    const upload = await client.uploadFile(fixture(name));
    expect(upload.audio_metadata.extension).toBe(name.split('.').pop());
    expect(upload.audio_metadata.audio_duration).toBeCloseTo(11, 0);
    const job = await client.createAndPoll({ audio_url: upload.audio_url }, poll);
    const wer = wordErrorRate(JFK_REF, job.result!.transcription!.full_transcript);
    expect(wer, job.result!.transcription!.full_transcript).toBeLessThanOrEqual(0.3);
  });
});

describe('channels', () => {
  it('transcribes each channel of a two-speaker stereo file on its own', async () => {
    const stereo = join(scratch, 'two-channels.wav');
    execFileSync(ffmpegPath(), [
      '-v',
      'error',
      '-i',
      audio('jfk.wav'),
      '-i',
      audio('libri_0870.wav'),
      '-filter_complex',
      '[0:a]apad[l];[1:a]apad[r];[l][r]amerge=inputs=2[a]',
      '-map',
      '[a]',
      '-t',
      '16',
      stereo,
    ]);
    const job = await client.transcribe(stereo, undefined, poll);
    const { metadata, transcription } = job.result!;
    expect(metadata.number_of_distinct_channels).toBe(2);
    expect(metadata.billing_time).toBeCloseTo(metadata.audio_duration * 2, 2);
    expect(job.file!.number_of_channels).toBe(2);
    const text = (channel: number) =>
      transcription!.utterances
        .filter((u) => u.channel === channel)
        .map((u) => u.text)
        .join(' ');
    expect(wordErrorRate(JFK_REF, text(0))).toBeLessThanOrEqual(0.3);
    expect(text(1).toLowerCase()).toContain('dashwood');
    const starts = transcription!.utterances.map((u) => u.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('counts a stereo file with the same signal on both sides as one channel', async () => {
    const dual = join(scratch, 'dual-mono.wav');
    execFileSync(ffmpegPath(), ['-v', 'error', '-i', audio('jfk.wav'), '-ac', '2', dual]);
    const job = await client.transcribe(dual, undefined, poll);
    expect(job.result!.metadata.number_of_distinct_channels).toBe(1);
    expect(new Set(job.result!.transcription!.utterances.map((u) => u.channel))).toEqual(new Set([0]));
  });
});

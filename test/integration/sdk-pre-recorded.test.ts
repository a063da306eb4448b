import { readFileSync } from 'node:fs';
import { GladiaClient } from '@gladiaio/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wordErrorRate } from '../../src/main/engine/wer';
import { audio, AUDIO_DIR } from '../helpers/paths';
import { KEY, removeDir, startServerProcess, type ServerProcess } from '../helpers/server-process';

// The real npm client, unchanged, against the real server process, models and SQLite file.

let server: ServerProcess;
let client: ReturnType<GladiaClient['preRecorded']>;

const refs = readFileSync(`${AUDIO_DIR}/refs.tsv`, 'utf8')
  .trim()
  .split('\n')
  .map((line) => line.split('\t') as [string, string, string]);

beforeAll(async () => {
  server = await startServerProcess();
  client = new GladiaClient({ apiKey: KEY, apiUrl: server.url }).preRecorded();
});
afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
});

const poll = { interval: 200, timeout: 60_000 };

describe('pre-recorded jobs through @gladiaio/sdk', () => {
  it('uploads, transcribes every reference file within the WER bound, and keeps the job envelope complete', async () => {
    const rates: number[] = [];
    for (const [file, language, reference] of refs) {
      const job = await client.transcribe(
        audio(file),
        { language_config: { languages: [language as 'en'] } },
        poll,
      );
      expect(job.status).toBe('done');
      expect(job.kind).toBe('pre-recorded');
      const transcription = job.result!.transcription!;
      const wer = wordErrorRate(reference, transcription.full_transcript);
      console.log(`WER ${file}: ${(wer * 100).toFixed(1)}%  "${transcription.full_transcript}"`);
      rates.push(wer);
      expect(wer).toBeLessThanOrEqual(0.3);
      // Sentence case, not the model's upper case.
      expect(transcription.full_transcript[0]).toMatch(/[A-Z]/);
      expect(transcription.full_transcript.slice(1)).not.toMatch(/[A-Z]{3,}/);
      expect(transcription.languages).toEqual(['en']);
      for (const u of transcription.utterances) {
        expect(u.channel).toBe(0);
        expect(u.end).toBeGreaterThan(u.start);
        expect(u.text).toBe(u.words.map((w) => w.word).join(''));
        for (const w of u.words) {
          expect(w.start).toBeGreaterThanOrEqual(0);
          expect(w.end).toBeGreaterThanOrEqual(w.start);
          expect(w.end).toBeLessThanOrEqual(job.result!.metadata.audio_duration + 0.01);
          expect(w.confidence).toBeGreaterThan(0);
          expect(w.confidence).toBeLessThanOrEqual(1);
        }
      }
      const { metadata } = job.result!;
      expect(metadata.number_of_distinct_channels).toBe(1);
      expect(metadata.billing_time).toBeCloseTo(metadata.audio_duration, 2);
      expect(metadata.transcription_time).toBeGreaterThan(0);
      expect(job.file).toMatchObject({ filename: file, number_of_channels: 1 });
      for (const key of [
        'id',
        'request_id',
        'version',
        'created_at',
        'completed_at',
        'custom_metadata',
        'error_code',
        'post_session_metadata',
        'request_params',
      ]) {
        expect(job).toHaveProperty(key);
      }
      expect(job.request_params).toMatchObject({
        audio_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/file\//),
        model: 'solaria-1',
        subtitles: false,
      });
    }
    const mean = rates.reduce((a, b) => a + b, 0) / rates.length;
    console.log(`mean WER over ${rates.length} files: ${(mean * 100).toFixed(1)}%`);
    expect(mean).toBeLessThanOrEqual(0.2);
  });

  it('gets, lists with filters and links, downloads the file and deletes', async () => {
    const upload = await client.uploadFile(audio('libri_0880.wav'));
    expect(upload.audio_metadata).toMatchObject({
      filename: 'libri_0880.wav',
      extension: 'wav',
      number_of_channels: 1,
    });
    expect(upload.audio_metadata.audio_duration).toBeGreaterThan(1);
    const created = await client.create({
      audio_url: upload.audio_url,
      custom_metadata: { user: 'ann', tag: 'x' },
    });
    expect(created.result_url).toBe(`${server.url}/v2/pre-recorded/${created.id}`);
    const job = await client.poll(created.id, poll);
    expect(job.custom_metadata).toEqual({ user: 'ann', tag: 'x' });

    const page = await client.list({ limit: 1, custom_metadata: { user: 'ann' } });
    expect(page.items.map((j) => j.id)).toEqual([created.id]);
    expect(page.first).toMatch(new RegExp(`^${server.url}/v2/pre-recorded\\?`));
    expect(page.next).toBeNull();
    const all = await client.list({ limit: 1 });
    expect(all.items).toHaveLength(1);
    expect(all.next).toMatch(/offset=1/);
    const second = await client.list({ url: all.next! } as never);
    expect(second.items[0]!.id).not.toBe(all.items[0]!.id);
    expect((await client.list({ status: ['error'] })).items).toEqual([]);

    const file = Buffer.from(await client.getFile(created.id));
    expect(file.subarray(0, 4).toString()).toBe('RIFF');
    expect(file.length).toBe(upload.audio_metadata.size);

    expect(await client.delete(created.id)).toBe(true);
    await expect(client.get(created.id)).rejects.toMatchObject({ status: 404 });
    await expect(client.delete('00000000-0000-0000-0000-000000000000')).rejects.toMatchObject({
      status: 404,
    });
  });

  it('produces SRT and VTT subtitles from word timings', async () => {
    const job = await client.transcribe(
      audio('jfk.wav'),
      {
        subtitles: true,
        subtitles_config: {
          formats: ['srt', 'vtt'],
          maximum_characters_per_row: 20,
          maximum_rows_per_caption: 1,
        },
      },
      poll,
    );
    const subtitles = job.result!.transcription!.subtitles!;
    expect(subtitles.map((s) => s.format)).toEqual(['srt', 'vtt']);
    expect(subtitles[0]!.subtitles).toMatch(/^1\n00:00:\d\d,\d{3} --> 00:00:\d\d,\d{3}\n/);
    expect(subtitles[1]!.subtitles).toMatch(/^WEBVTT/);
    for (const line of subtitles[0]!.subtitles
      .split('\n')
      .filter((l) => /[a-z]/i.test(l) && !l.includes('-->'))) {
      expect(line.length).toBeLessThanOrEqual(20);
    }
  });
});

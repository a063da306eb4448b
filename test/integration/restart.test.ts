import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audio } from '../helpers/paths';
import { api, removeDir, startServerProcess, uploadFile, waitForJob } from '../helpers/server-process';

let scratch: string;
let longFile: string;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'lt-restart-'));
  longFile = join(scratch, 'long.wav');
  // About two minutes of speech: long enough to be mid-job when the process is killed.
  const inputs = Array.from({ length: 10 }, () => ['-i', audio('dialog_dev.wav')]).flat();
  const filter = `${Array.from({ length: 10 }, (_, i) => `[${i}:a]`).join('')}concat=n=10:v=0:a=1[a]`;
  execFileSync(ffmpeg.path, [
    '-v',
    'error',
    ...inputs,
    '-filter_complex',
    filter,
    '-map',
    '[a]',
    '-ar',
    '16000',
    longFile,
  ]);
});
afterAll(() => removeDir(scratch));

describe('crash and restart', () => {
  it('finishes every queued and processing job after a SIGKILL, on the same data folder', async () => {
    const first = await startServerProcess();
    const dataDir = first.dataDir;
    try {
      const audioUrl = await uploadFile(first.url, longFile);
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        ids.push((await api(first.url, 'POST', '/v2/pre-recorded', { audio_url: audioUrl })).body.id);
      }
      // Wait until the first job is really being processed, then kill without warning.
      for (;;) {
        const { body } = await api(first.url, 'GET', `/v2/pre-recorded/${ids[0]}`);
        if (body.status === 'processing') break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(await first.stop('SIGKILL')).toBe('SIGKILL');

      const second = await startServerProcess({ dataDir });
      try {
        for (const id of ids) {
          const job = await waitForJob(second.url, id, 120_000);
          expect(job.status).toBe('done');
          expect(job.result.transcription.utterances.length).toBeGreaterThan(10);
        }
        expect(readdirSync(join(dataDir, 'tmp'))).toEqual([]);
      } finally {
        await second.stop();
      }
    } finally {
      await first.stop('SIGKILL');
      removeDir(dataDir);
    }
  });

  it('on SIGTERM stops accepting work, lets the running job finish and exits 0', async () => {
    const server = await startServerProcess();
    try {
      const r = await api(server.url, 'POST', '/v2/pre-recorded', {
        audio_url: await uploadFile(server.url, audio('jfk.wav')),
      });
      for (;;) {
        const { body } = await api(server.url, 'GET', `/v2/pre-recorded/${r.body.id}`);
        if (body.status !== 'queued') break;
        await new Promise((res) => setTimeout(res, 20));
      }
      expect(await server.stop('SIGTERM')).toBe(0);
      await expect(fetch(`${server.url}/v2/pre-recorded`)).rejects.toThrow();

      const again = await startServerProcess({ dataDir: server.dataDir });
      try {
        const job = await waitForJob(again.url, r.body.id);
        expect(job.status).toBe('done');
      } finally {
        await again.stop();
      }
    } finally {
      removeDir(server.dataDir);
    }
  });
});

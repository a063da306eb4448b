import { readFileSync, readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audio } from '../helpers/paths';
import {
  api,
  KEY,
  OTHER_KEY,
  removeDir,
  startServerProcess,
  waitForJob,
  type ServerProcess,
} from '../helpers/server-process';

let server: ServerProcess;
let base: string;

beforeAll(async () => {
  server = await startServerProcess({ args: ['--max-upload-mb', '2', '--download-timeout', '2'] });
  base = server.url;
});
afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
});

function expectErrorBody(body: any, status: number, path: string) {
  expect(body).toMatchObject({ statusCode: status, path, request_id: expect.stringMatching(/^G-/) });
  expect(typeof body.message).toBe('string');
  expect(new Date(body.timestamp).getTime()).not.toBeNaN();
}

async function upload(bytes: Buffer, filename: string, key = KEY, field = 'audio') {
  const form = new FormData();
  form.append(field, new Blob([bytes], { type: 'application/octet-stream' }), filename);
  const response = await fetch(`${base}/v2/upload`, {
    method: 'POST',
    headers: { 'x-gladia-key': key },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as any };
}

const tmpFiles = () => readdirSync(join(server.dataDir, 'tmp'));

describe('authentication', () => {
  it('answers 401 with the error body for a missing or unknown key, on both header names', async () => {
    const missing = await api(base, 'GET', '/v2/pre-recorded', undefined, null);
    expect(missing.status).toBe(401);
    expectErrorBody(missing.body, 401, '/v2/pre-recorded');
    const unknown = await api(base, 'GET', '/v2/pre-recorded', undefined, 'not-a-real-key-123');
    expect(unknown.status).toBe(401);
    const alias = await fetch(`${base}/v2/pre-recorded`, { headers: { 'x-service-key': KEY } });
    expect(alias.status).toBe(200);
    expect(alias.headers.get('content-type')).toContain('application/json');
  });

  it("keeps one key's jobs from another key", async () => {
    const up = await upload(readFileSync(audio('jfk.wav')), 'jfk.wav');
    const created = await api(base, 'POST', '/v2/pre-recorded', { audio_url: up.body.audio_url });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const other = await api(base, 'GET', `/v2/pre-recorded/${id}`, undefined, OTHER_KEY);
    expect(other.status).toBe(401);
    expect(other.body.message).toMatch(/no permission/i);
    expect((await api(base, 'DELETE', `/v2/pre-recorded/${id}`, undefined, OTHER_KEY)).status).toBe(401);
    expect((await api(base, 'GET', '/v2/pre-recorded', undefined, OTHER_KEY)).body.items).toEqual([]);
    // Another key cannot use this key's upload either.
    const stolen = await api(base, 'POST', '/v2/pre-recorded', { audio_url: up.body.audio_url }, OTHER_KEY);
    expect(stolen.status).toBe(404);
    await waitForJob(base, id);
  });
});

describe('job creation', () => {
  it('rejects malformed JSON, non-object bodies and wrong content types with the error body', async () => {
    const bad = await api(base, 'POST', '/v2/pre-recorded', '{"audio_url": ');
    expect(bad.status).toBe(400);
    expectErrorBody(bad.body, 400, '/v2/pre-recorded');
    expect(bad.body.validation_errors).toEqual([expect.any(String)]);
    for (const body of ['[]', '"x"', 'null', '42']) {
      const r = await api(base, 'POST', '/v2/pre-recorded', body);
      expect(r.status, body).toBe(400);
      expect(r.body.validation_errors.length).toBeGreaterThan(0);
    }
    const text = await fetch(`${base}/v2/pre-recorded`, {
      method: 'POST',
      headers: { 'x-gladia-key': KEY, 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(text.status).toBe(415);
    expectErrorBody(await text.json(), 415, '/v2/pre-recorded');
  });

  it('reports every invalid field as a string in validation_errors', async () => {
    const r = await api(base, 'POST', '/v2/pre-recorded', {
      audio_url: 'ftp://example.com/a.wav',
      model: 'whisper-9',
      diarization: 'yes',
      subtitles_config: { formats: [], maximum_duration: 31, maximum_rows_per_caption: 6 },
      language_config: { languages: ['xx'] },
      callback: true,
      custom_metadata: 'nope',
      pii_redaction_config: { entity_types: ['NOT_A_TYPE'], processed_text_type: 'BLUR' },
      summarization_config: { type: 'long' },
      diarization_config: { number_of_speakers: -1 },
    });
    expect(r.status).toBe(400);
    expect(r.body.validation_errors.length).toBeGreaterThanOrEqual(10);
    for (const e of r.body.validation_errors) expect(typeof e).toBe('string');
    const joined = r.body.validation_errors.join('\n');
    for (const field of [
      'audio_url',
      'model',
      'diarization',
      'subtitles_config.formats',
      'maximum_duration',
      'languages',
      'custom_metadata',
      'entity_types',
      'processed_text_type',
      'summarization_config.type',
      'number_of_speakers',
    ]) {
      expect(joined).toContain(field);
    }
  });

  it('tolerates unknown and legacy fields and echoes them', async () => {
    const up = await upload(readFileSync(audio('libri_0890.wav')), 'libri_0890.wav');
    const r = await api(base, 'POST', '/v2/pre-recorded', {
      audio_url: up.body.audio_url,
      context_prompt: 'a talk',
      detect_language: true,
      enable_code_switching: false,
      something_new: { a: 1 },
    });
    expect(r.status).toBe(201);
    const job = await waitForJob(base, r.body.id);
    expect(job.status).toBe('done');
    expect(job.request_params).toMatchObject({ context_prompt: 'a talk', something_new: { a: 1 } });
  });

  it('refuses a model that is not installed with a clear 4xx, and an unknown upload id', async () => {
    const r = await api(base, 'POST', '/v2/pre-recorded', {
      audio_url: 'http://example.com/a.wav',
      model: 'solaria-3',
    });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    expect(r.body.message).toMatch(/install/i);
    const missing = await api(base, 'POST', '/v2/pre-recorded', {
      audio_url: `${base}/file/00000000-0000-0000-0000-000000000000`,
    });
    expect(missing.status).toBe(404);
  });

  it('ends a job whose audio_url cannot be fetched in error with an error_code', async () => {
    const refused = await api(base, 'POST', '/v2/pre-recorded', {
      audio_url: 'http://127.0.0.1:9/nothing.wav',
    });
    expect(refused.status).toBe(201);
    const job = await waitForJob(base, refused.body.id);
    expect(job).toMatchObject({ status: 'error', error_code: expect.any(Number), result: null });
    expect(job.error_code).toBeGreaterThanOrEqual(400);
    expect(job.completed_at).not.toBeNull();

    const http: Server = createServer((req, res) => {
      if (req.url === '/missing') {
        res.statusCode = 404;
        res.end();
      } else if (req.url === '/text') {
        res.end('this is not audio at all');
      } else setTimeout(() => res.end('late'), 10_000);
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    try {
      const codes: Record<string, number> = {};
      for (const path of ['/missing', '/text', '/slow']) {
        const r = await api(base, 'POST', '/v2/pre-recorded', { audio_url: `${origin}${path}` });
        const done = await waitForJob(base, r.body.id);
        expect(done.status).toBe('error');
        codes[path] = done.error_code;
      }
      expect(codes).toEqual({ '/missing': 400, '/text': 422, '/slow': 408 });
    } finally {
      http.closeAllConnections();
      http.close();
    }
    expect(tmpFiles()).toEqual([]);
  });
});

describe('upload', () => {
  it('rejects non-audio, truncated and empty files with a 4xx body and keeps nothing', async () => {
    const wav = readFileSync(audio('jfk.wav'));
    const cases: [string, Buffer][] = [
      ['notes.txt', Buffer.from('hello, this is a text file\n'.repeat(50))],
      ['noise.wav', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256))],
      ['empty.wav', Buffer.alloc(0)],
      ['truncated.wav', wav.subarray(0, 100)],
    ];
    const before = readdirSync(join(server.dataDir, 'audio')).length;
    for (const [name, bytes] of cases) {
      const r = await upload(bytes, name);
      expect(r.status, name).toBeGreaterThanOrEqual(400);
      expect(r.status, name).toBeLessThan(500);
      expectErrorBody(r.body, r.status, '/v2/upload');
    }
    expect(readdirSync(join(server.dataDir, 'audio')).length).toBe(before);
    expect(tmpFiles()).toEqual([]);
  });

  it('answers 413 over the size limit, 400 without an audio field', async () => {
    const big = await upload(Buffer.alloc(3_000_000, 1), 'big.wav');
    expect(big.status).toBe(413);
    expectErrorBody(big.body, 413, '/v2/upload');
    const wrongField = await upload(readFileSync(audio('jfk.wav')), 'jfk.wav', KEY, 'file');
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.validation_errors[0]).toMatch(/audio/);
    expect(tmpFiles()).toEqual([]);
  });

  it('accepts a trailing slash, as the Gladia CLI sends', async () => {
    const form = new FormData();
    form.append('audio', new Blob([readFileSync(audio('jfk.wav'))]), 'jfk.wav');
    const r = await fetch(`${base}/v2/upload/`, {
      method: 'POST',
      headers: { 'x-gladia-key': KEY },
      body: form,
    });
    expect(r.status).toBe(200);
  });
});

describe('reading jobs', () => {
  it('404s unknown jobs and unknown routes with the error body', async () => {
    const r = await api(base, 'GET', '/v2/pre-recorded/00000000-0000-0000-0000-000000000000');
    expect(r.status).toBe(404);
    expectErrorBody(r.body, 404, '/v2/pre-recorded/00000000-0000-0000-0000-000000000000');
    expect((await api(base, 'GET', '/v2/transcription/nope')).status).toBe(404);
    expect((await api(base, 'GET', '/v2/nothing-here')).status).toBe(404);
  });

  it('validates list queries', async () => {
    for (const q of [
      'limit=0',
      'offset=-1',
      'limit=abc',
      'status=finished',
      'date=2026-13-40',
      'custom_metadata={bad',
    ]) {
      const r = await api(base, 'GET', `/v2/pre-recorded?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.validation_errors.length, q).toBeGreaterThan(0);
    }
  });

  it('serves the deprecated /v2/transcription alias', async () => {
    const up = await upload(readFileSync(audio('jfk.wav')), 'jfk.wav');
    const r = await api(base, 'POST', '/v2/transcription/', { audio_url: up.body.audio_url });
    expect(r.status).toBe(201);
    expect(r.body.result_url).toBe(`${base}/v2/transcription/${r.body.id}`);
    await waitForJob(base, r.body.id);
    const viaAlias = await api(base, 'GET', `/v2/transcription/${r.body.id}`);
    expect(viaAlias.body).toMatchObject({ id: r.body.id, kind: 'pre-recorded', status: 'done' });
    const list = await api(base, 'GET', '/v2/transcription?limit=100');
    expect(list.body.items.map((j: any) => j.id)).toContain(r.body.id);
    const deleted = await api(base, 'DELETE', `/v2/transcription/${r.body.id}`);
    expect(deleted.status).toBe(202);
  });
});

import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audio } from '../helpers/paths';
import { startTestEndpoint, type TestEndpoint } from '../../src/main/addons/llm/test-endpoint';
import { translatingModel } from '../../src/main/addons/translation/test-translator';
import {
  api,
  KEY,
  OTHER_KEY,
  removeDir,
  startServerProcess,
  uploadFile,
  waitForJob,
  type ServerProcess,
} from '../helpers/server-process';

// The /app routes, the events WebSocket and the UI served at `/`, against the built headless server process.

let server: ServerProcess;

const errorShape = (path: string, statusCode: number) => ({
  timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
  path,
  request_id: expect.stringMatching(/^G-[0-9a-f]{8}$/),
  statusCode,
  message: expect.any(String),
});

function events(base: string, key: string | null) {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/app/events`);
  const received: { type: string; event?: string; payload?: any }[] = [];
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  socket.on('message', (data) => received.push(JSON.parse(data.toString())));
  const opened = new Promise<void>((resolve, reject) => {
    socket.on('open', () => {
      socket.send(key === null ? 'hello' : JSON.stringify({ type: 'auth', key }));
      resolve();
    });
    socket.on('error', reject);
  });
  return { socket, received, closed, opened };
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  server = await startServerProcess();
});

afterAll(async () => {
  await server?.stop();
  removeDir(server.dataDir);
});

describe('the UI at /', () => {
  it('serves index.html with a strict Content-Security-Policy, and its assets', async () => {
    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = page.headers.get('content-security-policy')!;
    console.log(`CSP: ${csp}`);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain(`ws://${new URL(server.url).host}`);
    const html = await page.text();
    expect(html).toBe(readFileSync(join(__dirname, '../../out/renderer/index.html'), 'utf8'));
    const script = /<script[^>]+src="\.?\/?(assets\/[^"]+\.js)"/.exec(html)![1]!;
    const asset = await fetch(`${server.url}/${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it('answers client-side routes with index.html, API paths and non-HTML requests with the API 404', async () => {
    const route = await fetch(`${server.url}/jobs/123`, { headers: { accept: 'text/html,*/*' } });
    expect(route.status).toBe(200);
    expect(route.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(await route.text()).toContain('<div id="root">');
    for (const path of ['/v2/nothing', '/app/nothing', '/app/jobs/x/nothing']) {
      const response = await fetch(`${server.url}${path}`, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject(errorShape(path, 404));
    }
    const missingAsset = await fetch(`${server.url}/assets/missing.js`);
    expect(missingAsset.status).toBe(404);
    expect(missingAsset.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

describe('authentication of /app routes', () => {
  it.each([
    ['GET', '/app/settings'],
    ['PATCH', '/app/settings'],
    ['POST', '/app/settings/regenerate-key'],
    ['POST', '/app/settings/llm/test'],
    ['GET', '/app/jobs'],
    ['GET', '/app/jobs/some-id'],
    ['GET', '/app/jobs/some-id/export'],
    ['GET', '/app/models'],
    ['POST', '/app/models/x/install'],
    ['DELETE', '/app/models/x'],
    ['GET', '/app/live/devices'],
    ['POST', '/app/live/sessions'],
  ])('%s %s answers 401 in the API error shape without a key or with a wrong one', async (method, path) => {
    const missing = await api(server.url, method, path, method === 'GET' ? undefined : {}, null);
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject(errorShape(path, 401));
    expect(missing.body.message).toMatch(/Missing API key/);
    const wrong = await api(server.url, method, path, method === 'GET' ? undefined : {}, 'not-a-key-000');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ ...errorShape(path, 401), message: 'API key not found' });
  });

  it('closes the events socket with 4401 for a bad key or a first message that is not auth', async () => {
    expect(await events(server.url, 'not-a-key-000').closed).toBe(4401);
    expect(await events(server.url, null).closed).toBe(4401);
  });
});

describe('jobs', () => {
  let id: string;

  beforeAll(async () => {
    const audioUrl = await uploadFile(server.url, audio('jfk.wav'));
    const created = await api(server.url, 'POST', '/v2/pre-recorded', {
      audio_url: audioUrl,
      subtitles: true,
    });
    id = created.body.id;
    await waitForJob(server.url, id);
  });

  it('lists summaries with text search, filters and pages, per key', async () => {
    const found = await api(server.url, 'GET', '/app/jobs?text=Country&status=done,error&kind=pre-recorded');
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ offset: 0, limit: 20, hasMore: false });
    expect(found.body.items).toHaveLength(1);
    expect(found.body.items[0]).toMatchObject({ id, filename: 'jfk.wav', status: 'done', progress: 1 });
    expect(found.body.items[0].excerpt.toLowerCase()).toContain('country');
    expect((await api(server.url, 'GET', '/app/jobs?text=giraffe')).body.items).toEqual([]);
    expect((await api(server.url, 'GET', '/app/jobs?kind=live')).body.items).toEqual([]);
    expect((await api(server.url, 'GET', '/app/jobs?from=2999-01-01')).body.items).toEqual([]);
    expect((await api(server.url, 'GET', '/app/jobs', undefined, OTHER_KEY)).body.items).toEqual([]);
    const bad = await api(server.url, 'GET', '/app/jobs?limit=500&status=finished&from=yesterday');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject(errorShape('/app/jobs', 400));
    expect(bad.body.validation_errors).toEqual(
      expect.arrayContaining([
        'Field "limit" must be less than or equal to 100',
        expect.stringMatching(/^Field "status.0" must be one of: queued, processing, done, error/),
        expect.stringMatching(/^Field "from"/),
      ]),
    );
  });

  it('gives the detail with progress and a playable signed audio link; other keys get 401', async () => {
    const detail = await api(server.url, 'GET', `/app/jobs/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.job).toMatchObject({ id, status: 'done', kind: 'pre-recorded' });
    expect(detail.body.progress).toBe(1);
    const played = await fetch(detail.body.audioUrl);
    expect(played.status).toBe(200);
    expect(Buffer.from(await played.arrayBuffer()).equals(readFileSync(audio('jfk.wav')))).toBe(true);
    const other = await api(server.url, 'GET', `/app/jobs/${id}`, undefined, OTHER_KEY);
    expect(other.status).toBe(401);
    expect(other.body).toMatchObject(errorShape(`/app/jobs/${id}`, 401));
  });

  it('exports SRT, VTT, TXT and JSON as downloads', async () => {
    const srt = await fetch(`${server.url}/app/jobs/${id}/export?format=srt`, {
      headers: { 'x-gladia-key': KEY },
    });
    expect(srt.status).toBe(200);
    expect(srt.headers.get('content-type')).toBe('application/x-subrip; charset=utf-8');
    expect(srt.headers.get('content-disposition')).toBe(
      `attachment; filename="jfk.srt"; filename*=UTF-8''jfk.srt`,
    );
    const srtText = await srt.text();
    expect(srtText).toMatch(/^1\n00:00:\d\d,\d{3} --> 00:00:\d\d,\d{3}\n/);
    // The job asked for SRT subtitles: the export is exactly those.
    const job = await api(server.url, 'GET', `/v2/pre-recorded/${id}`);
    expect(srtText).toBe(job.body.result.transcription.subtitles[0].subtitles);
    const vtt = await api(server.url, 'GET', `/app/jobs/${id}/export?format=vtt`);
    expect(vtt.body).toMatch(/^WEBVTT\n/);
    const txt = await api(server.url, 'GET', `/app/jobs/${id}/export?format=txt`);
    // One line per utterance, as in the transcript.
    expect(txt.body.trim().split('\n')).toEqual(
      job.body.result.transcription.utterances.map((u: { text: string }) => u.text.trim()),
    );
    const json = await api(server.url, 'GET', `/app/jobs/${id}/export?format=json`);
    expect(json.body).toEqual(job.body);
    const bad = await api(server.url, 'GET', `/app/jobs/${id}/export?format=docx`);
    expect(bad.status).toBe(400);
    expect(bad.body.validation_errors).toEqual(['Field "format" must be one of: txt, srt, vtt, json']);
  });
});

describe('settings of a headless server', () => {
  it('shows the caller’s key, keeps port and folders read-only, saves preferences', async () => {
    const mine = await api(server.url, 'GET', '/app/settings');
    expect(mine.body).toMatchObject({
      apiUrl: server.url,
      apiKey: KEY,
      keySource: 'configured',
      editable: { port: false, dataDir: false, modelsDir: false },
      restartRequired: false,
      runtime: { kind: 'server' },
      preferences: { defaultModel: 'solaria-1', defaultSubtitles: false },
    });
    expect((await api(server.url, 'GET', '/app/settings', undefined, OTHER_KEY)).body.apiKey).toBe(OTHER_KEY);
    const port = await api(server.url, 'PATCH', '/app/settings', { port: 9000 });
    expect(port.status).toBe(409);
    expect(port.body).toMatchObject({ ...errorShape('/app/settings', 409), code: 'setting_read_only' });
    const saved = await api(server.url, 'PATCH', '/app/settings', {
      preferences: { defaultSubtitles: true },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.preferences.defaultSubtitles).toBe(true);
    expect((await api(server.url, 'GET', '/app/settings')).body.preferences.defaultSubtitles).toBe(true);
    const bad = await api(server.url, 'PATCH', '/app/settings', { preferences: { colour: 'red' } });
    expect(bad.status).toBe(400);
    expect(bad.body.validation_errors).toEqual(['Field "preferences" has unknown keys: colour']);
    const regenerate = await api(server.url, 'POST', '/app/settings/regenerate-key');
    expect(regenerate.status).toBe(409);
    expect(regenerate.body.code).toBe('key_not_managed');
  });
});

describe('live capture on the server', () => {
  it('reports native capture unavailable and refuses to start with a clear error', async () => {
    const devices = await api(server.url, 'GET', '/app/live/devices');
    expect(devices.body).toEqual({
      devices: [],
      nativeCapture: { available: false, reason: expect.any(String) },
    });
    const start = await api(server.url, 'POST', '/app/live/sessions', { deviceId: 'native:default' });
    expect(start.status).toBe(501);
    expect(start.body).toMatchObject({
      ...errorShape('/app/live/sessions', 501),
      code: 'capture_unavailable',
    });
    expect(start.body.message).toMatch(/^Native audio capture is not available/);
    expect((await api(server.url, 'POST', '/app/live/sessions/abc/stop')).status).toBe(404);
  });
});

describe('a server with a generated key and its own models folder', () => {
  let second: ServerProcess;
  let modelsDir: string;
  const keyOf = (s: ServerProcess) => /API key: (\S+)/.exec(s.output())![1]!;

  beforeAll(async () => {
    modelsDir = mkdtempSync(join(tmpdir(), 'lt-app-models-'));
    second = await startServerProcess({
      apiKeys: [],
      args: ['--models-dir', modelsDir, '--models-mirror', join(__dirname, '../../../shared/models')],
    });
  });

  afterAll(async () => {
    await second?.stop();
    removeDir(second.dataDir);
    removeDir(modelsDir);
  });

  it('installs a model with progress on /app/events, then removes it', async () => {
    const key = keyOf(second);
    const feed = events(second.url, key);
    await feed.opened;
    await until(() => feed.received.some((m) => m.type === 'ready'), 'ready');
    const id = 'zipformer-gigaspeech-3.3m-en';
    const before = await api(second.url, 'GET', '/app/models', undefined, key);
    expect(before.body.find((m: any) => m.id === id)).toMatchObject({ installed: false, kind: 'streaming' });
    expect((await api(second.url, 'POST', `/app/models/${id}/install`, undefined, key)).status).toBe(202);
    await until(
      () => feed.received.some((m) => m.event === 'models:progress' && m.payload.phase === 'done'),
      'install done',
    );
    const progress = feed.received.filter((m) => m.event === 'models:progress').map((m) => m.payload);
    console.log(`events: ${progress.length} progress (${[...new Set(progress.map((p) => p.phase))]})`);
    expect(progress.every((p) => p.id === id)).toBe(true);
    expect(feed.received.some((m) => m.event === 'models:changed')).toBe(true);
    const after = await api(second.url, 'GET', '/app/models', undefined, key);
    expect(after.body.find((m: any) => m.id === id)).toMatchObject({ installed: true, installing: false });
    expect((await api(second.url, 'DELETE', `/app/models/${id}`, undefined, key)).status).toBe(204);
    const again = await api(second.url, 'DELETE', `/app/models/${id}`, undefined, key);
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject(errorShape(`/app/models/${id}`, 404));
    expect((await api(second.url, 'POST', '/app/models/nope/install', undefined, key)).status).toBe(404);
    feed.socket.close();
  });

  it('regenerates the key: the old key stops working, uploads stay with the new key, also after a restart', async () => {
    const old = keyOf(second);
    const audioUrl = await uploadFile(second.url, audio('libri_0880.wav'), old);
    const fileId = audioUrl.split('/').pop();
    const regenerated = await api(second.url, 'POST', '/app/settings/regenerate-key', undefined, old);
    expect(regenerated.status).toBe(200);
    const fresh = regenerated.body.apiKey as string;
    expect(regenerated.body.keySource).toBe('generated');
    expect(fresh).not.toBe(old);
    expect((await api(second.url, 'GET', '/app/settings', undefined, old)).status).toBe(401);
    expect((await api(second.url, 'GET', `/file/${fileId}`, undefined, fresh)).status).toBe(200);

    await second.stop();
    second = await startServerProcess({
      dataDir: second.dataDir,
      apiKeys: [],
      args: ['--models-dir', modelsDir],
    });
    expect(keyOf(second)).toBe(fresh);
    expect((await api(second.url, 'GET', `/file/${fileId}`, undefined, fresh)).status).toBe(200);
    expect((await api(second.url, 'GET', '/app/jobs', undefined, old)).status).toBe(401);
  });
});

describe('the language model setting of a headless server started without --llm-url', () => {
  let endpoint: TestEndpoint;

  beforeAll(async () => {
    endpoint = await startTestEndpoint(translatingModel('OK'), { models: ['test-model', 'other-model'] });
  });

  afterAll(async () => {
    await endpoint?.close();
  });

  it('validates, tests, saves and applies the endpoint to the next job, then removes it', async () => {
    expect((await api(server.url, 'GET', '/app/settings')).body.llm).toEqual({
      url: null,
      model: null,
      apiKeySet: false,
      timeoutS: 120,
      contextChars: 8000,
      source: 'none',
    });
    const bad = await api(server.url, 'PATCH', '/app/settings', { llm: { url: 'ftp://127.0.0.1/v1' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject(errorShape('/app/settings', 400));
    expect(bad.body.validation_errors).toEqual(['Field "llm.url" must be a valid http(s) URL']);
    const badTest = await api(server.url, 'POST', '/app/settings/llm/test', { url: 'localhost' });
    expect(badTest.status).toBe(400);
    expect(badTest.body.validation_errors).toEqual(['Field "llm.url" must be a valid http(s) URL']);

    const tested = await api(server.url, 'POST', '/app/settings/llm/test', { url: endpoint.url });
    expect(tested.status).toBe(200);
    expect(tested.body).toMatchObject({
      ok: true,
      models: ['test-model', 'other-model'],
      model: 'test-model',
      error: null,
    });
    const failed = await api(server.url, 'POST', '/app/settings/llm/test', {
      url: endpoint.url,
      model: 'missing-model',
    });
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ ok: false, model: 'missing-model' });
    expect(failed.body.error).toMatch(/answered 404/);

    const saved = await api(server.url, 'PATCH', '/app/settings', {
      llm: { url: endpoint.url, model: 'other-model', apiKey: 'sk-route-secret' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.llm).toMatchObject({ url: endpoint.url, model: 'other-model', apiKeySet: true });
    expect(JSON.stringify(saved.body)).not.toContain('sk-route-secret');

    const before = endpoint.requests.length;
    const created = await api(server.url, 'POST', '/v2/pre-recorded', {
      audio_url: await uploadFile(server.url, audio('jfk.wav')),
      translation: true,
      translation_config: { target_languages: ['fr'] },
    });
    expect(created.status).toBe(201);
    const job = await waitForJob(server.url, created.body.id, 120_000);
    expect(job.result.translation).toMatchObject({ success: true, error: null });
    console.log(`translated after a Settings change: ${job.result.translation.results[0].full_transcript}`);
    const used = endpoint.requests.slice(before);
    expect(used.length).toBeGreaterThan(0);
    expect(used.every((r) => r.model === 'other-model' && r.authorization === 'Bearer sk-route-secret')).toBe(
      true,
    );

    const removed = await api(server.url, 'PATCH', '/app/settings', { llm: null });
    expect(removed.body.llm).toMatchObject({ url: null, source: 'none', apiKeySet: false });
  });
});

import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf } from '../../test/helpers/bridge-errors';
import { audio, MODELS_DIR } from '../../test/helpers/paths';
import { aesCodec } from '../../test/helpers/secret-codec';
import { wavPayload } from '../../test/helpers/live-audio';
import { connect, send } from '../../test/helpers/live-socket';
import type { IpcHandlers } from '../shared/ipc/contract';
import { startTestEndpoint, type TestEndpoint } from './addons/llm/test-endpoint';
import { translatingModel } from './addons/translation/test-translator';
import { parseConfig } from './config';
import { createIpcHandlers } from './ipc/handlers';
import { LlmSettingsStore } from './llm-settings';
import { startServer, type RunningServer } from './server';

// The language-model endpoint as a setting of the app, over the real core (SQLite in a temp folder, the real
// engine and models) and two OpenAI-compatible endpoints on loopback: saved, tested, applied to the next job and
// live session without a restart, kept across one, and read-only when the server's flags set it.

const SECRET = 'sk-secret-0123456789';

const model = translatingModel('OK');

let endpoint: TestEndpoint;
let other: TestEndpoint;
let dataDir: string;
let server: RunningServer;
let h: IpcHandlers;
let audioUrl: string;
const codec = aesCodec();
const logged: string[] = [];

const configFor = (dir: string, extra: string[] = []) =>
  parseConfig(['--data-dir', dir, '--models-dir', MODELS_DIR, '--port', '0', '--workers', '1', ...extra], {})
    .config;

const start = (dir: string, extra: string[] = []) =>
  startServer(configFor(dir, extra), (message) => logged.push(message), {
    runtime: { kind: 'desktop', version: '9.9.9' },
    desktopConfigFile: join(dir, 'settings.json'),
    secretCodec: codec,
  });

/** A pre-recorded job of jfk.wav translated into French; its translation block. */
async function translationJob(): Promise<any> {
  const { id } = await h['jobs:create']({
    audio_url: audioUrl,
    translation: true,
    translation_config: { target_languages: ['fr'] },
  } as never);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const detail = await h['jobs:get'](id);
    if (detail.job.status === 'done') return (detail.job.result as Record<string, any>).translation;
    if (detail.job.status === 'error') throw new Error(`job failed: ${JSON.stringify(detail.job)}`);
    if (Date.now() > deadline) throw new Error(`job ${id} still ${detail.job.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  endpoint = await startTestEndpoint(model, { models: ['test-model', 'other-model'] });
  other = await startTestEndpoint(model);
  dataDir = mkdtempSync(join(tmpdir(), 'lt-llm-settings-'));
  server = await start(dataDir);
  h = createIpcHandlers(server.services);
  audioUrl = (await h['files:upload-path'](audio('jfk.wav'))).audioUrl;
});

afterAll(async () => {
  await server?.close();
  await Promise.all([endpoint?.close(), other?.close()]);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the language model as a setting of the app', () => {
  it('starts with none: the add-ons say where to set one and the test call says none is set', async () => {
    expect((await h['settings:get']()).llm).toEqual({
      url: null,
      model: null,
      apiKeySet: false,
      timeoutS: 120,
      contextChars: 8000,
      source: 'none',
    });
    expect(await h['settings:test-llm']({})).toMatchObject({ ok: false, error: 'No endpoint URL is set' });
    const translation = await translationJob();
    expect(translation).toMatchObject({ success: false, error: { status_code: 501 } });
    expect(translation.error.message).toContain("set the language model in the app's Settings");
  });

  it('rejects invalid endpoints with one sentence per field', async () => {
    const bad = await errorOf(() =>
      h['settings:update']({ llm: { url: 'ftp://127.0.0.1/v1', timeoutS: -1, contextChars: 10 } }),
    );
    expect(bad.status).toBe(400);
    expect(bad.validationErrors).toEqual([
      'Field "llm.url" must be a valid http(s) URL',
      'Field "llm.timeoutS" must be greater than 0',
      'Field "llm.contextChars" must be greater than or equal to 1000',
    ]);
    expect(
      (await errorOf(() => h['settings:update']({ llm: { model: 'test-model' } }))).validationErrors,
    ).toEqual(['Field "llm.url" is required: there is no saved endpoint to change']);
    const test = await errorOf(() => h['settings:test-llm']({ url: 'not a url' }));
    expect(test).toMatchObject({
      status: 400,
      validationErrors: ['Field "llm.url" must be a valid http(s) URL'],
    });
    expect((await h['settings:get']()).llm.source).toBe('none');
  });

  it('tests an endpoint before it is saved: lists its models and runs a one-token completion', async () => {
    const result = await h['settings:test-llm']({ url: endpoint.url, apiKey: 'sk-draft-key' });
    console.log(`test connection: ${JSON.stringify(result)}`);
    expect(result).toMatchObject({
      ok: true,
      models: ['test-model', 'other-model'],
      model: 'test-model',
      error: null,
    });
    expect(endpoint.requests.at(-1)).toMatchObject({
      model: 'test-model',
      max_tokens: 1,
      authorization: 'Bearer sk-draft-key',
    });
    const missing = await h['settings:test-llm']({ url: endpoint.url, model: 'no-such-model' });
    expect(missing).toMatchObject({
      ok: false,
      model: 'no-such-model',
      models: ['test-model', 'other-model'],
    });
    expect(missing.error).toContain('answered 404 (check the model in Settings');
    const down = await h['settings:test-llm']({ url: 'http://127.0.0.1:9/v1' });
    expect(down).toMatchObject({ ok: false, models: [], model: null });
    expect(down.error).toContain('Could not reach the language model endpoint at http://127.0.0.1:9/v1');
    expect((await h['settings:get']()).llm.source).toBe('none');
  });

  it('saves the endpoint and the next job translates, without a restart; the key is never shown', async () => {
    const saved = await h['settings:update']({
      llm: { url: endpoint.url, model: 'test-model', apiKey: SECRET, timeoutS: 30 },
    });
    expect(saved.llm).toEqual({
      url: endpoint.url,
      model: 'test-model',
      apiKeySet: true,
      timeoutS: 30,
      contextChars: 8000,
      source: 'settings',
    });
    expect(JSON.stringify(saved)).not.toContain(SECRET);
    const file = join(dataDir, 'llm.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).not.toContain(SECRET);

    const before = endpoint.requests.length;
    const translation = await translationJob();
    expect(translation).toMatchObject({ success: true, error: null });
    const french = translation.results[0].full_transcript as string;
    console.log(`translated: ${french}`);
    expect(translation.results[0].languages).toEqual(['fr']);
    expect(french).toMatch(/\b(pour|et)\b/i);
    const used = endpoint.requests.slice(before);
    expect(used.length).toBeGreaterThan(0);
    expect(used.every((r) => r.model === 'test-model' && r.authorization === `Bearer ${SECRET}`)).toBe(true);
  });

  it('tests the saved endpoint with its key, and never sends that key to another address', async () => {
    expect(await h['settings:test-llm']({})).toMatchObject({ ok: true, model: 'test-model' });
    expect(endpoint.requests.at(-1)!.authorization).toBe(`Bearer ${SECRET}`);
    expect(await h['settings:test-llm']({ url: other.url, model: null })).toMatchObject({
      ok: true,
      models: ['test-model'],
    });
    expect(other.requests.at(-1)!.authorization).not.toContain(SECRET);
  });

  it('applies a changed model to the next job and keeps the key', async () => {
    const changed = await h['settings:update']({ llm: { model: 'other-model' } });
    expect(changed.llm).toMatchObject({ model: 'other-model', apiKeySet: true, url: endpoint.url });
    const before = endpoint.requests.length;
    expect(await translationJob()).toMatchObject({ success: true });
    const used = endpoint.requests.slice(before);
    expect(used.length).toBeGreaterThan(0);
    expect(used.every((r) => r.model === 'other-model')).toBe(true);
  });

  it('gives live sessions the endpoint current when they start', async () => {
    const key = server.keys.primary().key;
    const init = await fetch(`${server.url}/v2/live`, {
      method: 'POST',
      headers: { 'x-gladia-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({
        endpointing: 0.3,
        realtime_processing: { translation: true, translation_config: { target_languages: ['fr'] } },
      }),
    });
    expect(init.status).toBe(201);
    const socket = await connect(((await init.json()) as { url: string }).url);
    await send(socket, wavPayload(audio('jfk.wav')), 32000);
    socket.ws.send(JSON.stringify({ type: 'stop_recording' }));
    expect((await socket.closed).code).toBe(1000);
    const translations = socket.messages.filter((m) => m.type === 'translation');
    console.log(
      `live translations: ${translations.map((m) => m.data.translated_utterance.text).join(' | ')}`,
    );
    expect(translations.length).toBeGreaterThan(0);
    for (const m of translations) expect(m.error).toBeNull();
  });

  it('keeps the endpoint across a restart; the key needs the codec it was stored with', async () => {
    await server.close();
    server = await start(dataDir);
    h = createIpcHandlers(server.services);
    expect((await h['settings:get']()).llm).toMatchObject({
      url: endpoint.url,
      model: 'other-model',
      apiKeySet: true,
      timeoutS: 30,
      source: 'settings',
    });
    expect(await h['settings:test-llm']({})).toMatchObject({ ok: true, model: 'other-model' });
    expect(endpoint.requests.at(-1)!.authorization).toBe(`Bearer ${SECRET}`);

    const withoutCodec = new LlmSettingsStore(configFor(dataDir), join(dataDir, 'llm.json'), undefined, (m) =>
      logged.push(m),
    );
    expect(withoutCodec.view()).toMatchObject({ url: endpoint.url, apiKeySet: false, source: 'settings' });
    expect(logged.some((m) => m.includes('API key cannot be read'))).toBe(true);
  });

  it('drops the key when the address changes without a new one, and turns the add-ons off when cleared', async () => {
    const moved = await h['settings:update']({ llm: { url: other.url, model: null } });
    expect(moved.llm).toMatchObject({ url: other.url, model: null, apiKeySet: false });
    expect(await translationJob()).toMatchObject({ success: true });
    expect(other.requests.at(-1)).toMatchObject({ model: 'test-model', authorization: 'Bearer no-key' });

    const cleared = await h['settings:update']({ llm: null });
    expect(cleared.llm).toMatchObject({ url: null, source: 'none', apiKeySet: false });
    expect(existsSync(join(dataDir, 'llm.json'))).toBe(false);
    expect(await translationJob()).toMatchObject({ success: false, error: { status_code: 501 } });
  });
});

describe('a server whose flags set the language model', () => {
  let flagged: RunningServer;
  let flagDir: string;

  beforeAll(async () => {
    flagDir = mkdtempSync(join(tmpdir(), 'lt-llm-flags-'));
    flagged = await start(flagDir, ['--llm-url', other.url, '--llm-model', 'test-model']);
  });

  afterAll(async () => {
    await flagged?.close();
    rmSync(flagDir, { recursive: true, force: true });
  });

  it('shows the flags’ endpoint, refuses changes with 409, and still tests it', async () => {
    const f = createIpcHandlers(flagged.services);
    expect((await f['settings:get']()).llm).toEqual({
      url: other.url,
      model: 'test-model',
      apiKeySet: false,
      timeoutS: 120,
      contextChars: 8000,
      source: 'flags',
    });
    for (const llm of [{ url: endpoint.url }, null]) {
      const refused = await errorOf(() => f['settings:update']({ llm }));
      expect(refused).toMatchObject({ status: 409, code: 'setting_read_only' });
      expect(refused.message).toContain('--llm-url');
    }
    expect(existsSync(join(flagDir, 'llm.json'))).toBe(false);
    expect(await f['settings:test-llm']({})).toMatchObject({ ok: true, model: 'test-model' });
    // Other settings stay editable.
    const saved = await f['settings:update']({ preferences: { defaultSubtitles: true } });
    expect(saved.preferences.defaultSubtitles).toBe(true);
  });
});

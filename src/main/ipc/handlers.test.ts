import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf } from '../../../test/helpers/bridge-errors';
import { audio, MODELS_DIR } from '../../../test/helpers/paths';
import { chunks, sleep, wavPayload } from '../../../test/helpers/live-audio';
import type { BridgeEventName, BridgeEvents, IpcHandlers } from '../../shared/ipc/contract';
import { parseConfig } from '../config';
import { ModelManager } from '../engine/model-manager';
import { startServer, type RunningServer } from '../server';
import type { CaptureProvider } from './capture';
import { createIpcHandlers } from './handlers';

// The IPC handlers as Electron's ipcMain would call them, over the real core: SQLite in a temp folder, the real
// engine and models, the real model manager (mirror: ../shared/models), and a real loopback server for the links
// and WebSockets the handlers hand out.

let dataDir: string;
let modelsTarget: string;
let server: RunningServer;
let h: IpcHandlers;
const events: { event: BridgeEventName; payload: unknown }[] = [];

/** Plays a WAV file as a capture device would deliver it: 100 ms of s16le PCM at a time, 5x faster than real time. */
const wavCapture = (path: string): CaptureProvider => ({
  availability: async () => ({ available: true, reason: null }),
  listDevices: async () => [{ id: 'wav', label: `WAV ${path}`, isDefault: true }],
  open: async (_id, format, handlers) => {
    let stopped = false;
    void (async () => {
      for (const chunk of chunks(wavPayload(path), format.sampleRate * 2)) {
        if (stopped) return;
        handlers.onData(chunk);
        await sleep(20);
      }
      if (!stopped) handlers.onEnd();
    })();
    return {
      stop: async () => {
        stopped = true;
      },
    };
  },
});

async function waitDone(id: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const detail = await h['jobs:get'](id);
    if (detail.job.status === 'done' || detail.job.status === 'error') return detail;
    if (Date.now() > deadline) throw new Error(`job ${id} still ${detail.job.status}`);
    await sleep(100);
  }
}

function eventsOf<K extends BridgeEventName>(name: K): BridgeEvents[K][] {
  return events.filter((e) => e.event === name).map((e) => e.payload as BridgeEvents[K]);
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'lt-ipc-'));
  modelsTarget = mkdtempSync(join(tmpdir(), 'lt-ipc-models-'));
  const { config } = parseConfig(
    ['--data-dir', dataDir, '--models-dir', MODELS_DIR, '--port', '0', '--workers', '1'],
    {},
  );
  server = await startServer(config, () => {}, {
    runtime: { kind: 'desktop', version: '9.9.9' },
    desktopConfigFile: join(dataDir, 'settings.json'),
    models: new ModelManager({ modelsDir: modelsTarget, mirror: MODELS_DIR }),
    capture: wavCapture(audio('jfk.wav')),
  });
  server.services.bus.subscribe((event, payload) => events.push({ event, payload }));
  h = createIpcHandlers(server.services);
});

afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(modelsTarget, { recursive: true, force: true });
});

describe('files and jobs', () => {
  let jobId: string;

  it('uploads a file by path, transcribes it and finds it by its words', async () => {
    const file = await h['files:upload-path'](audio('jfk.wav'));
    expect(file).toMatchObject({ filename: 'jfk.wav', extension: 'wav', channels: 1 });
    expect(file.durationS).toBeCloseTo(11, 0);
    expect(file.audioUrl).toBe(`${server.url}/file/${file.id}`);

    const created = await h['jobs:create']({ audio_url: file.audioUrl, subtitles: true });
    jobId = created.id;
    const detail = await waitDone(jobId);
    expect(detail.job.status).toBe('done');
    expect(detail.progress).toBe(1);
    const transcript = detail.job.result!.transcription!.full_transcript.toLowerCase();
    console.log(`jfk.wav transcript: ${transcript}`);
    expect(transcript).toContain('country');
    expect(detail.job.file?.filename).toBe('jfk.wav');

    const page = await h['jobs:list']({ text: 'COUNTRY' });
    expect(page.items.map((j) => j.id)).toContain(jobId);
    const row = page.items.find((j) => j.id === jobId)!;
    expect(row).toMatchObject({
      kind: 'pre-recorded',
      status: 'done',
      filename: 'jfk.wav',
      model: 'solaria-1',
    });
    expect(row.excerpt!.toLowerCase()).toContain('country');
    expect((await h['jobs:list']({ text: 'zebra crossing' })).items).toEqual([]);
    expect((await h['jobs:list']({ text: 'jfk' })).items.map((j) => j.id)).toContain(jobId);
    expect((await h['jobs:list']({ kind: 'live' })).items.map((j) => j.id)).not.toContain(jobId);
    expect((await h['jobs:list']({ status: ['error'] })).items).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await h['jobs:list']({ from: today, to: today })).items.map((j) => j.id)).toContain(jobId);
    expect((await h['jobs:list']({ from: tomorrow })).items).toEqual([]);
    expect((await h['jobs:list']({ to: '2000-01-01' })).items).toEqual([]);
  });

  it('pages with offset and limit', async () => {
    const file = await h['files:upload-path'](audio('libri_0880.wav'));
    const second = await h['jobs:create']({ audio_url: file.audioUrl });
    await waitDone(second.id);
    const first = await h['jobs:list']({ limit: 1 });
    expect(first.items.map((j) => j.id)).toEqual([second.id]);
    expect(first.hasMore).toBe(true);
    const next = await h['jobs:list']({ limit: 1, offset: 1 });
    expect(next.items.map((j) => j.id)).toEqual([jobId]);
    expect(next.hasMore).toBe(false);
  });

  it('exports TXT, SRT, VTT and JSON', async () => {
    const txt = await h['jobs:export'](jobId, 'txt');
    expect(txt).toMatchObject({ filename: 'jfk.txt', mimeType: 'text/plain; charset=utf-8' });
    expect(txt.content.toLowerCase()).toContain('country');
    const srt = await h['jobs:export'](jobId, 'srt');
    expect(srt.filename).toBe('jfk.srt');
    expect(srt.content).toMatch(/^1\n\d\d:\d\d:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}\n/);
    const vtt = await h['jobs:export'](jobId, 'vtt');
    expect(vtt.content).toMatch(/^WEBVTT\n\n\d\d:\d\d:\d\d\.\d{3} --> /);
    const json = JSON.parse((await h['jobs:export'](jobId, 'json')).content);
    expect(json).toMatchObject({ id: jobId, status: 'done', kind: 'pre-recorded' });
  });

  it('hands out a signed audio link that plays and seeks, and refuses a forged one', async () => {
    const { audioUrl } = await h['jobs:get'](jobId);
    expect(audioUrl).toMatch(new RegExp(`^${server.url}/app/audio/${jobId}\\?expires=\\d+&sig=`));
    const full = await fetch(audioUrl!);
    expect(full.status).toBe(200);
    expect(Number(full.headers.get('content-length'))).toBe(statSync(audio('jfk.wav')).size);
    await full.arrayBuffer();
    const range = await fetch(audioUrl!, { headers: { range: 'bytes=0-99' } });
    expect(range.status).toBe(206);
    expect((await range.arrayBuffer()).byteLength).toBe(100);
    // Changing the first character, whatever it is (a fixed replacement would match it one time in 64).
    const forged = await fetch(
      audioUrl!.replace(/sig=(.)/, (_, first: string) => `sig=${first === 'x' ? 'y' : 'x'}`),
    );
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ statusCode: 401, path: `/app/audio/${jobId}` });
  });

  it('reports invalid input as 400 with every validation error, unknown ids as 404', async () => {
    const bad = await errorOf(() =>
      h['jobs:create']({
        audio_url: 'not a url',
        subtitles_config: { maximum_duration: 99 },
      }),
    );
    expect(bad.status).toBe(400);
    expect(bad.validationErrors).toEqual(
      expect.arrayContaining([
        'Field "audio_url" must be a valid http(s) URL',
        'Field "subtitles_config.maximum_duration" must be less than or equal to 30',
      ]),
    );
    expect((await errorOf(() => h['jobs:get']('0000'))).status).toBe(404);
    expect((await errorOf(() => h['jobs:export'](jobId, 'docx' as never))).status).toBe(400);
    expect((await errorOf(() => h['jobs:list']({ limit: 1000 }))).validationErrors).toEqual([
      'Field "limit" must be less than or equal to 100',
    ]);
    expect((await errorOf(() => h['files:upload-path'](join(dataDir, 'missing.wav')))).status).toBe(404);
    const text = join(dataDir, 'notes.wav');
    writeFileSync(text, 'this is not audio at all');
    expect((await errorOf(() => h['files:upload-path'](text))).status).toBe(422);
  });

  it('deletes a job with its audio', async () => {
    const file = await h['files:upload-path'](audio('libri_0890.wav'));
    const { id } = await h['jobs:create']({ audio_url: file.audioUrl });
    // Queued or processing: the pipeline still needs its audio.
    expect((await errorOf(() => h['jobs:delete'](id))).status).toBe(403);
    await waitDone(id);
    const path = join(dataDir, 'audio', `${file.id}.wav`);
    expect(existsSync(path)).toBe(true);
    await h['jobs:delete'](id);
    expect((await errorOf(() => h['jobs:get'](id))).status).toBe(404);
    expect(existsSync(path)).toBe(false);
  });
});

describe('settings', () => {
  it('shows the API address and key, saves preferences and desktop settings for the next start', async () => {
    const settings = await h['settings:get']();
    expect(settings).toMatchObject({
      apiUrl: server.url,
      apiKey: server.keys.primary().key,
      keySource: 'generated',
      dataDir,
      modelsDir: MODELS_DIR,
      editable: { port: true, dataDir: true, modelsDir: true },
      restartRequired: false,
      runtime: { kind: 'desktop', version: '9.9.9' },
    });
    const updated = await h['settings:update']({ port: 9123, preferences: { defaultLanguage: 'en' } });
    expect(updated).toMatchObject({ port: 9123, restartRequired: true });
    expect(updated.preferences.defaultLanguage).toBe('en');
    expect((await h['settings:get']()).preferences).toMatchObject({
      defaultLanguage: 'en',
      defaultModel: 'solaria-1',
    });
    const bad = await errorOf(() => h['settings:update']({ port: 70000, dataDir: 'relative/dir' }));
    expect(bad.status).toBe(400);
    expect(bad.validationErrors).toEqual(['Field "port" must be less than or equal to 65535']);
    expect((await errorOf(() => h['settings:update']({ dataDir: 'relative' }))).validationErrors).toEqual([
      'Field "dataDir" must be an absolute path',
    ]);
  });

  it('regenerates the key: the old one stops working, the new one sees the same jobs', async () => {
    const old = (await h['settings:get']()).apiKey;
    const before = (await h['jobs:list']({})).items.length;
    const fresh = await h['settings:regenerate-key']();
    expect(fresh.apiKey).not.toBe(old);
    const list = (key: string) =>
      fetch(`${server.url}/v2/pre-recorded`, { headers: { 'x-gladia-key': key } });
    expect((await list(old)).status).toBe(401);
    const response = await list(fresh.apiKey);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { items: unknown[] }).items.length).toBe(before);
    expect((await h['jobs:list']({})).items.length).toBe(before);
  });
});

describe('live', () => {
  it('captures from a native device into a live job, with captions, levels and states', async () => {
    const devices = await h['live:devices']();
    expect(devices).toEqual({
      devices: [{ id: 'native:wav', label: `WAV ${audio('jfk.wav')}`, isDefault: true, source: 'native' }],
      nativeCapture: { available: true, reason: null },
    });
    const started = await h['live:start']({
      deviceId: 'native:wav',
      params: { custom_metadata: { from: 'test' } },
    });
    const deadline = Date.now() + 60_000;
    while (!eventsOf('live:state').some((s) => s.sessionId === started.sessionId && s.state === 'ended')) {
      if (Date.now() > deadline) throw new Error('live session did not end');
      await sleep(100);
    }
    const captions = eventsOf('live:caption').filter((c) => c.sessionId === started.sessionId);
    const finals = captions.filter((c) => c.isFinal).map((c) => c.utterance.text.toLowerCase());
    console.log(`live captions: ${captions.length} (${finals.length} finals): ${finals.join(' | ')}`);
    expect(captions.some((c) => !c.isFinal)).toBe(true);
    expect(finals.join(' ')).toContain('country');
    expect(eventsOf('live:level').some((l) => l.sessionId === started.sessionId && l.rms > 0.01)).toBe(true);
    const states = eventsOf('live:state').filter((s) => s.sessionId === started.sessionId);
    expect(states[0]!.state).toBe('connecting');
    expect(states.map((s) => s.state)).toEqual(expect.arrayContaining(['recording', 'stopping', 'ended']));
    expect(states.at(-1)!.elapsedS).toBeCloseTo(11, 0);

    const detail = await h['jobs:get'](started.sessionId);
    expect(detail.job).toMatchObject({ kind: 'live', status: 'done', custom_metadata: { from: 'test' } });
    expect(detail.job.result!.transcription!.full_transcript.toLowerCase()).toContain('country');
    expect(detail.audioUrl).not.toBeNull();
    const row = (await h['jobs:list']({ kind: 'live' })).items[0]!;
    expect(row).toMatchObject({ id: started.sessionId, status: 'done' });
    expect(row.durationS).toBeCloseTo(11, 0);
  });

  it('refuses browser devices and unknown sessions', async () => {
    expect((await errorOf(() => h['live:start']({ deviceId: 'browser:default' }))).status).toBe(400);
    expect((await errorOf(() => h['live:stop']('nope'))).status).toBe(404);
  });
});

describe('models', () => {
  it('installs from the mirror with progress events, lists and removes', async () => {
    const id = 'zipformer-gigaspeech-3.3m-en';
    const before = (await h['models:list']()).find((m) => m.id === id)!;
    expect(before).toMatchObject({ installed: false, installing: false, kind: 'streaming' });
    await h['models:install'](id);
    const deadline = Date.now() + 60_000;
    while (!(await h['models:list']()).find((m) => m.id === id)!.installed) {
      if (Date.now() > deadline) throw new Error('install did not finish');
      await sleep(100);
    }
    const progress = eventsOf('models:progress').filter((p) => p.id === id);
    console.log(
      `install progress events: ${progress.length}, phases ${[...new Set(progress.map((p) => p.phase))]}`,
    );
    expect(progress.at(-1)!.phase).toBe('done');
    expect(eventsOf('models:changed').length).toBeGreaterThan(0);
    expect((await errorOf(() => h['models:install']('no-such-model'))).status).toBe(404);
    await h['models:remove'](id);
    expect((await h['models:list']()).find((m) => m.id === id)!.installed).toBe(false);
    expect((await errorOf(() => h['models:remove'](id))).status).toBe(404);
  });
});

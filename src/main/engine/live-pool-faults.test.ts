import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MODELS_DIR } from '../../../test/helpers/paths';
import { catalogModel } from './catalog';
import { liveOptions, runStream, textOf } from './live-harness';
import { LiveEnginePool, type LiveStreamEvent } from './live-pool';
import { ModelRegistry, type InstalledModel } from './models';
import { loadAudio } from './test-audio';

// What callers and workers must never do: bad options, missing models, a worker that dies.

const resolved = new ModelRegistry(MODELS_DIR).resolve('solaria-1', ['en']);
if (!resolved.ok) throw new Error(resolved.message);
const { model } = resolved;
const pool = new LiveEnginePool({ size: 1 });
const scratch = mkdtempSync(join(tmpdir(), 'live-pool-'));
afterAll(async () => {
  await pool.close();
  rmSync(scratch, { recursive: true, force: true });
});

// A stand-in worker speaking the pool's protocol: it reports its thread id as a speech_start time, acknowledges
// audio, and exits when a chunk starts with 42.
const FAKE = join(scratch, 'fake-live-worker.mjs');
writeFileSync(
  FAKE,
  `import { parentPort, threadId } from 'node:worker_threads';
const processed = new Map();
parentPort.on('message', ({ commands }) => {
  for (const c of commands) {
    const update = (events, done = false) =>
      parentPort.postMessage({ updates: [{ id: c.id, events, processed: processed.get(c.id) ?? 0, done }] });
    if (c.type === 'open') update([{ type: 'speech_start', time: threadId, channel: c.config.channel }]);
    if (c.type === 'audio' && c.samples[0] === 42) process.exit(3);
    if (c.type === 'audio') processed.set(c.id, (processed.get(c.id) ?? 0) + c.samples.length);
    if (c.type === 'audio') update([]);
    if (c.type === 'finish') update([], true);
  }
});
`,
);

describe('LiveEnginePool faults', () => {
  it('refuses invalid options at once', () => {
    const offline: InstalledModel = { catalog: catalogModel('parakeet-tdt-0.6b-v2-en')!, dir: scratch };
    const open = (extra: object): unknown => pool.openStream({ ...liveOptions(model), ...extra }, () => {});
    expect(() => open({ model: offline })).toThrow(/streaming model/);
    expect(() => open({ endpointing: 0 })).toThrow(RangeError);
    expect(() => open({ endpointing: 11 })).toThrow(RangeError);
    expect(() => open({ maxDurationWithoutEndpointing: 4 })).toThrow(RangeError);
    expect(() => open({ maxDurationWithoutEndpointing: Number.NaN })).toThrow(RangeError);
    expect(() => open({ speechThreshold: 1.5 })).toThrow(RangeError);
    expect(() => open({ channel: -1 })).toThrow(RangeError);
    expect(() => open({ channel: 1.5 })).toThrow(RangeError);
    expect(() => open({ hotwords: [{ phrase: 3 }] })).toThrow(TypeError);
  });

  it('refuses audio that is not a Float32Array', async () => {
    const stream = pool.openStream(liveOptions(model), () => {});
    expect(() => stream.push([0.1, 0.2] as unknown as Float32Array)).toThrow(TypeError);
    expect(() => stream.push(new Int16Array(10) as unknown as Float32Array)).toThrow(TypeError);
    await stream.finish();
  });

  it('reports a missing model as an error event and goes on with the other streams', async () => {
    const copy: InstalledModel = { catalog: model.catalog, dir: join(scratch, 'nowhere') };
    const events: LiveStreamEvent[] = [];
    const broken = pool.openStream(liveOptions(copy), (e) => events.push(e));
    broken.push(new Float32Array(16000));
    await broken.finish();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'error', message: expect.stringMatching(/model file missing/) });
    expect(textOf(await runStream(pool, loadAudio('libri_0880.wav'), liveOptions(model)))).toContain(
      'young man',
    );
  });

  it('spreads streams over the workers', async () => {
    const fake = new LiveEnginePool({ size: 2, workerScript: FAKE });
    const threads: number[] = [];
    const streams = [0, 1, 2, 3].map((channel) =>
      fake.openStream(liveOptions(model, { channel }), (e) => {
        if (e.type === 'speech_start') threads.push(e.time);
      }),
    );
    await Promise.all(streams.map((s) => s.finish()));
    expect(new Set(threads).size).toBe(2);
    expect(threads.filter((t) => t === threads[0])).toHaveLength(2);
    await fake.close();
  });

  it('tells every stream of a worker that died, then starts a new worker', async () => {
    const fake = new LiveEnginePool({ size: 1, workerScript: FAKE });
    const events: LiveStreamEvent[][] = [[], []];
    const streams = events.map((list, channel) =>
      fake.openStream(liveOptions(model, { channel }), (e) => list.push(e)),
    );
    streams[1]!.push(new Float32Array(1600));
    streams[0]!.push(new Float32Array([42, 0, 0]));
    await Promise.all(streams.map((s) => s.finish())); // resolve although the worker is gone
    for (const list of events) {
      expect(list.at(-1)).toMatchObject({
        type: 'error',
        message: expect.stringMatching(/worker stopped \(exit code 3\)/),
      });
    }
    expect(streams[1]!.pendingSeconds).toBe(0);
    const again: LiveStreamEvent[] = [];
    const next = fake.openStream(liveOptions(model), (e) => again.push(e));
    next.push(new Float32Array(1600));
    await next.finish();
    expect(again.map((e) => e.type)).toEqual(['speech_start']);
    await fake.close();
  });

  it('keeps delivering events when a handler throws', async () => {
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const received: string[] = [];
      const stream = pool.openStream(liveOptions(model), (e) => {
        received.push(e.type);
        throw new Error('handler bug');
      });
      stream.push(loadAudio('libri_0880.wav'));
      await stream.finish();
      expect(received).toContain('final');
      expect(errors.length).toBe(received.length);
    } finally {
      console.error = original;
    }
  });

  it('refuses new streams once closed', async () => {
    const other = new LiveEnginePool({ size: 1, workerScript: FAKE });
    await other.close();
    expect(() => other.openStream(liveOptions(model), () => {})).toThrow(/closed/);
  });
});

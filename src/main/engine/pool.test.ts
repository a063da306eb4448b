import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EnginePool, PoolClosedError, WorkerCrashError } from './pool';
import { resolveWorkerScript } from './worker-script';

// A stand-in worker speaking the pool's protocol, for what the real one must never do (die mid-task).
const scratch = mkdtempSync(join(tmpdir(), 'engine-pool-'));
const FAKE = join(scratch, 'fake-worker.mjs');
writeFileSync(
  FAKE,
  `import { parentPort, threadId } from 'node:worker_threads';
parentPort.on('message', ({ id, task }) => {
  if (task.exit) process.exit(task.exit);
  if (task.throw) throw new Error('uncaught in worker');
  const reply = () => parentPort.postMessage(task.fail ? { id, ok: false, error: task.fail } : { id, ok: true, result: { value: task.value, threadId } });
  if (task.delay) setTimeout(reply, task.delay); else reply();
});
`,
);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Echo {
  value: number;
  threadId: number;
}

describe('EnginePool', () => {
  it('runs tasks on at most `size` workers, one task each at a time', async () => {
    const pool = new EnginePool({ size: 2, workerScript: FAKE });
    const started = performance.now();
    const results = await Promise.all([1, 2, 3, 4].map((value) => pool.run<Echo>({ value, delay: 150 })));
    const elapsed = performance.now() - started;
    expect(results.map((r) => r.value)).toEqual([1, 2, 3, 4]);
    expect(new Set(results.map((r) => r.threadId)).size).toBe(2);
    // Two rounds of two parallel 150 ms tasks: more than one round, less than four.
    expect(elapsed).toBeGreaterThan(290);
    expect(elapsed).toBeLessThan(550 + 1000);
    await pool.close();
  });

  it('defaults to one worker per core', () => {
    expect(new EnginePool({ workerScript: FAKE }).size).toBeGreaterThanOrEqual(1);
  });

  it('passes worker errors on as rejections and keeps the worker', async () => {
    const pool = new EnginePool({ size: 1, workerScript: FAKE });
    const first = await pool.run<Echo>({ value: 1 });
    await expect(pool.run({ fail: 'bad input' })).rejects.toThrow('bad input');
    expect((await pool.run<Echo>({ value: 2 })).threadId).toBe(first.threadId);
    await pool.close();
  });

  it('rejects the task of a crashed worker and replaces the worker', async () => {
    const pool = new EnginePool({ size: 1, workerScript: FAKE });
    const first = await pool.run<Echo>({ value: 1 });
    const queued = pool.run<Echo>({ value: 2 });
    await expect(pool.run({ exit: 3 })).rejects.toBeInstanceOf(WorkerCrashError);
    await expect(pool.run({ throw: true })).rejects.toThrow(/uncaught in worker/);
    const after = await pool.run<Echo>({ value: 3 });
    expect(after.value).toBe(3);
    expect(after.threadId).not.toBe(first.threadId);
    expect((await queued).value).toBe(2);
    await pool.close();
  });

  it('rejects at once on abort, whether the task waits or runs', async () => {
    const pool = new EnginePool({ size: 1, workerScript: FAKE });
    const controller = new AbortController();
    const running = pool.run({ value: 1, delay: 500 }, { signal: controller.signal });
    const waiting = pool.run({ value: 2 }, { signal: controller.signal });
    const other = pool.run<Echo>({ value: 3 });
    const started = performance.now();
    controller.abort();
    await expect(running).rejects.toThrow(/abort/i);
    await expect(waiting).rejects.toThrow(/abort/i);
    expect(performance.now() - started).toBeLessThan(100);
    await expect(pool.run({}, { signal: controller.signal })).rejects.toThrow(/abort/i);
    // The running task finishes in its worker; then the queue moves on.
    expect((await other).value).toBe(3);
    await pool.close();
  });

  it('rejects uncloneable tasks without losing the worker', async () => {
    const pool = new EnginePool({ size: 1, workerScript: FAKE });
    await expect(pool.run({ value: () => 1 })).rejects.toThrow();
    expect((await pool.run<Echo>({ value: 4 })).value).toBe(4);
    await pool.close();
  });

  it('close() rejects pending work and refuses new work', async () => {
    const pool = new EnginePool({ size: 1, workerScript: FAKE });
    const running = expect(pool.run({ value: 1, delay: 1000 })).rejects.toBeInstanceOf(PoolClosedError);
    const waiting = expect(pool.run({ value: 2 })).rejects.toBeInstanceOf(PoolClosedError);
    await pool.close();
    await running;
    await waiting;
    await expect(pool.run({ value: 3 })).rejects.toBeInstanceOf(PoolClosedError);
  });

  it('a worker script that fails to load fails tasks instead of hanging', async () => {
    const pool = new EnginePool({ size: 1, workerScript: join(scratch, 'missing.mjs') });
    await expect(pool.run({ value: 1 })).rejects.toBeInstanceOf(WorkerCrashError);
    await pool.close();
  });
});

describe('resolveWorkerScript', () => {
  it('uses the TypeScript source through tsx when not bundled', () => {
    expect(resolveWorkerScript()).toEqual({
      path: join(__dirname, 'worker.ts'),
      execArgv: ['--require', 'tsx/cjs'],
    });
  });

  it('prefers the bundled engine-worker.js, also from a chunk folder below it', () => {
    writeFileSync(join(scratch, 'engine-worker.js'), '');
    expect(resolveWorkerScript(scratch)).toEqual({ path: join(scratch, 'engine-worker.js'), execArgv: [] });
    expect(resolveWorkerScript(join(scratch, 'chunks')).path).toBe(join(scratch, 'engine-worker.js'));
  });
});

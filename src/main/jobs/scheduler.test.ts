import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './db';
import { JobStore } from './job-store';
import { JobScheduler, ShutdownError, type JobRunner } from './scheduler';

let dir: string;
let db: Db;
let jobs: JobStore;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sched-'));
  db = openDatabase(dir);
  jobs = new JobStore(db);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const add = (id: string) =>
  jobs.create({
    id,
    kind: 'pre-recorded',
    owner: 'o',
    requestId: 'r',
    requestParams: {},
    customMetadata: null,
    fileId: null,
  });

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('JobScheduler', () => {
  it('runs queued jobs with bounded concurrency, including those left by a previous run', async () => {
    add('old');
    jobs.markProcessing('old');
    let active = 0;
    let peak = 0;
    const ran: string[] = [];
    const runner: JobRunner = async (job) => {
      active++;
      peak = Math.max(peak, active);
      await tick();
      jobs.complete(job.id, {});
      ran.push(job.id);
      active--;
    };
    const scheduler = new JobScheduler(jobs, runner, 2, () => {});
    expect(scheduler.start()).toBe(1);
    for (const id of ['a', 'b', 'c', 'd']) {
      add(id);
      scheduler.enqueue(id);
    }
    while (ran.length < 5) await tick();
    expect(new Set(ran)).toEqual(new Set(['old', 'a', 'b', 'c', 'd']));
    expect(peak).toBe(2);
    await scheduler.stop(100);
  });

  it('lets running jobs finish within the grace period, then aborts the rest with ShutdownError', async () => {
    add('slow');
    let reason: unknown;
    const runner: JobRunner = (_job, signal) =>
      new Promise<void>((resolve) =>
        signal.addEventListener('abort', () => {
          reason = signal.reason;
          resolve();
        }),
      );
    const scheduler = new JobScheduler(jobs, runner, 1, () => {});
    scheduler.start();
    await tick();
    expect(scheduler.isRunning('slow')).toBe(true);
    await scheduler.stop(20);
    expect(reason).toBeInstanceOf(ShutdownError);
    scheduler.enqueue('slow');
    expect(scheduler.isRunning('slow')).toBe(false);
  });

  it('keeps going when a runner throws', async () => {
    add('x');
    add('y');
    const seen: string[] = [];
    const errors: string[] = [];
    const scheduler = new JobScheduler(
      jobs,
      async (job) => {
        seen.push(job.id);
        if (job.id === 'x') throw new Error('boom');
        jobs.complete(job.id, {});
      },
      1,
      (message) => errors.push(message),
    );
    scheduler.start();
    while (seen.length < 2) await tick();
    expect(errors).toEqual(['job x runner failed']);
    await scheduler.stop(10);
  });
});

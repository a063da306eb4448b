import { mkdtempSync, rmSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './db';
import { JobStore } from './job-store';
import { FileStore } from './file-store';
import { migrate, DatabaseFromFutureError } from './migrations';

let dir: string;
let db: Db;
let jobs: JobStore;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'jobs-'));
  db = openDatabase(dir);
  jobs = new JobStore(db);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const newJob = (
  id: string,
  owner = 'o1',
  createdAt?: string,
  customMetadata: Record<string, unknown> | null = null,
) =>
  jobs.create({
    id,
    kind: 'pre-recorded',
    owner,
    requestId: 'G-1',
    requestParams: { audio_url: 'http://x/a.wav' },
    customMetadata,
    fileId: null,
    createdAt,
  });

describe('JobStore', () => {
  it('walks a job through its states with timestamps', () => {
    const job = newJob('a');
    expect(job.status).toBe('queued');
    expect(job.completedAt).toBeNull();
    jobs.markProcessing('a');
    expect(jobs.get('a')!.status).toBe('processing');
    expect(jobs.get('a')!.startedAt).not.toBeNull();
    jobs.complete('a', { metadata: { audio_duration: 1 } }, { warnings: ['w'] });
    const done = jobs.get('a')!;
    expect(done.status).toBe('done');
    expect(done.completedAt).not.toBeNull();
    expect(JSON.parse(done.resultJson!)).toEqual({ metadata: { audio_duration: 1 } });
    expect(done.postSessionMetadata).toEqual({ warnings: ['w'] });
  });

  it('records failures with an error code', () => {
    newJob('b');
    jobs.fail('b', 422, 'not audio');
    expect(jobs.get('b')).toMatchObject({ status: 'error', errorCode: 422, errorMessage: 'not audio' });
  });

  it('requeues jobs a crashed run left processing, oldest first', () => {
    newJob('late', 'o1', '2026-01-02T00:00:00.000Z');
    newJob('early', 'o1', '2026-01-01T00:00:00.000Z');
    newJob('finished', 'o1', '2026-01-01T00:00:00.000Z');
    jobs.markProcessing('late');
    jobs.complete('finished', {});
    expect(jobs.requeueUnfinished('pre-recorded')).toEqual(['early', 'late']);
    expect(jobs.get('late')!.status).toBe('queued');
  });

  it('lists newest first with filters, per owner, with one extra row for paging', () => {
    newJob('j1', 'o1', '2026-03-01T10:00:00.000Z', { user: 'ann', n: 1 });
    newJob('j2', 'o1', '2026-03-02T10:00:00.000Z', { user: 'bob' });
    newJob('j3', 'o1', '2026-03-03T10:00:00.000Z', { 'odd key': 'x"y' });
    newJob('other', 'o2', '2026-03-03T10:00:00.000Z');
    jobs.fail('j2', 500, 'x');
    const ids = (f: Partial<Parameters<JobStore['list']>[0]>) =>
      jobs.list({ owner: 'o1', offset: 0, limit: 10, ...f }).map((j) => j.id);
    expect(ids({})).toEqual(['j3', 'j2', 'j1']);
    expect(ids({ limit: 1 })).toEqual(['j3', 'j2']);
    expect(ids({ offset: 2 })).toEqual(['j1']);
    expect(ids({ status: ['error'] })).toEqual(['j2']);
    expect(ids({ status: ['error', 'queued'] })).toEqual(['j3', 'j2', 'j1']);
    expect(ids({ date: '2026-03-02' })).toEqual(['j2']);
    expect(ids({ beforeDate: '2026-03-02T00:00:00.000Z' })).toEqual(['j1']);
    expect(ids({ afterDate: '2026-03-01T12:00:00.000Z', beforeDate: '2026-03-03T00:00:00.000Z' })).toEqual([
      'j2',
    ]);
    expect(ids({ customMetadata: { user: 'ann' } })).toEqual(['j1']);
    expect(ids({ customMetadata: { user: 'ann', n: '1' } })).toEqual(['j1']);
    expect(ids({ customMetadata: { 'odd key': 'x"y' } })).toEqual(['j3']);
    expect(ids({ customMetadata: { user: 'nobody' } })).toEqual([]);
  });
});

describe('migrations', () => {
  it('refuses a database from a newer version of the app', () => {
    db.pragma('user_version = 9999');
    expect(() => migrate(db)).toThrow(DatabaseFromFutureError);
  });

  it('is idempotent', () => {
    expect(migrate(db)).toBe(10);
    expect(migrate(db)).toBe(10);
  });
});

describe('FileStore', () => {
  it('adopts temp files, deletes them with their rows, and cleans up what a crash left', () => {
    const files = new FileStore(db, dir);
    const temp = files.tempPath();
    writeFileSync(temp, 'abc');
    const file = files.adopt(temp, {
      id: '11111111-1111-1111-1111-111111111111',
      owner: 'o1',
      filename: 'a.wav',
      extension: 'wav',
      source: null,
      size: 3,
      audioDuration: 1,
      numberOfChannels: 1,
    });
    expect(existsSync(files.absolutePath(file))).toBe(true);
    expect(existsSync(temp)).toBe(false);

    writeFileSync(join(files.audioDir, 'orphan.wav'), 'x');
    writeFileSync(files.tempPath(), 'partial upload');
    const reopened = new FileStore(db, dir);
    expect(readdirSync(reopened.tmpDir)).toEqual([]);
    expect(reopened.removeOrphans()).toBe(1);
    expect(existsSync(files.absolutePath(file))).toBe(true);

    reopened.delete(file.id);
    expect(reopened.get(file.id)).toBeUndefined();
    expect(existsSync(files.absolutePath(file))).toBe(false);
  });
});

import type { Db } from './db';
import { jobListConditions } from './list-conditions';
import { statement } from './statements';
import type { JobFilter, JobKind, JobRecord, JobStatus } from './types';

interface JobRow {
  id: string;
  kind: JobKind;
  owner: string;
  request_id: string;
  status: JobStatus;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
  request_params: string | null;
  custom_metadata: string | null;
  file_id: string | null;
  result: string | null;
  error_code: number | null;
  error_message: string | null;
  post_session_metadata: string;
  progress: number | null;
  attempts: number;
}

const parse = <T>(json: string | null): T | null => (json === null ? null : (JSON.parse(json) as T));
const json = (value: unknown): string | null =>
  value === null || value === undefined ? null : JSON.stringify(value);

function toRecord(row: JobRow): JobRecord {
  return {
    id: row.id,
    kind: row.kind,
    owner: row.owner,
    requestId: row.request_id,
    status: row.status,
    createdAt: row.created_at,
    startedAt: row.started_at,
    completedAt: row.completed_at,
    requestParams: parse(row.request_params),
    customMetadata: parse(row.custom_metadata),
    fileId: row.file_id,
    resultJson: row.result,
    errorCode: row.error_code,
    errorMessage: row.error_message,
    postSessionMetadata: parse(row.post_session_metadata) ?? {},
    progress: row.progress,
    attempts: row.attempts,
  };
}

export interface NewJob {
  id: string;
  kind: JobKind;
  owner: string;
  requestId: string;
  requestParams: Record<string, unknown>;
  customMetadata: Record<string, unknown> | null;
  fileId: string | null;
  createdAt?: string;
}

/** The jobs table. Every state change is one statement, so a crash never leaves a half-written job. */
export class JobStore {
  constructor(private readonly db: Db) {}

  create(job: NewJob): JobRecord {
    statement(
      this.db,
      `INSERT INTO jobs (id, kind, owner, request_id, status, created_at, request_params, custom_metadata, file_id)
         VALUES (?, ?, ?, ?, 'queued', ?, ?, ?, ?)`,
    ).run(
      job.id,
      job.kind,
      job.owner,
      job.requestId,
      job.createdAt ?? new Date().toISOString(),
      json(job.requestParams),
      json(job.customMetadata),
      job.fileId,
    );
    return this.get(job.id)!;
  }

  get(id: string): JobRecord | undefined {
    const row = statement(this.db, 'SELECT * FROM jobs WHERE id = ?').get(id) as JobRow | undefined;
    return row && toRecord(row);
  }

  /** Returns up to `limit + 1` jobs so the caller knows whether there is a next page. */
  list(filter: JobFilter): JobRecord[] {
    const { where, params } = jobListConditions(filter);
    if (filter.date) {
      where.push('substr(created_at, 1, 10) = @date');
      params.date = filter.date;
    }
    if (filter.beforeDate) {
      where.push('created_at < @before');
      params.before = filter.beforeDate;
    }
    if (filter.afterDate) {
      where.push('created_at > @after');
      params.after = filter.afterDate;
    }
    Object.entries(filter.customMetadata ?? {}).forEach(([key, value], i) => {
      // json_extract path with the key quoted, so keys with dots or spaces match literally.
      where.push(`CAST(json_extract(custom_metadata, @cmPath${i}) AS TEXT) = @cmValue${i}`);
      params[`cmPath${i}`] = `$."${key.replace(/"/g, '""')}"`;
      params[`cmValue${i}`] = value;
    });
    const rows = statement(
      this.db,
      `SELECT * FROM jobs WHERE ${where.join(' AND ')}
         ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @offset`,
    ).all(params) as JobRow[];
    return rows.map(toRecord);
  }

  markProcessing(id: string): void {
    statement(
      this.db,
      `UPDATE jobs SET status = 'processing', started_at = ?, progress = 0, attempts = attempts + 1
         WHERE id = ? AND status IN ('queued', 'processing')`,
    ).run(new Date().toISOString(), id);
  }

  setProgress(id: string, progress: number): void {
    statement(this.db, `UPDATE jobs SET progress = ? WHERE id = ? AND status = 'processing'`).run(
      progress,
      id,
    );
  }

  attachFile(id: string, fileId: string): void {
    statement(this.db, 'UPDATE jobs SET file_id = ? WHERE id = ?').run(fileId, id);
  }

  complete(
    id: string,
    result: Record<string, unknown>,
    postSessionMetadata: Record<string, unknown> = {},
  ): void {
    statement(
      this.db,
      `UPDATE jobs SET status = 'done', result = ?, post_session_metadata = ?, completed_at = ?, progress = 1,
         error_code = NULL, error_message = NULL WHERE id = ?`,
    ).run(JSON.stringify(result), JSON.stringify(postSessionMetadata), new Date().toISOString(), id);
  }

  fail(id: string, errorCode: number, message: string): void {
    statement(
      this.db,
      `UPDATE jobs SET status = 'error', error_code = ?, error_message = ?, completed_at = ?, result = NULL
         WHERE id = ?`,
    ).run(errorCode, message, new Date().toISOString(), id);
  }

  delete(id: string): void {
    statement(this.db, 'DELETE FROM jobs WHERE id = ?').run(id);
  }

  countUsingFile(fileId: string): number {
    return (
      statement(this.db, 'SELECT count(*) AS n FROM jobs WHERE file_id = ?').get(fileId) as { n: number }
    ).n;
  }

  /** Jobs a previous run left unfinished, oldest first; `processing` ones go back to the queue. */
  requeueUnfinished(kind: JobKind): string[] {
    statement(
      this.db,
      `UPDATE jobs SET status = 'queued', progress = NULL WHERE status = 'processing' AND kind = ?`,
    ).run(kind);
    const rows = statement(
      this.db,
      `SELECT id FROM jobs WHERE status = 'queued' AND kind = ? ORDER BY created_at, id`,
    ).all(kind) as { id: string }[];
    return rows.map((r) => r.id);
  }
}

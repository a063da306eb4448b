import type { JobSummary } from '../../shared/ipc/jobs';
import type { Db } from './db';
import { jobListConditions } from './list-conditions';
import { statement } from './statements';
import type { JobKind, JobStatus } from './types';

/** The Jobs screen's filters, already validated (instants are canonical `toISOString()` text). */
export interface JobSummaryFilter {
  owner: string;
  kind?: JobKind;
  status?: JobStatus[];
  /** Created at or after. */
  from?: string;
  /** Created strictly before. */
  to?: string;
  /** Substring of the transcript or the file name (ASCII case-insensitive, as SQLite's LIKE). */
  text?: string;
  offset: number;
  limit: number;
}

interface Row {
  id: string;
  kind: JobKind;
  status: JobStatus;
  created_at: string;
  completed_at: string | null;
  progress: number | null;
  error_code: number | null;
  error_message: string | null;
  model: string | null;
  languages: string | null;
  excerpt: string | null;
  filename: string | null;
  audio_duration: number | null;
  number_of_channels: number | null;
}

export const EXCERPT_CHARS = 200;

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function languagesOf(json: string | null): string[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Reads for the desktop screens: job summaries with only the fields a list shows, pulled out of the stored JSON by
 * SQLite, so a page of long transcripts is never parsed in JavaScript; and a text search over transcripts.
 */
export class JobQueries {
  constructor(private readonly db: Db) {}

  /** Returns up to `limit + 1` rows so the caller knows whether there is a next page. */
  summaries(filter: JobSummaryFilter): JobSummary[] {
    const { where, params } = jobListConditions(filter, 'j.');
    params.excerpt = EXCERPT_CHARS;
    if (filter.from) {
      where.push('j.created_at >= @from');
      params.from = filter.from;
    }
    if (filter.to) {
      where.push('j.created_at < @to');
      params.to = filter.to;
    }
    if (filter.text) {
      where.push(
        `(json_extract(j.result, '$.transcription.full_transcript') LIKE @text ESCAPE '\\'
          OR f.filename LIKE @text ESCAPE '\\')`,
      );
      params.text = `%${escapeLike(filter.text)}%`;
    }
    const rows = statement(
      this.db,
      `SELECT j.id, j.kind, j.status, j.created_at, j.completed_at, j.progress, j.error_code, j.error_message,
         json_extract(j.request_params, '$.model') AS model,
         json_extract(j.request_params, '$.language_config.languages') AS languages,
         substr(json_extract(j.result, '$.transcription.full_transcript'), 1, @excerpt) AS excerpt,
         f.filename, f.audio_duration, f.number_of_channels
       FROM jobs j LEFT JOIN files f ON f.id = j.file_id
       WHERE ${where.join(' AND ')}
       ORDER BY j.created_at DESC, j.id DESC LIMIT @limit OFFSET @offset`,
    ).all(params) as Row[];
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      status: r.status,
      createdAt: r.created_at,
      completedAt: r.completed_at,
      progress: r.progress,
      errorCode: r.error_code,
      errorMessage: r.error_message,
      model: r.model,
      languages: languagesOf(r.languages),
      excerpt: r.status === 'done' ? r.excerpt : null,
      filename: r.filename,
      durationS: r.audio_duration,
      channels: r.number_of_channels,
    }));
  }
}

import type { PreRecordedResult, Transcription } from '../transcript';

export const JOB_KINDS = ['pre-recorded', 'live'] as const;
export type JobKind = (typeof JOB_KINDS)[number];
export const JOB_STATUS_VALUES = ['queued', 'processing', 'done', 'error'] as const;
export type JobStatus = (typeof JOB_STATUS_VALUES)[number];

/** Filters of the Jobs screen; every field is optional (see `jobListQuerySchema` for bounds and defaults). */
export interface JobListQuery {
  kind?: JobKind;
  status?: JobStatus[];
  /** ISO date-time or `YYYY-MM-DD`: jobs created at or after this instant. */
  from?: string;
  /** ISO date-time or `YYYY-MM-DD`: jobs created before this instant (a bare date means before that day ends). */
  to?: string;
  /** Case-insensitive substring of the transcript or the file name. */
  text?: string;
  /** Default 0. */
  offset?: number;
  /** Default 20, at most 100. */
  limit?: number;
}

/** One row of the Jobs screen: what a list needs, without the (possibly large) result. */
export interface JobSummary {
  id: string;
  kind: JobKind;
  status: JobStatus;
  createdAt: string;
  completedAt: string | null;
  /** 0..1 while processing; 1 when done; null when unknown (queued). */
  progress: number | null;
  /** The uploaded or recorded file's name. */
  filename: string | null;
  /** Seconds of audio, when known. */
  durationS: number | null;
  channels: number | null;
  /** API model name as requested (`solaria-1`, …). */
  model: string | null;
  languages: string[];
  /** The start of the transcript (up to ~200 characters), for done jobs. */
  excerpt: string | null;
  errorCode: number | null;
  errorMessage: string | null;
}

export interface JobPage {
  items: JobSummary[];
  offset: number;
  limit: number;
  /** Whether another page follows (the store does not count every match). */
  hasMore: boolean;
}

/** The job exactly as `GET /v2/pre-recorded/{id}` / `GET /v2/live/{id}` return it (spec §2.1). */
export interface ApiJob {
  id: string;
  request_id: string;
  version: number;
  status: JobStatus;
  created_at: string;
  completed_at: string | null;
  custom_metadata: Record<string, unknown> | null;
  error_code: number | null;
  post_session_metadata: Record<string, unknown>;
  kind: JobKind;
  file: {
    id: string;
    filename: string | null;
    source: string | null;
    audio_duration: number | null;
    number_of_channels: number | null;
  } | null;
  request_params: Record<string, unknown> | null;
  /** Pre-recorded: transcription and one block per add-on. Live: also `messages` (JSON texts of sent messages). */
  result: (PreRecordedResult & { transcription?: Transcription; messages?: string[] }) | null;
}

export interface JobDetail {
  job: ApiJob;
  /** 0..1 while processing (the /v2 body has no progress). */
  progress: number | null;
  /** A URL an `<audio>` element can play and seek (signed, no header needed); null when the job has no audio. */
  audioUrl: string | null;
}

/**
 * A `POST /v2/pre-recorded` body: `audio_url` (from `files.upload`) plus the API's options (model,
 * language_config, subtitles, diarization, …). Validate it inline with `parsePreRecordedRequest` from
 * `src/shared/schemas/pre-recorded`; `jobs.create` answers 400 with the same `validationErrors`.
 */
export type PreRecordedRequestBody = { audio_url: string } & Record<string, unknown>;

export interface CreatedJob {
  id: string;
}

export const EXPORT_FORMATS = ['txt', 'srt', 'vtt', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ExportedFile {
  /** Suggested file name, e.g. `interview.srt`. */
  filename: string;
  mimeType: string;
  content: string;
}

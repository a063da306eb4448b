export type JobKind = 'pre-recorded' | 'live';
export type JobStatus = 'queued' | 'processing' | 'done' | 'error';

export interface JobRecord {
  id: string;
  kind: JobKind;
  owner: string;
  requestId: string;
  status: JobStatus;
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
  requestParams: Record<string, unknown> | null;
  customMetadata: Record<string, unknown> | null;
  fileId: string | null;
  /** The result as stored JSON text: served as is, so reading a large transcript costs no parse. */
  resultJson: string | null;
  errorCode: number | null;
  errorMessage: string | null;
  postSessionMetadata: Record<string, unknown>;
  progress: number | null;
  attempts: number;
}

export interface FileRecord {
  id: string;
  owner: string;
  filename: string | null;
  extension: string | null;
  source: string | null;
  /** Relative to the data folder. */
  path: string;
  size: number;
  audioDuration: number | null;
  numberOfChannels: number | null;
  createdAt: string;
}

export interface JobFilter {
  owner: string;
  kind?: JobKind;
  offset: number;
  limit: number;
  date?: string;
  beforeDate?: string;
  afterDate?: string;
  status?: JobStatus[];
  customMetadata?: Record<string, string>;
}

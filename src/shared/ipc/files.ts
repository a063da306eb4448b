/**
 * What can be uploaded: a browser `File` (from `<input type=file>` or a drop; in Electron the preload turns it into
 * its path) or a path on the machine running the core (Electron only).
 */
export type UploadSource = File | { path: string };

export interface UploadProgress {
  loaded: number;
  total: number;
  /** loaded / total, 0..1. */
  fraction: number;
}

export interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** An uploaded file, as `POST /v2/upload` describes it. Pass `audioUrl` as `audio_url` to `jobs.create`. */
export interface UploadedFile {
  id: string;
  audioUrl: string;
  filename: string;
  extension: string | null;
  size: number;
  durationS: number | null;
  channels: number | null;
}

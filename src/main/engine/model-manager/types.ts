import type { CatalogModel } from '../catalog';

export type InstallPhase = 'download' | 'verify' | 'extract' | 'done' | 'error';

export interface ModelInfo {
  id: string;
  name: string;
  languages: string[];
  kind: 'streaming' | 'offline' | 'vad' | 'diarization' | 'embedding' | 'punctuation' | string;
  /** Bytes to download (the published archive size), or the installed size when that is all that is known. */
  sizeBytes: number | null;
  installed: boolean;
  /** Also true while another process (a `models pull` next to the app) installs it. */
  installing: boolean;
  /** 0..1 within the current phase (download, then extract), null when unknown or idle. */
  progress: number | null;
  /** The published archive checksum, or for an installed model whose archive has none, the one computed. */
  sha256: string | null;
  /** The official download URL (a mirror, when configured, serves the same file). */
  url: string;
  phase?: InstallPhase;
  /** Installed models only: whether the bytes were checked against a published checksum. */
  verified?: boolean;
}

export interface InstallProgress {
  id: string;
  /** Download: bytes received (including a resumed part). Extract: archive bytes unpacked. */
  receivedBytes: number;
  totalBytes: number | null;
  phase: InstallPhase;
  error?: string;
}

export interface ModelManagerOptions {
  modelsDir: string;
  /** A folder holding the unpacked model folders (or their archives), or a base URL serving the archives. */
  mirror?: string;
  fetch?: typeof fetch;
  /** Defaults to the product catalog. */
  catalog?: CatalogModel[];
}

export interface InstallOptions {
  signal?: AbortSignal;
  onProgress?: (p: InstallProgress) => void;
}

export type ModelErrorCode =
  | 'unknown-model'
  | 'not-installed'
  | 'busy'
  | 'checksum-mismatch'
  | 'download-failed'
  | 'bad-archive'
  | 'mirror-missing'
  | 'io-error'
  | 'aborted';

export class ModelManagerError extends Error {
  constructor(
    readonly code: ModelErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ModelManagerError';
  }
}

/** Written into an installed model's folder: where it came from and how it was checked. */
export interface InstallRecord {
  id: string;
  source: string;
  installedAt: string;
  /** sha256 of the downloaded archive or file, computed while it arrived; null for a folder copy. */
  archiveSha256: string | null;
  archiveBytes: number | null;
  verified: boolean;
  /** What was compared with a published checksum: the archive, or each listed file. */
  verifiedBy: 'archive-sha256' | 'file-sha256' | null;
}

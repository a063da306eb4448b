// The model manager (src/main/engine/model-manager) as the renderer sees it; same shapes as its own types.

export type ModelInstallPhase = 'download' | 'verify' | 'extract' | 'done' | 'error';

export interface InstallProgress {
  id: string;
  /** Download: bytes received (including a resumed part). Extract: archive bytes unpacked. */
  receivedBytes: number;
  /** null when the size is not known in advance. */
  totalBytes: number | null;
  phase: ModelInstallPhase;
  /** With phase `error` (a cancelled install ends as an error too). */
  error?: string;
}

export interface ModelInfo {
  id: string;
  name: string;
  languages: string[];
  /** `streaming` and `offline` are speech recognisers; other kinds (vad, diarization, …) are helpers. */
  kind: string;
  /** Bytes to download, or the installed size; null when unknown. */
  sizeBytes: number | null;
  installed: boolean;
  /** Also true while another process (`models pull`) installs it. */
  installing: boolean;
  /** 0..1 within the current phase, null when idle or unknown. */
  progress: number | null;
  phase?: ModelInstallPhase;
  /** Installed models: whether the bytes were checked against a published checksum. */
  verified?: boolean;
  /** The published checksum (or the one computed at install); null when unknown. */
  sha256: string | null;
  /** The official download URL. */
  url: string;
}

// Errors cross the bridge as plain data (Electron drops the properties of thrown errors, HTTP sends JSON), and are
// rebuilt on the renderer side as a `BridgeError` so screens can show `validationErrors` inline.

/** An error as it crosses the bridge: the HTTP status it stands for, and the API's message (PROTOCOL §7). */
export interface BridgeErrorInfo {
  status: number;
  message: string;
  /** One sentence per invalid field, e.g. `Field "subtitles_config.maximum_duration" must be ...` (400 only). */
  validationErrors?: string[];
  /** A stable machine-readable reason where the status alone is ambiguous (see `BRIDGE_ERROR_CODES`). */
  code?: BridgeErrorCode;
}

export const BRIDGE_ERROR_CODES = [
  /** No native capture pipeline in this process (live.start with a native device). */
  'capture_unavailable',
  /** The API key comes from configuration (`--api-key`) and cannot be regenerated here. */
  'key_not_managed',
  /** A setting that this process cannot change (e.g. the port of a headless server). */
  'setting_read_only',
  /** The model manager is not part of this process. */
  'models_unavailable',
  /** The transport itself failed (server unreachable, socket closed). */
  'network',
  /** The caller aborted (AbortSignal). */
  'aborted',
] as const;
export type BridgeErrorCode = (typeof BRIDGE_ERROR_CODES)[number];

export class BridgeError extends Error implements BridgeErrorInfo {
  readonly status: number;
  readonly validationErrors?: string[];
  readonly code?: BridgeErrorCode;

  constructor(info: BridgeErrorInfo) {
    super(info.message);
    this.name = 'BridgeError';
    this.status = info.status;
    if (info.validationErrors) this.validationErrors = info.validationErrors;
    if (info.code) this.code = info.code;
  }

  toInfo(): BridgeErrorInfo {
    return {
      status: this.status,
      message: this.message,
      ...(this.validationErrors ? { validationErrors: this.validationErrors } : {}),
      ...(this.code ? { code: this.code } : {}),
    };
  }
}

/** What an IPC handler sends back: Electron loses error properties, so failures travel as values. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: BridgeErrorInfo };

import { JobError } from '../jobs/job-error';

export type CaptureErrorCode =
  'unavailable' | 'unknown_device' | 'device_error' | 'invalid_params' | 'not_found' | 'session_error';

const STATUS: Record<CaptureErrorCode, number> = {
  unavailable: 501,
  unknown_device: 404,
  device_error: 502,
  invalid_params: 400,
  not_found: 404,
  session_error: 500,
};

/** A capture failure with an HTTP-style status for the IPC and `/app` layers; `details` lists validation errors. */
export class CaptureError extends Error {
  override readonly name = 'CaptureError';
  readonly status: number;

  constructor(
    readonly code: CaptureErrorCode,
    message: string,
    readonly details: string[] = [],
    status?: number,
  ) {
    super(message);
    this.status = status ?? STATUS[code];
  }

  /** A live service refusal (too many sessions, no model for the language) keeps its status. */
  static fromLive(error: unknown): CaptureError {
    if (error instanceof CaptureError) return error;
    if (error instanceof JobError) return new CaptureError('session_error', error.message, [], error.code);
    return new CaptureError('session_error', `Could not start the live session: ${String(error)}`);
  }
}

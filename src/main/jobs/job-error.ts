import { AudioFormatError, DownloadError } from '../audio/errors';

/** A failure that ends a job in `error` with an HTTP-style `error_code` (spec §3). */
export class JobError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const DOWNLOAD_CODES: Record<DownloadError['code'], number> = {
  bad_url: 400,
  http_status: 400,
  too_large: 413,
  timeout: 408,
  unreachable: 422,
};

export function toJobError(error: unknown): JobError {
  if (error instanceof JobError) return error;
  if (error instanceof DownloadError)
    return new JobError(DOWNLOAD_CODES[error.code], `Could not download audio_url: ${error.message}`);
  if (error instanceof AudioFormatError)
    return new JobError(422, `The audio could not be decoded: ${error.message}`);
  return new JobError(500, `Transcription failed: ${(error as Error)?.message ?? String(error)}`);
}

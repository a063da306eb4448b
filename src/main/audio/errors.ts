/** The input is not usable audio: not decodable, no audio stream, truncated or corrupt, or zero duration. */
export class AudioFormatError extends Error {
  override readonly name = 'AudioFormatError';
}

export type DownloadErrorCode = 'too_large' | 'timeout' | 'unreachable' | 'http_status' | 'bad_url';

/** A remote audio URL could not be fetched; `code` says why (the caller maps it to an HTTP status). */
export class DownloadError extends Error {
  override readonly name = 'DownloadError';

  constructor(
    readonly code: DownloadErrorCode,
    message: string,
    readonly httpStatus?: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

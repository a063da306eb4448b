import type { BridgeErrorInfo } from '../../../shared/ipc/contract';

/** Bridge calls reject with a BridgeError; anything else (a bug, a dropped socket) is shown by its message. */
export function errorInfo(error: unknown): BridgeErrorInfo {
  if (typeof error === 'object' && error !== null && 'status' in error && 'message' in error) {
    const { status, message, validationErrors, code } = error as BridgeErrorInfo;
    if (typeof status === 'number' && typeof message === 'string') {
      return {
        status,
        message,
        ...(validationErrors ? { validationErrors } : {}),
        ...(code ? { code } : {}),
      };
    }
  }
  return { status: 0, message: error instanceof Error ? error.message : String(error) };
}

export function errorMessage(error: unknown): string {
  const info = errorInfo(error);
  if (info.code === 'network') return `The transcription server cannot be reached (${info.message}).`;
  if (info.status === 401) return 'The API key was refused. Check the key in the address or sign in again.';
  return info.message;
}

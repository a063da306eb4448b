import { BridgeError, type BridgeErrorInfo } from '../../shared/ipc/errors';
import { JobError } from '../jobs/job-error';
import { formatIssues } from '../../shared/schemas/validation';
import type { z } from 'zod';

export const badInput = (errors: string[]): BridgeError =>
  new BridgeError({
    status: 400,
    message: errors.length === 1 ? errors[0]! : 'Invalid request parameters',
    validationErrors: errors,
  });

export const zodBadInput = (error: z.ZodError): BridgeError => badInput(formatIssues(error.issues));

export const notFound = (what: string): BridgeError =>
  new BridgeError({ status: 404, message: `${what} not found` });

/** Any failure as it crosses the bridge; unexpected errors keep their message (the user is on this machine). */
export function toBridgeErrorInfo(error: unknown): BridgeErrorInfo {
  if (error instanceof BridgeError) return error.toInfo();
  if (error instanceof JobError) {
    return {
      status: error.code,
      message: error.message,
      ...(error.code === 400 ? { validationErrors: [error.message] } : {}),
    };
  }
  return { status: 500, message: `Internal error: ${(error as Error)?.message ?? String(error)}` };
}

/** Runs a handler and wraps its outcome for IPC (Electron would drop the properties of a thrown error). */
export async function settle<T>(
  run: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; error: BridgeErrorInfo }> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    return { ok: false, error: toBridgeErrorInfo(error) };
  }
}

import { performance } from 'node:perf_hooks';
import type { AddonResult } from '../../shared/transcript';

/**
 * An add-on failure with an HTTP-style status for the wrapper's `error.status_code` (spec §2.6).
 * Anything else an add-on throws is reported as 500.
 */
export class AddonError extends Error {
  readonly statusCode: number;

  constructor(statusCode: number, message: string, options?: { cause?: unknown }) {
    super(message, options);
    // Subclasses report their own class name as `exception`.
    this.name = new.target.name;
    this.statusCode = statusCode;
  }
}

const DEFAULT_STATUS = 500;

/** The default `is_empty` test: nothing, an empty array or a blank string. */
export function isEmptyResult(result: unknown): boolean {
  if (result === null || result === undefined) return true;
  if (Array.isArray(result)) return result.length === 0;
  if (typeof result === 'string') return result.trim() === '';
  return false;
}

function statusOf(error: unknown): number {
  if (!(error instanceof AddonError)) return DEFAULT_STATUS;
  const code = error.statusCode;
  return Number.isInteger(code) && code >= 400 && code <= 599 ? code : DEFAULT_STATUS;
}

function exceptionOf(error: unknown): string {
  if (!(error instanceof Error)) return 'Error';
  // Custom classes that never set `name` still say "Error"; their constructor knows better.
  if (error.name && error.name !== 'Error') return error.name;
  return error.constructor?.name || 'Error';
}

function messageOf(name: string, error: unknown): string {
  let message: string;
  if (error instanceof Error) message = error.message;
  else if (typeof error === 'string') message = error;
  else if (error === null || error === undefined) message = '';
  else {
    try {
      message = JSON.stringify(error) ?? String(error);
    } catch {
      message = String(error);
    }
  }
  return message.trim() === '' ? `The ${name} add-on failed` : message;
}

const elapsedSeconds = (since: number): number => Math.round(performance.now() - since) / 1000;

function succeeded<T>(result: T, started: number, isEmpty: (result: T) => boolean): AddonResult<T> {
  const empty = result === null || result === undefined ? true : isEmpty(result);
  return {
    success: true,
    is_empty: empty,
    exec_time: elapsedSeconds(started),
    error: null,
    results: result ?? null,
  };
}

function failed<T>(name: string, error: unknown, started: number): AddonResult<T> {
  return {
    success: false,
    is_empty: true,
    exec_time: elapsedSeconds(started),
    error: {
      status_code: statusOf(error),
      exception: exceptionOf(error),
      message: messageOf(name, error),
    },
    results: null,
  };
}

/**
 * Runs one add-on and wraps its outcome (spec §2.6). Never throws or rejects: whatever `fn` or `isEmpty`
 * throws becomes `success: false` with an error object, so one add-on cannot take down a job.
 */
export async function runAddon<T>(
  name: string,
  fn: () => T | Promise<T>,
  isEmpty: (result: T) => boolean = isEmptyResult,
): Promise<AddonResult<T>> {
  const started = performance.now();
  try {
    const result = await fn();
    return succeeded(result, started, isEmpty);
  } catch (error) {
    return failed(name, error, started);
  }
}

/** `runAddon` for synchronous add-ons whose wrapper is needed inside synchronous code. */
export function runAddonSync<T>(
  name: string,
  fn: () => T,
  isEmpty: (result: T) => boolean = isEmptyResult,
): AddonResult<T> {
  const started = performance.now();
  try {
    return succeeded(fn(), started, isEmpty);
  } catch (error) {
    return failed(name, error, started);
  }
}

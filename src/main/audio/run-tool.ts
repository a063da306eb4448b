import { spawn } from 'node:child_process';
import { basename } from 'node:path';

export interface RunOptions {
  /** Kill the process after this long; 0 or absent means no limit. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Receives stdout as it arrives; without it stdout is collected and returned. */
  onStdout?: (chunk: Buffer) => void;
}

export interface RunResult {
  code: number | null;
  stdout: Buffer;
  /** The tail of stderr (enough for the final error lines). */
  stderr: string;
}

/** The process outlived its `timeoutMs`. */
export class ToolTimeoutError extends Error {
  override readonly name = 'ToolTimeoutError';
}

const STDERR_TAIL = 8192;

/**
 * Runs ffmpeg/ffprobe to completion. Resolves with the exit code whatever it is; rejects on spawn failure, on
 * timeout (ToolTimeoutError) and on abort (the signal's reason), after killing the process.
 */
export function runTool(command: string, args: string[], options: RunOptions = {}): Promise<RunResult> {
  const { signal, timeoutMs, onStdout } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    let stderr = '';
    let failure: unknown = null;

    const stop = (reason: unknown): void => {
      failure ??= reason;
      child.kill('SIGKILL');
    };
    const onAbort = (): void => stop(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    const timer = timeoutMs
      ? setTimeout(
          () => stop(new ToolTimeoutError(`${basename(command)} did not finish within ${timeoutMs} ms`)),
          timeoutMs,
        )
      : undefined;

    child.stdout.on('data', (chunk: Buffer) => {
      if (!onStdout) stdout.push(chunk);
      else if (failure === null) {
        try {
          onStdout(chunk);
        } catch (error) {
          stop(error);
        }
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-STDERR_TAIL);
    });
    const finish = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    child.on('error', (error) => {
      finish();
      reject(failure ?? error);
    });
    // 'close' (not 'exit') so that all of stdout has been delivered.
    child.on('close', (code) => {
      finish();
      if (failure !== null) reject(failure);
      else resolve({ code, stdout: Buffer.concat(stdout), stderr });
    });
  });
}

/** The last non-empty stderr line, with the file path replaced so that server paths do not leak into messages. */
export function lastErrorLine(stderr: string, path: string): string | null {
  const lines = stderr
    .split(/\r?\n/)
    .map((line) => line.split(path).join('input').trim())
    .filter((line) => line.length > 0);
  return lines.at(-1) ?? null;
}

import { availableParallelism } from 'node:os';
import { Worker, type Transferable } from 'node:worker_threads';
import type { WorkerReply } from './protocol';
import { execArgvFor, resolveWorkerScript } from './worker-script';

/** The worker running a task died (native crash, out of memory, exit); the pool has already replaced it. */
export class WorkerCrashError extends Error {
  override name = 'WorkerCrashError';
}

export class PoolClosedError extends Error {
  override name = 'PoolClosedError';
}

export interface RunOptions {
  /** Rejects at once; a task already running finishes in its worker and its result is dropped. */
  signal?: AbortSignal;
  /** Buffers to move instead of copy. SharedArrayBuffer-backed arrays need neither: they are shared. */
  transfer?: Transferable[];
}

interface Job {
  id: number;
  task: unknown;
  transfer: Transferable[];
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
  settled: boolean;
}

interface Slot {
  worker: Worker;
  job?: Job;
  lastError?: Error;
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

/**
 * A fixed set of engine worker threads with a FIFO queue; each worker runs one task at a time. Workers start
 * on first use; a worker that dies fails only the task it was running and is replaced when work is waiting.
 */
export class EnginePool {
  readonly size: number;
  private readonly script: { path: string; execArgv: string[] };
  private readonly queue: Job[] = [];
  private readonly slots = new Set<Slot>();
  private nextId = 1;
  private closed = false;

  constructor(opts: { size?: number; workerScript?: string } = {}) {
    this.size = Math.max(1, Math.floor(opts.size ?? availableParallelism()));
    this.script = opts.workerScript
      ? { path: opts.workerScript, execArgv: execArgvFor(opts.workerScript) }
      : resolveWorkerScript();
  }

  run<T>(task: unknown, opts: RunOptions = {}): Promise<T> {
    if (this.closed) return Promise.reject(new PoolClosedError('engine pool is closed'));
    const { signal } = opts;
    if (signal?.aborted) return Promise.reject(abortError(signal));
    return new Promise<T>((resolve, reject) => {
      const job: Job = {
        id: this.nextId++,
        task,
        transfer: opts.transfer ?? [],
        resolve: resolve as (value: unknown) => void,
        reject,
        signal,
        settled: false,
      };
      if (signal) {
        job.onAbort = () => {
          const queued = this.queue.indexOf(job);
          if (queued >= 0) this.queue.splice(queued, 1);
          this.settle(job, false, abortError(signal));
        };
        signal.addEventListener('abort', job.onAbort, { once: true });
      }
      this.queue.push(job);
      this.dispatch();
    });
  }

  /** Rejects waiting and running tasks and stops every worker. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0))
      this.settle(job, false, new PoolClosedError('engine pool closed'));
    const stopping = [...this.slots].map((slot) => {
      if (slot.job) this.settle(slot.job, false, new PoolClosedError('engine pool closed'));
      return slot.worker.terminate();
    });
    await Promise.all(stopping);
  }

  private settle(job: Job, ok: boolean, value: unknown): void {
    if (job.settled) return;
    job.settled = true;
    if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
    if (ok) job.resolve(value);
    else job.reject(value);
  }

  private dispatch(): void {
    while (this.queue.length > 0 && !this.closed) {
      let slot = [...this.slots].find((s) => !s.job);
      if (!slot) {
        if (this.slots.size >= this.size) return;
        slot = this.spawn();
      }
      const job = this.queue.shift()!;
      slot.job = job;
      slot.worker.ref();
      try {
        slot.worker.postMessage({ id: job.id, task: job.task }, job.transfer);
      } catch (error) {
        // Not cloneable (a function, a detached buffer…): the caller's mistake, the worker is fine.
        slot.job = undefined;
        this.settle(job, false, error);
      }
    }
  }

  private spawn(): Slot {
    const worker = new Worker(this.script.path, { execArgv: this.script.execArgv });
    const slot: Slot = { worker };
    worker.on('message', (reply: WorkerReply) => {
      const job = slot.job;
      if (!job || reply.id !== job.id) return;
      slot.job = undefined;
      worker.unref(); // an idle pool must not keep the process alive
      if (reply.ok) this.settle(job, true, reply.result);
      else this.settle(job, false, new Error(reply.error));
      this.dispatch();
    });
    worker.on('error', (error) => {
      slot.lastError = error;
    });
    worker.on('exit', (code) => {
      this.slots.delete(slot);
      if (slot.job && !this.closed) {
        const why = slot.lastError ? `: ${slot.lastError.message}` : '';
        this.settle(slot.job, false, new WorkerCrashError(`engine worker stopped (exit code ${code})${why}`));
      }
      this.dispatch();
    });
    this.slots.add(slot);
    return slot;
  }
}

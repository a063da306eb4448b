import type { JobStore } from './job-store';
import type { JobRecord } from './types';

export type JobRunner = (job: JobRecord, signal: AbortSignal) => Promise<void>;

/**
 * Runs queued jobs a few at a time. The queue lives in SQLite: on start every job a previous run left queued or
 * processing is taken up again, so a crash or kill never loses one.
 */
export class JobScheduler {
  private readonly queue: string[] = [];
  private readonly running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  private accepting = false;

  constructor(
    private readonly jobs: JobStore,
    private readonly run: JobRunner,
    private readonly concurrency: number,
    private readonly log: (message: string, error?: unknown) => void,
  ) {}

  start(): number {
    this.accepting = true;
    const unfinished = this.jobs.requeueUnfinished('pre-recorded');
    this.queue.push(...unfinished);
    this.pump();
    return unfinished.length;
  }

  enqueue(id: string): void {
    this.queue.push(id);
    this.pump();
  }

  /** Stops the job if it is waiting or running; a running one is aborted. */
  cancel(id: string): void {
    const index = this.queue.indexOf(id);
    if (index >= 0) this.queue.splice(index, 1);
    this.running.get(id)?.controller.abort(new Error('job cancelled'));
  }

  isRunning(id: string): boolean {
    return this.running.has(id);
  }

  /**
   * Stops taking work and gives running jobs `graceMs` to finish. Jobs still running after that are aborted and
   * left `processing` in the store, so the next start runs them again from the beginning.
   */
  async stop(graceMs: number): Promise<void> {
    this.accepting = false;
    this.queue.length = 0;
    const all = Promise.all([...this.running.values()].map((r) => r.done));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>(
      (resolve) => (timer = setTimeout(() => resolve('timeout'), graceMs)),
    );
    const outcome = await Promise.race([all.then(() => 'done' as const), timeout]);
    clearTimeout(timer);
    if (outcome === 'timeout') {
      for (const r of this.running.values()) r.controller.abort(new ShutdownError());
      await all;
    }
  }

  private pump(): void {
    while (this.accepting && this.running.size < this.concurrency && this.queue.length > 0) {
      const id = this.queue.shift()!;
      if (this.running.has(id)) continue;
      const job = this.jobs.get(id);
      if (!job || job.status === 'done' || job.status === 'error') continue;
      const controller = new AbortController();
      const done = this.run(job, controller.signal)
        .catch((error: unknown) => this.log(`job ${id} runner failed`, error))
        .finally(() => {
          this.running.delete(id);
          this.pump();
        });
      this.running.set(id, { controller, done });
    }
  }
}

export class ShutdownError extends Error {
  constructor() {
    super('server shutting down');
  }
}

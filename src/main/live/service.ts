import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { LiveParams } from '../../shared/schemas/live';
import { repairWav } from '../audio/wav-recorder';
import type { LiveEnginePool } from '../engine/live-pool';
import type { ModelRegistry } from '../engine/models';
import type { FileStore } from '../jobs/file-store';
import type { JobStore } from '../jobs/job-store';
import { JobError } from '../jobs/job-error';
import { newRequestId } from '../jobs/pre-recorded/service';
import type { JobRecord } from '../jobs/types';
import type { LlmProvider } from '../addons/llm';
import { LiveSession, type SessionDeps } from './session';

export interface LiveLimits {
  maxSessions: number;
  /** Seconds a session may go without a connected client (or a connected client without sending anything). */
  idleTimeoutS: number;
}

/** Live sessions: creation with a token URL, lookup by token, limits, idle expiry, shutdown and restart recovery. */
export class LiveService {
  private readonly active = new Map<string, LiveSession>();
  private readonly byToken = new Map<string, LiveSession>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly deps: Omit<SessionDeps, 'llm'> & {
      jobs: JobStore;
      files: FileStore;
      pool: LiveEnginePool;
      /** The endpoint in use changes at run time; each session keeps the one current when it was created. */
      llm: Pick<LlmProvider, 'current'>;
    },
    private readonly models: ModelRegistry,
    private readonly limits: LiveLimits,
  ) {
    this.timer = setInterval(() => this.expireIdle(), 1000);
    this.timer.unref();
  }

  create(owner: string, params: LiveParams): { job: JobRecord; session: LiveSession } {
    if (this.active.size >= this.limits.maxSessions) {
      throw new JobError(
        429,
        `Too many live sessions at once (limit ${this.limits.maxSessions}); end one and retry`,
      );
    }
    const resolved = this.models.resolve(params.model, params.language_config.languages);
    if (!resolved.ok) throw new JobError(resolved.status, resolved.message);
    const { custom_metadata, ...rest } = params as LiveParams & { custom_metadata?: Record<string, unknown> };
    const job = this.deps.jobs.create({
      id: randomUUID(),
      kind: 'live',
      owner,
      requestId: newRequestId(),
      requestParams: rest,
      customMetadata: custom_metadata ?? null,
      fileId: null,
    });
    const session = new LiveSession(job.id, owner, params, resolved, {
      ...this.deps,
      llm: this.deps.llm.current(),
    });
    this.active.set(job.id, session);
    this.byToken.set(session.token, session);
    return { job, session };
  }

  /** The session a WebSocket token opens; finished sessions stay findable so the client gets a 44xx close. */
  byTokenOf(token: string): LiveSession | undefined {
    return this.byToken.get(token);
  }

  /** Ends every running session (as if each client had stopped), within `graceMs`. */
  async shutdown(graceMs: number): Promise<void> {
    clearInterval(this.timer);
    const ends = [...this.active.values()].map((s) => s.end('shutdown'));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all(ends), new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    clearTimeout(timer);
  }

  /**
   * Sessions a previous run left open can never be resumed (their tokens lived in memory). What they recorded is
   * kept and they end `done` with their audio, or `error` when no audio arrived, so none stays `processing`.
   */
  recover(): number {
    const ids = this.deps.jobs.requeueUnfinished('live');
    for (const id of ids) {
      const job = this.deps.jobs.get(id)!;
      const file = job.fileId ? this.deps.files.get(job.fileId) : undefined;
      const path = file && this.deps.files.absolutePath(file);
      if (!file || !path || !existsSync(path)) {
        this.deps.jobs.fail(id, 408, 'The server restarted before the session received any audio');
        continue;
      }
      void repairWav(path).then(
        ({ durationSec }) => {
          this.deps.files.finishRecording(file.id, file.size, durationSec);
          this.deps.jobs.fail(
            id,
            500,
            'The server restarted during the session; its audio was kept (GET …/file)',
          );
        },
        (error: unknown) =>
          this.deps.jobs.fail(id, 500, `The server restarted during the session: ${String(error)}`),
      );
    }
    return ids.length;
  }

  private expireIdle(): void {
    const now = Date.now();
    for (const [id, session] of this.active) {
      if (session.finished) {
        this.active.delete(id);
        // Keep the token a while longer so a late reconnect gets "finished" rather than "unknown".
        setTimeout(() => this.byToken.delete(session.token), 10 * 60_000).unref();
      } else if (now - session.lastActivity > this.limits.idleTimeoutS * 1000) {
        void session.end('idle');
      }
    }
  }
}

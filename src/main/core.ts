import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { Config } from './config';
import { openDatabase } from './jobs/db';
import { JobStore } from './jobs/job-store';
import { FileStore } from './jobs/file-store';
import { JobScheduler } from './jobs/scheduler';
import { CallbackSender } from './jobs/callbacks';
import { createPreRecordedRunner } from './jobs/pre-recorded/pipeline';
import { PreRecordedService } from './jobs/pre-recorded/service';
import { EnginePool } from './engine/pool';
import { ModelRegistry } from './engine/models';
import { LiveEnginePool } from './engine/live-pool';
import { JobLibrary } from './jobs/job-library';
import { JobQueries } from './jobs/job-queries';
import { LiveService } from './live/service';
import { LlmSettingsStore } from './llm-settings';
import type { SecretCodec } from './key-store';
import { closeDiarizationPool } from './engine/diarization';

export type Log = (message: string, error?: unknown) => void;

export interface CoreOptions {
  /** How secrets saved by the core (the language model's API key) are kept at rest; default: plain text. */
  secretCodec?: SecretCodec;
}

/** The headless core: job store, engine and scheduler, shared by the HTTP server, the CLI and the desktop app. */
export function createCore(config: Config, publicUrl: () => string, log: Log, options: CoreOptions = {}) {
  const db = openDatabase(config.dataDir);
  const jobs = new JobStore(db);
  const files = new FileStore(db, config.dataDir);
  files.removeOrphans();
  const models = new ModelRegistry(config.modelsDir);
  const pool = new EnginePool({ size: config.workers ?? availableParallelism() });
  const callbacks = new CallbackSender({ retries: config.callbackRetries, log });
  // Flags, else the endpoint saved in Settings; jobs and sessions read `llm.provider.current()` as they start.
  const llm = new LlmSettingsStore(config, join(config.dataDir, 'llm.json'), options.secretCodec, log);
  const runner = createPreRecordedRunner({
    jobs,
    files,
    pool,
    models,
    callbacks,
    download: { maxBytes: config.maxDownloadMb * 1e6, timeoutMs: config.downloadTimeoutS * 1000 },
    maxAudioDurationS: config.maxAudioDurationS,
    modelsDir: config.modelsDir,
    llm: llm.provider,
    log,
  });
  const scheduler = new JobScheduler(jobs, runner, config.concurrentJobs, log);
  const preRecorded = new PreRecordedService(jobs, files, scheduler, models, publicUrl);
  const livePool = new LiveEnginePool({ size: config.workers ?? availableParallelism() });
  const live = new LiveService({ jobs, files, pool: livePool, callbacks, llm: llm.provider, log }, models, {
    maxSessions: config.maxLiveSessions,
    idleTimeoutS: config.liveIdleTimeoutS,
  });
  const library = new JobLibrary(jobs, files);

  return {
    jobs,
    files,
    models,
    preRecorded,
    live,
    library,
    llm,
    queries: new JobQueries(db),
    /** Takes up the jobs a previous run left unfinished; returns how many. */
    start: () => scheduler.start() + live.recover(),
    async close(graceMs: number): Promise<void> {
      await Promise.all([scheduler.stop(graceMs), live.shutdown(graceMs)]);
      await callbacks.close(Math.min(graceMs, 2000));
      await Promise.all([pool.close(), livePool.close(), closeDiarizationPool()]);
      db.close();
    },
  };
}

export type Core = ReturnType<typeof createCore>;

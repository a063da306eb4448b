import { decodeAudio } from '../../audio/decode';
import type { EnginePool } from '../../engine/pool';
import type { ModelRegistry } from '../../engine/models';
import { transcribe } from '../../engine/transcriber';
import type { PreRecordedParams } from '../../../shared/schemas/pre-recorded';
import type { CallbackSender } from '../callbacks';
import type { FileStore } from '../file-store';
import type { JobStore } from '../job-store';
import { JobError, toJobError } from '../job-error';
import { ShutdownError, type JobRunner } from '../scheduler';
import type { JobRecord } from '../types';
import { applyAddons } from './addons';
import { vocabularyHotwords } from '../../addons/custom-vocabulary';
import type { LlmProvider } from '../../addons/llm';
import { fetchRemoteAudio, requireFile, type DownloadLimits } from './audio-source';
import { buildTranscription, distinctChannels, spaceWords } from './transcription';
import { callbackFor, errorCallbackBody, successCallbackBody } from './callback-bodies';

export interface PreRecordedDeps {
  jobs: JobStore;
  files: FileStore;
  pool: EnginePool;
  models: ModelRegistry;
  callbacks: CallbackSender;
  download: DownloadLimits;
  maxAudioDurationS: number;
  modelsDir: string;
  /** The OpenAI-compatible endpoint in use for the add-ons that need a language model (changes at run time). */
  llm: Pick<LlmProvider, 'current'>;
  log: (message: string, error?: unknown) => void;
}

/** fetch → decode → recognise → add-ons → store → callback, for one pre-recorded job. */
export function createPreRecordedRunner(deps: PreRecordedDeps): JobRunner {
  return async (job, signal) => {
    const started = performance.now();
    deps.jobs.markProcessing(job.id);
    try {
      const result = await process(deps, job, signal);
      result.metadata.transcription_time = round((performance.now() - started) / 1000);
      const { warnings, execTimes, ...rest } = result;
      deps.jobs.complete(job.id, rest, {
        ...(warnings.length && { warnings }),
        ...(Object.keys(execTimes).length && { addon_exec_times: execTimes }),
      });
      const target = callbackFor(job);
      if (target) deps.callbacks.send({ ...target, body: successCallbackBody(job, rest) });
    } catch (error) {
      if (signal.aborted && signal.reason instanceof ShutdownError) return;
      const failure = toJobError(error);
      if (failure.code >= 500) deps.log(`job ${job.id} failed`, error);
      deps.jobs.fail(job.id, failure.code, failure.message);
      const target = callbackFor(job);
      if (target) deps.callbacks.send({ ...target, body: errorCallbackBody(job, failure) });
    }
  };
}

async function process(deps: PreRecordedDeps, job: JobRecord, signal: AbortSignal) {
  const params = job.requestParams as unknown as PreRecordedParams;
  // Taken as the job starts: a change in Settings applies to the next job, not halfway through this one.
  const llm = deps.llm.current();
  const resolved = deps.models.resolve(params.model, params.language_config.languages);
  if (!resolved.ok) throw new JobError(resolved.status, resolved.message);

  let file = job.fileId ? requireFile(deps.files, job.fileId) : null;
  if (!file) {
    file = await fetchRemoteAudio(deps.files, job.owner, params.audio_url, deps.download, signal);
    deps.jobs.attachFile(job.id, file.id);
  }
  if ((file.audioDuration ?? 0) > deps.maxAudioDurationS) {
    throw new JobError(
      413,
      `The audio lasts ${file.audioDuration} s, over this server's limit of ${deps.maxAudioDurationS} s`,
    );
  }

  const audio = await decodeAudio(deps.files.absolutePath(file), { channels: 'keep', signal });
  const kept = distinctChannels(audio.channels);
  let lastReport = 0;
  const { utterances } = await transcribe(
    deps.pool,
    { channels: kept.map((c) => audio.channels[c]!), sampleRate: 16000 },
    {
      model: resolved.model,
      language: resolved.language,
      hotwords:
        params.custom_vocabulary && params.custom_vocabulary_config
          ? vocabularyHotwords(params.custom_vocabulary_config)
          : undefined,
      signal,
      onProgress: (fraction) => {
        // Progress is for people watching a list; a write per percent is plenty.
        if (fraction - lastReport >= 0.01) {
          lastReport = fraction;
          deps.jobs.setProgress(job.id, fraction);
        }
      },
    },
  );
  const withChannels = utterances.map((u) => ({ ...u, channel: kept[u.channel] ?? u.channel }));
  const { transcription, blocks, warnings, execTimes } = await applyAddons(
    params,
    buildTranscription(spaceWords(withChannels), [resolved.language]),
    {
      audio: { channels: audio.channels, sampleRate: 16000 },
      modelsDir: deps.modelsDir,
      llm,
      signal,
    },
  );
  return {
    metadata: {
      audio_duration: round(audio.durationSec),
      number_of_distinct_channels: kept.length,
      billing_time: round(audio.durationSec * kept.length),
      transcription_time: 0,
    },
    transcription,
    ...blocks,
    warnings,
    execTimes,
  };
}

const round = (n: number): number => Math.round(n * 1000) / 1000;

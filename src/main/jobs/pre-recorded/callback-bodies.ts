import type { CallbackRequest } from '../callbacks';
import type { JobError } from '../job-error';
import type { JobRecord } from '../types';

interface CallbackParams {
  callback?: boolean;
  callback_url?: string;
  callback_config?: { url: string; method?: 'POST' | 'PUT' };
}

/** Where a job's result goes: `callback` + `callback_config`, or the legacy `callback_url` (always POST). */
export function callbackFor(job: JobRecord): Omit<CallbackRequest, 'body'> | null {
  const params = (job.requestParams ?? {}) as CallbackParams;
  if (params.callback && params.callback_config?.url) {
    return { url: params.callback_config.url, method: params.callback_config.method ?? 'POST' };
  }
  if (params.callback_url) return { url: params.callback_url, method: 'POST' };
  return null;
}

// Bodies as in PROTOCOL §6.1.
export const successCallbackBody = (job: JobRecord, result: Record<string, unknown>) => ({
  id: job.id,
  event: 'transcription.success',
  payload: result,
  custom_metadata: job.customMetadata,
});

export const errorCallbackBody = (job: JobRecord, error: JobError) => ({
  id: job.id,
  event: 'transcription.error',
  error: { code: error.code, message: error.message },
  custom_metadata: job.customMetadata,
});

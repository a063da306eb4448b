import type { FileRecord, JobRecord } from '../jobs/types';

/**
 * A job as the API returns it (spec §2.1), as JSON text: every key present, `null` where there is no value. The
 * stored result text is spliced in as is, so a GET of a long transcript costs no parse and no re-serialisation.
 */
export function serializeJob(job: JobRecord, file: FileRecord | undefined): string {
  const envelope = {
    id: job.id,
    request_id: job.requestId,
    version: 2,
    status: job.status,
    created_at: job.createdAt,
    completed_at: job.completedAt,
    custom_metadata: job.customMetadata,
    error_code: job.errorCode,
    // Debug data (spec §2.1): why a job failed, which requested add-ons could not run.
    post_session_metadata: job.errorMessage
      ? { ...job.postSessionMetadata, error: job.errorMessage }
      : job.postSessionMetadata,
    kind: job.kind,
    file: file
      ? {
          id: file.id,
          filename: file.filename,
          source: file.source,
          audio_duration: file.audioDuration,
          number_of_channels: file.numberOfChannels,
        }
      : null,
    request_params: job.requestParams,
  };
  const head = JSON.stringify(envelope).slice(0, -1);
  const result = job.status === 'done' && job.resultJson ? job.resultJson : 'null';
  return `${head},"result":${result}}`;
}

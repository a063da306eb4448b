import { randomUUID, randomBytes } from 'node:crypto';
import type { PreRecordedParams } from '../../../shared/schemas/pre-recorded';
import type { ModelRegistry } from '../../engine/models';
import { ownFileId } from '../audio-url';
import type { FileStore } from '../file-store';
import type { JobStore } from '../job-store';
import { JobError } from '../job-error';
import type { JobScheduler } from '../scheduler';
import type { JobRecord } from '../types';

export const newRequestId = (): string => `G-${randomBytes(4).toString('hex')}`;

/** Creating pre-recorded jobs; the HTTP layer, the CLI and the desktop app call this. */
export class PreRecordedService {
  constructor(
    private readonly jobs: JobStore,
    private readonly files: FileStore,
    private readonly scheduler: JobScheduler,
    private readonly models: ModelRegistry,
    private readonly publicUrl: () => string,
  ) {}

  /** Checks what can be checked before queueing (model, own upload), so the caller gets a 4xx at once. */
  create(owner: string, params: PreRecordedParams): JobRecord {
    const resolved = this.models.resolve(params.model, params.language_config.languages);
    if (!resolved.ok) throw new JobError(resolved.status, resolved.message);
    const fileId = ownFileId(params.audio_url, this.publicUrl());
    if (fileId) {
      const file = this.files.get(fileId);
      if (!file || file.owner !== owner)
        throw new JobError(404, `audio_url refers to an unknown upload: ${fileId}`);
    }
    const { custom_metadata, ...rest } = params as PreRecordedParams & {
      custom_metadata?: Record<string, unknown>;
    };
    const job = this.jobs.create({
      id: randomUUID(),
      kind: 'pre-recorded',
      owner,
      requestId: newRequestId(),
      requestParams: rest,
      customMetadata: custom_metadata ?? null,
      fileId,
    });
    this.scheduler.enqueue(job.id);
    return job;
  }
}

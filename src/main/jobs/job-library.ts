import type { FileStore } from './file-store';
import type { JobStore } from './job-store';
import { JobError } from './job-error';
import type { FileRecord, JobFilter, JobRecord } from './types';

/** Reading and deleting jobs of either kind, with their audio; the HTTP layer and the desktop app both use it. */
export class JobLibrary {
  private readonly deletedListeners: ((id: string) => void)[] = [];

  constructor(
    private readonly jobs: JobStore,
    private readonly files: FileStore,
  ) {}

  get(id: string): JobRecord | undefined {
    return this.jobs.get(id);
  }

  list(filter: JobFilter): JobRecord[] {
    return this.jobs.list(filter);
  }

  fileOf(job: JobRecord): FileRecord | undefined {
    return job.fileId ? this.files.get(job.fileId) : undefined;
  }

  filePath(file: FileRecord): string {
    return this.files.absolutePath(file);
  }

  /** Lets readers that keep copies of finished jobs (response caches) drop them. */
  onDeleted(listener: (id: string) => void): void {
    this.deletedListeners.push(listener);
  }

  /** Deletes a finished job and its audio (an upload shared with another job stays until that one goes too). */
  delete(job: JobRecord): void {
    if (job.status === 'queued' || job.status === 'processing') {
      throw new JobError(403, `The job is ${job.status} and cannot be deleted until it has finished`);
    }
    this.jobs.delete(job.id);
    if (job.fileId && this.jobs.countUsingFile(job.fileId) === 0) this.files.delete(job.fileId);
    for (const listener of this.deletedListeners) listener(job.id);
  }
}

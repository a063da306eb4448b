import { LRUCache } from 'lru-cache';
import type { JobKind, JobRecord } from '../jobs/types';

interface CachedJob {
  owner: string;
  kind: JobKind;
  body: Buffer;
}

/**
 * Serialised envelopes of finished jobs. A done or failed job never changes again (only deletion removes it), so
 * repeated GETs of a long transcript, which clients poll and UIs reload, are answered from memory.
 */
export class FinishedJobCache {
  private readonly cache: LRUCache<string, CachedJob>;

  constructor(maxBytes = 64 * 1024 * 1024) {
    this.cache = new LRUCache({ maxSize: maxBytes, sizeCalculation: (entry) => entry.body.length + 64 });
  }

  get(id: string): CachedJob | undefined {
    return this.cache.get(id);
  }

  /** Returns the body, keeping it when the job is finished. */
  remember(job: JobRecord, json: string): Buffer {
    const body = Buffer.from(json);
    if (job.status === 'done' || job.status === 'error') {
      this.cache.set(job.id, { owner: job.owner, kind: job.kind, body });
    }
    return body;
  }

  forget(id: string): void {
    this.cache.delete(id);
  }
}

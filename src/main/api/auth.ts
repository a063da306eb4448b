import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors';
import type { JobRecord } from '../jobs/types';

/** Jobs store a hash of the key that created them, never the key itself. */
export const ownerOf = (key: string): string => createHash('sha256').update(key).digest('hex').slice(0, 32);

export class KeyRing {
  private readonly owners: Map<string, string>;

  constructor(keys: readonly (string | { key: string; owner: string })[]) {
    this.owners = new Map(
      keys.map((k) => (typeof k === 'string' ? [k, ownerOf(k)] : [k.key, k.owner]) as [string, string]),
    );
  }

  /** The owner id of the request's key (`x-gladia-key` or `x-service-key`), or a 401. */
  authenticate(request: FastifyRequest): string {
    return this.authenticateKey(request).owner;
  }

  /** The request's key and its owner id, or a 401. */
  authenticateKey(request: FastifyRequest): { key: string; owner: string } {
    const header = request.headers['x-gladia-key'] ?? request.headers['x-service-key'];
    const key = Array.isArray(header) ? header[0] : header;
    if (!key) throw new ApiError(401, 'Missing API key: send it in the x-gladia-key header');
    return { key, owner: this.ownerOfKey(key) };
  }

  /** For credentials that do not come in a header (the first message of a WebSocket). */
  ownerOfKey(key: string): string {
    const owner = this.owners.get(key);
    if (!owner) throw new ApiError(401, 'API key not found');
    return owner;
  }

  /** A regenerated key takes the old one's place at once; the owner id (and so the jobs) stay. */
  replace(oldKey: string, entry: { key: string; owner: string }): void {
    this.owners.delete(oldKey);
    this.owners.set(entry.key, entry.owner);
  }
}

/** Spec §5.3: another key's job is a 401 "no permission", an unknown one a 404. */
export function authorizeJob(job: JobRecord | undefined, owner: string, id: string): JobRecord {
  if (!job) throw new ApiError(404, `Job ${id} not found`);
  if (job.owner !== owner) throw new ApiError(401, 'You have no permission to access the job');
  return job;
}

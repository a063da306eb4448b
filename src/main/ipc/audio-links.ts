import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a link handed to an `<audio>` element stays playable. */
export const AUDIO_LINK_TTL_S = 12 * 3600;

/**
 * Signed, expiring links to a job's audio. An `<audio>` element cannot send the key header, and a key in a URL
 * would end up in histories and logs; a signature for one job and a few hours does no harm there. The secret
 * lives in memory, so links die with the process.
 */
export class AudioLinks {
  private readonly secret = randomBytes(32);

  constructor(private readonly origin: () => string) {}

  private sign(jobId: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${jobId}\n${expires}`).digest('base64url');
  }

  url(jobId: string, nowMs = Date.now()): string {
    const expires = Math.floor(nowMs / 1000) + AUDIO_LINK_TTL_S;
    const sig = this.sign(jobId, expires);
    return `${this.origin()}/app/audio/${encodeURIComponent(jobId)}?expires=${expires}&sig=${sig}`;
  }

  verify(jobId: string, expires: unknown, sig: unknown, nowMs = Date.now()): boolean {
    if (typeof expires !== 'string' || typeof sig !== 'string' || !/^\d+$/.test(expires)) return false;
    if (Number(expires) * 1000 < nowMs) return false;
    const expected = Buffer.from(this.sign(jobId, Number(expires)));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

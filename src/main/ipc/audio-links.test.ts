import { describe, expect, it } from 'vitest';
import { AUDIO_LINK_TTL_S, AudioLinks } from './audio-links';

describe('AudioLinks', () => {
  const links = new AudioLinks(() => 'http://127.0.0.1:8080');
  const parts = (url: string) => {
    const parsed = new URL(url);
    return { expires: parsed.searchParams.get('expires')!, sig: parsed.searchParams.get('sig')! };
  };

  it('verifies its own links for that job until they expire', () => {
    const now = Date.now();
    const url = links.url('job-1', now);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:8080\/app\/audio\/job-1\?expires=\d+&sig=[\w-]{43}$/);
    const { expires, sig } = parts(url);
    expect(links.verify('job-1', expires, sig, now)).toBe(true);
    expect(links.verify('job-2', expires, sig, now)).toBe(false);
    expect(links.verify('job-1', String(Number(expires) + 1), sig, now)).toBe(false);
    expect(links.verify('job-1', expires, sig, now + (AUDIO_LINK_TTL_S + 1) * 1000)).toBe(false);
    expect(links.verify('job-1', undefined, sig, now)).toBe(false);
  });

  it('refuses links signed by another process', () => {
    const { expires, sig } = parts(new AudioLinks(() => 'http://127.0.0.1:8080').url('job-1'));
    expect(links.verify('job-1', expires, sig)).toBe(false);
  });
});

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ownerOf } from './api/auth';
import { configuredKeyStore, generatedKeyStore, KeyNotManagedError, type SecretCodec } from './key-store';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'lt-keys-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** AES-256-GCM with a key held in memory: a real encryption, as safeStorage is for the desktop app. */
function aesCodec(): SecretCodec {
  const key = randomBytes(32);
  return {
    encode(text) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    decode(data) {
      const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, 12));
      decipher.setAuthTag(data.subarray(12, 28));
      return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

describe('generatedKeyStore', () => {
  it('generates a key once, keeps it across restarts as a bare key readable only by its owner', () => {
    const file = join(tempDir(), 'api-key');
    const first = generatedKeyStore(file).primary();
    expect(first.key).toMatch(/^[\w-]{32}$/);
    expect(first.owner).toBe(ownerOf(first.key));
    expect(readFileSync(file, 'utf8')).toBe(`${first.key}\n`);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(generatedKeyStore(file).primary()).toEqual(first);
  });

  it('regenerates a key that keeps the old owner id, also after a restart', () => {
    const file = join(tempDir(), 'api-key');
    const store = generatedKeyStore(file);
    const old = store.primary();
    const fresh = store.regenerate();
    expect(fresh.key).not.toBe(old.key);
    expect(fresh.owner).toBe(old.owner);
    expect(store.entries()).toEqual([fresh]);
    expect(readFileSync(file, 'utf8').trim()).toBe(fresh.key);
    expect(readFileSync(`${file}.owner`, 'utf8').trim()).toBe(old.owner);
    expect(generatedKeyStore(file).primary()).toEqual(fresh);
  });

  it('keeps key and owner encrypted with a codec: the file holds neither in clear', () => {
    const file = join(tempDir(), 'api-key.enc');
    const codec = aesCodec();
    const store = generatedKeyStore(file, codec);
    const fresh = store.regenerate();
    const raw = readFileSync(file);
    expect(raw.includes(Buffer.from(fresh.key))).toBe(false);
    expect(raw.includes(Buffer.from(fresh.owner))).toBe(false);
    expect(existsSync(`${file}.owner`)).toBe(false);
    expect(generatedKeyStore(file, codec).primary()).toEqual(fresh);
  });
});

describe('configuredKeyStore', () => {
  it('accepts every configured key and refuses to regenerate', () => {
    const store = configuredKeyStore(['key-aaaaaaaa', 'key-bbbbbbbb']);
    expect(store.source).toBe('configured');
    expect(store.entries().map((e) => e.key)).toEqual(['key-aaaaaaaa', 'key-bbbbbbbb']);
    expect(store.primary().owner).toBe(ownerOf('key-aaaaaaaa'));
    expect(() => store.regenerate()).toThrow(KeyNotManagedError);
  });
});

import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ownerOf } from './api/auth';
import { aesCodec } from '../../test/helpers/secret-codec';
import { configuredKeyStore, generatedKeyStore, KeyNotManagedError } from './key-store';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'lt-keys-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

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

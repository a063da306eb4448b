import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { ownerOf } from './api/auth';

/** An accepted key and the owner id its jobs are stored under. */
export interface KeyEntry {
  key: string;
  owner: string;
}

/**
 * The keys the server accepts. A generated key can be regenerated: the new key keeps the owner id of the old one,
 * so the jobs made with the old key stay visible.
 */
export interface KeyStore {
  readonly source: 'generated' | 'configured';
  entries(): KeyEntry[];
  /** The key shown in Settings and used by the desktop app itself. */
  primary(): KeyEntry;
  regenerate(): KeyEntry;
}

/** How a generated key is kept at rest: plain text (headless) or encrypted with Electron's safeStorage. */
export interface SecretCodec {
  encode(text: string): Buffer;
  decode(data: Buffer): string;
}

export class KeyNotManagedError extends Error {
  constructor() {
    super('The API key comes from configuration (--api-key / API_KEYS) and cannot be regenerated here');
  }
}

export const newApiKey = (): string => randomBytes(24).toString('base64url');

export function configuredKeyStore(keys: readonly string[]): KeyStore {
  const entries = keys.map((key) => ({ key, owner: ownerOf(key) }));
  if (entries.length === 0) throw new Error('configuredKeyStore needs at least one key');
  return {
    source: 'configured',
    entries: () => [...entries],
    primary: () => entries[0]!,
    regenerate: () => {
      throw new KeyNotManagedError();
    },
  };
}

function writeAtomic(file: string, data: Buffer | string): void {
  mkdirSync(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, data, { mode: 0o600 });
  renameSync(temp, file);
}

/**
 * A key generated on first start and kept in `file`. Without a codec the file holds the bare key (so `cat` shows
 * it, as the README says) and a regenerated key's owner id goes to `<file>.owner`; with a codec the file holds the
 * encoded JSON `{key, owner}`.
 */
export function generatedKeyStore(file: string, codec?: SecretCodec): KeyStore {
  const ownerFile = `${file}.owner`;
  const read = (): KeyEntry | null => {
    if (!existsSync(file)) return null;
    const data = readFileSync(file);
    if (codec) {
      const parsed = JSON.parse(codec.decode(data)) as Partial<KeyEntry>;
      return parsed.key && parsed.owner ? { key: parsed.key, owner: parsed.owner } : null;
    }
    const key = data.toString('utf8').trim();
    if (!key) return null;
    const owner = existsSync(ownerFile) ? readFileSync(ownerFile, 'utf8').trim() : '';
    return { key, owner: owner || ownerOf(key) };
  };
  const write = (entry: KeyEntry): void => {
    if (codec) return writeAtomic(file, codec.encode(JSON.stringify(entry)));
    writeAtomic(file, `${entry.key}\n`);
    if (entry.owner === ownerOf(entry.key)) rmSync(ownerFile, { force: true });
    else writeAtomic(ownerFile, `${entry.owner}\n`);
  };
  let current = read();
  if (!current) {
    const key = newApiKey();
    current = { key, owner: ownerOf(key) };
    write(current);
  }
  return {
    source: 'generated',
    entries: () => [current!],
    primary: () => current!,
    regenerate: () => {
      current = { key: newApiKey(), owner: current!.owner };
      write(current);
      return current;
    },
  };
}

import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The keys the server accepts: those configured, or else one generated on first start and kept in the data
 * folder (readable only by its owner) so that it stays the same across restarts.
 */
export function resolveApiKeys(
  configured: readonly string[],
  dataDir: string,
): { keys: string[]; generated: string | null } {
  if (configured.length > 0) return { keys: [...configured], generated: null };
  const file = join(dataDir, 'api-key');
  if (existsSync(file)) {
    const key = readFileSync(file, 'utf8').trim();
    if (key) return { keys: [key], generated: key };
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(24).toString('base64url');
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return { keys: [key], generated: key };
}

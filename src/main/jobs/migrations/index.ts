import type { Database } from 'better-sqlite3';
import type { Migration } from './types';
import { migration0010 } from './0010-initial';

/** Every migration, oldest first. Append only: a released migration is never edited. */
export const MIGRATIONS: readonly Migration[] = [migration0010];

export class DatabaseFromFutureError extends Error {
  constructor(found: number, known: number) {
    super(
      `The database is at schema version ${found}, newer than this app knows (${known}). Update the app.`,
    );
  }
}

export function migrate(db: Database, migrations: readonly Migration[] = MIGRATIONS): number {
  for (let i = 1; i < migrations.length; i++) {
    if (migrations[i]!.version <= migrations[i - 1]!.version)
      throw new Error('migration versions must increase');
  }
  const current = db.pragma('user_version', { simple: true }) as number;
  const latest = migrations.at(-1)?.version ?? 0;
  if (current > latest) throw new DatabaseFromFutureError(current, latest);
  const pending = migrations.filter((m) => m.version > current);
  if (pending.length === 0) return current;
  db.transaction(() => {
    for (const m of pending) m.up(db);
    db.pragma(`user_version = ${latest}`);
  })();
  return latest;
}

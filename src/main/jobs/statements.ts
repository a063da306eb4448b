import type { Statement } from 'better-sqlite3';
import type { Db } from './db';

const caches = new WeakMap<Db, Map<string, Statement>>();
const MAX_CACHED = 200;

/**
 * A prepared statement, compiled once per database and SQL text: preparing costs more than running the small
 * queries of a GET, which the API serves at high rates.
 */
export function statement(db: Db, sql: string): Statement {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  let stmt = cache.get(sql);
  if (!stmt) {
    // List queries vary with their filters; a bound keeps odd filter combinations from growing the cache forever.
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
    stmt = db.prepare(sql);
    cache.set(sql, stmt);
  }
  return stmt;
}

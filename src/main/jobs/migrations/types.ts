import type { Database } from 'better-sqlite3';

export interface Migration {
  /** Steps of 10 leave room for fixes between releases. */
  version: number;
  name: string;
  up(db: Database): void;
}

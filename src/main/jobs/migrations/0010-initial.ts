import type { Migration } from './types';

export const migration0010: Migration = {
  version: 10,
  name: 'initial',
  up(db) {
    db.exec(`
      CREATE TABLE files (
        id TEXT PRIMARY KEY,
        owner TEXT NOT NULL,
        filename TEXT,
        extension TEXT,
        source TEXT,
        path TEXT NOT NULL,
        size INTEGER NOT NULL,
        audio_duration REAL,
        number_of_channels INTEGER,
        created_at TEXT NOT NULL
      ) STRICT;

      CREATE TABLE jobs (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('pre-recorded', 'live')),
        owner TEXT NOT NULL,
        request_id TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('queued', 'processing', 'done', 'error')),
        created_at TEXT NOT NULL,
        started_at TEXT,
        completed_at TEXT,
        request_params TEXT,
        custom_metadata TEXT,
        file_id TEXT REFERENCES files (id),
        result TEXT,
        error_code INTEGER,
        error_message TEXT,
        post_session_metadata TEXT NOT NULL DEFAULT '{}',
        progress REAL,
        attempts INTEGER NOT NULL DEFAULT 0
      ) STRICT;

      CREATE INDEX jobs_by_owner ON jobs (owner, kind, created_at DESC);
      CREATE INDEX jobs_by_status ON jobs (status, created_at);
      CREATE INDEX jobs_by_file ON jobs (file_id);
    `);
  },
};

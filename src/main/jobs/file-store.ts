import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, renameSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from './db';
import { statement } from './statements';
import type { FileRecord } from './types';

interface FileRow {
  id: string;
  owner: string;
  filename: string | null;
  extension: string | null;
  source: string | null;
  path: string;
  size: number;
  audio_duration: number | null;
  number_of_channels: number | null;
  created_at: string;
}

const toRecord = (r: FileRow): FileRecord => ({
  id: r.id,
  owner: r.owner,
  filename: r.filename,
  extension: r.extension,
  source: r.source,
  path: r.path,
  size: r.size,
  audioDuration: r.audio_duration,
  numberOfChannels: r.number_of_channels,
  createdAt: r.created_at,
});

export type NewFile = Omit<FileRecord, 'path' | 'createdAt'>;

/**
 * Audio files kept in the data folder (`audio/`), with their rows in `files`. Incoming data is written to `tmp/`
 * first and moved in only once it is complete and probed, so `audio/` never holds a partial file.
 */
export class FileStore {
  readonly audioDir: string;
  readonly tmpDir: string;

  constructor(
    private readonly db: Db,
    private readonly dataDir: string,
  ) {
    this.audioDir = join(dataDir, 'audio');
    this.tmpDir = join(dataDir, 'tmp');
    mkdirSync(this.audioDir, { recursive: true });
    // Whatever is in tmp/ belongs to a request that a previous run never finished.
    rmSync(this.tmpDir, { recursive: true, force: true });
    mkdirSync(this.tmpDir, { recursive: true });
  }

  tempPath(): string {
    return join(this.tmpDir, randomUUID());
  }

  absolutePath(file: FileRecord): string {
    return join(this.dataDir, file.path);
  }

  /** Moves a complete temp file into audio/ and records it. */
  adopt(tempPath: string, file: NewFile): FileRecord {
    const relative = join('audio', file.extension ? `${file.id}.${file.extension}` : file.id);
    renameSync(tempPath, join(this.dataDir, relative));
    statement(
      this.db,
      `INSERT INTO files (id, owner, filename, extension, source, path, size, audio_duration, number_of_channels,
         created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      file.id,
      file.owner,
      file.filename,
      file.extension,
      file.source,
      relative,
      file.size,
      file.audioDuration,
      file.numberOfChannels,
      new Date().toISOString(),
    );
    return this.get(file.id)!;
  }

  /**
   * A row for audio written in place while it arrives (a live session's recording); its size and duration are
   * filled in by `finishRecording`. A crash leaves the row, so the recording can be repaired and used.
   */
  createRecording(id: string, owner: string, channels: number): FileRecord {
    const relative = join('audio', `${id}.wav`);
    statement(
      this.db,
      `INSERT INTO files (id, owner, filename, extension, source, path, size, audio_duration, number_of_channels,
       created_at) VALUES (?, ?, ?, 'wav', NULL, ?, 0, NULL, ?, ?)`,
    ).run(id, owner, `${id}.wav`, relative, channels, new Date().toISOString());
    return this.get(id)!;
  }

  finishRecording(id: string, size: number, audioDuration: number): void {
    statement(this.db, 'UPDATE files SET size = ?, audio_duration = ? WHERE id = ?').run(
      size,
      audioDuration,
      id,
    );
  }

  get(id: string): FileRecord | undefined {
    const row = statement(this.db, 'SELECT * FROM files WHERE id = ?').get(id) as FileRow | undefined;
    return row && toRecord(row);
  }

  delete(id: string): void {
    const file = this.get(id);
    if (!file) return;
    statement(this.db, 'DELETE FROM files WHERE id = ?').run(id);
    rmSync(this.absolutePath(file), { force: true });
  }

  /** Files on disk without a row (a crash between rename and insert) are removed. */
  removeOrphans(): number {
    const known = new Set(
      (statement(this.db, 'SELECT path FROM files').all() as { path: string }[]).map((r) => r.path),
    );
    let removed = 0;
    for (const name of readdirSync(this.audioDir)) {
      if (!known.has(join('audio', name))) {
        rmSync(join(this.audioDir, name), { force: true });
        removed++;
      }
    }
    return removed;
  }
}

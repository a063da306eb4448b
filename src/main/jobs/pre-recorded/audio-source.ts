import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { extname } from 'node:path';
import { downloadToFile } from '../../audio/download';
import { probeAudio } from '../../audio/probe';
import type { FileStore } from '../file-store';
import type { FileRecord } from '../types';
import { JobError } from '../job-error';

export interface DownloadLimits {
  maxBytes: number;
  timeoutMs: number;
}

/** Downloads a remote `audio_url`, checks that it is audio and keeps it as the job's file. */
export async function fetchRemoteAudio(
  files: FileStore,
  owner: string,
  url: string,
  limits: DownloadLimits,
  signal: AbortSignal,
): Promise<FileRecord> {
  const temp = files.tempPath();
  try {
    const { size, filename } = await downloadToFile(url, temp, { ...limits, signal });
    const info = await probeAudio(temp);
    const extension = extname(filename).slice(1).toLowerCase() || info.container.split(',')[0] || null;
    return files.adopt(temp, {
      id: randomUUID(),
      owner,
      filename,
      extension,
      source: url,
      size,
      audioDuration: info.durationSec,
      numberOfChannels: info.channels,
    });
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

export function requireFile(files: FileStore, fileId: string): FileRecord {
  const file = files.get(fileId);
  if (!file) throw new JobError(404, 'The uploaded audio file no longer exists');
  return file;
}

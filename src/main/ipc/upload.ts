import { randomUUID } from 'node:crypto';
import { copyFile, rm, stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { BridgeError } from '../../shared/ipc/errors';
import type { UploadedFile } from '../../shared/ipc/files';
import { AudioFormatError } from '../audio/errors';
import { probeAudio } from '../audio/probe';
import { fileUrl } from '../jobs/audio-url';
import type { FileStore } from '../jobs/file-store';
import type { FileRecord } from '../jobs/types';

export interface UploadLimits {
  maxUploadBytes: number;
  maxAudioDurationS: number;
}

export function describeUpload(file: FileRecord, publicUrl: string): UploadedFile {
  return {
    id: file.id,
    audioUrl: fileUrl(publicUrl, file.id),
    filename: file.filename ?? file.id,
    extension: file.extension,
    size: file.size,
    durationS: file.audioDuration,
    channels: file.numberOfChannels,
  };
}

/**
 * Takes a file on this machine into the data folder as `POST /v2/upload` takes an upload: copied (the user's
 * original stays where it is), probed, checked against the limits, then recorded.
 */
export async function uploadPath(
  path: string,
  owner: string,
  files: FileStore,
  limits: UploadLimits,
): Promise<FileRecord> {
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new Error('not a file');
    size = info.size;
  } catch {
    throw new BridgeError({ status: 404, message: `File not found: ${path}` });
  }
  if (size > limits.maxUploadBytes) {
    throw new BridgeError({
      status: 413,
      message: `The file is larger than the limit of ${Math.round(limits.maxUploadBytes / 1e6)} MB`,
    });
  }
  const temp = files.tempPath();
  try {
    await copyFile(path, temp);
    let info;
    try {
      info = await probeAudio(temp);
    } catch (error) {
      if (error instanceof AudioFormatError)
        throw new BridgeError({ status: 422, message: `The file is not decodable audio: ${error.message}` });
      throw error;
    }
    if (info.durationSec > limits.maxAudioDurationS) {
      throw new BridgeError({
        status: 413,
        message: `The audio lasts ${Math.round(info.durationSec)} s, over the limit of ${limits.maxAudioDurationS} s`,
      });
    }
    const filename = basename(path);
    return files.adopt(temp, {
      id: randomUUID(),
      owner,
      filename,
      extension: extname(filename).slice(1).toLowerCase() || info.container.split(',')[0] || null,
      source: null,
      size,
      audioDuration: info.durationSec,
      numberOfChannels: info.channels,
    });
  } finally {
    await rm(temp, { force: true });
  }
}

import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CatalogModel } from '../catalog';
import { ModelManagerError } from './types';

/** Where one install gets its bytes. */
export type Source =
  | { kind: 'url'; url: string }
  /** An archive (or single model file) already on disk, as the release publishes it. */
  | { kind: 'file'; path: string }
  /** A model folder already unpacked, as the archive unpacks it. */
  | { kind: 'folder'; path: string };

/** The last path segment of the official URL: `sherpa-onnx-….tar.bz2`, or a bare `.onnx`. */
export function downloadName(model: CatalogModel): string {
  const name = new URL(model.url).pathname.split('/').pop();
  if (!name)
    throw new ModelManagerError('unknown-model', `catalog entry ${model.id} has no file name in its URL`);
  return decodeURIComponent(name);
}

export const isArchive = (name: string): boolean => /\.tar\.bz2$/i.test(name);

async function kindOf(path: string): Promise<'file' | 'folder' | null> {
  try {
    const info = await stat(path);
    return info.isDirectory() ? 'folder' : info.isFile() ? 'file' : null;
  } catch {
    return null;
  }
}

/**
 * Without a mirror, the official URL. A base URL mirror serves the same file names. A folder mirror holds
 * either the unpacked folder (e.g. ../shared/models) or the downloaded archive.
 */
export async function resolveSource(model: CatalogModel, mirror?: string): Promise<Source> {
  const name = downloadName(model);
  if (!mirror) return { kind: 'url', url: model.url };
  if (/^https?:\/\//i.test(mirror)) {
    return { kind: 'url', url: `${mirror.replace(/\/+$/, '')}/${encodeURIComponent(name)}` };
  }
  const dir = /^file:\/\//i.test(mirror) ? fileURLToPath(mirror) : resolve(mirror);
  const folder = join(dir, model.folder);
  if ((await kindOf(folder)) === 'folder') return { kind: 'folder', path: folder };
  const file = join(dir, name);
  if ((await kindOf(file)) === 'file') return { kind: 'file', path: file };
  throw new ModelManagerError(
    'mirror-missing',
    `the mirror ${dir} has neither ${model.folder}/ nor ${name} for ${model.id}`,
  );
}

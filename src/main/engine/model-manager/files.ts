import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CatalogModel } from '../catalog';
import { ModelManagerError, type InstallRecord } from './types';

export const RECORD_FILE = '.install.json';

export async function hashFile(
  path: string,
  options: { signal?: AbortSignal; onChunk?: (bytes: number) => void } = {},
): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { signal: options.signal })) {
    hash.update(chunk as Buffer);
    options.onChunk?.((chunk as Buffer).length);
  }
  return hash.digest('hex');
}

async function walk(dir: string, prefix = ''): Promise<{ rel: string; size: number }[]> {
  const out: { rel: string; size: number }[] = [];
  for (const entry of await readdir(join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? join(prefix, entry.name) : entry.name;
    if (entry.isDirectory()) out.push(...(await walk(dir, rel)));
    // A mirror may hold symlinks to the real files (stat follows them); the copy is always a regular file.
    else {
      const info = await stat(join(dir, rel));
      if (info.isFile()) out.push({ rel, size: info.size });
    }
  }
  return out;
}

/** Copies a mirror's model folder (files are copied, not linked, so the install never depends on the mirror). */
export async function copyFolder(
  from: string,
  to: string,
  options: { signal?: AbortSignal; onProgress?: (copied: number, total: number) => void } = {},
): Promise<void> {
  const files = (await walk(from)).filter((f) => f.rel !== RECORD_FILE);
  const total = files.reduce((n, f) => n + f.size, 0);
  let copied = 0;
  await mkdir(to, { recursive: true });
  for (const file of files) {
    if (options.signal?.aborted) throw new ModelManagerError('aborted', 'copy cancelled');
    await mkdir(join(to, file.rel, '..'), { recursive: true });
    await copyFile(join(from, file.rel), join(to, file.rel));
    copied += file.size;
    options.onProgress?.(copied, total);
  }
}

/** Every listed file must be present and non-empty (and of its size, when known). */
export async function checkListedFiles(model: CatalogModel, dir: string): Promise<void> {
  for (const file of model.files) {
    let size: number;
    try {
      size = (await stat(join(dir, file.name))).size;
    } catch {
      throw new ModelManagerError(
        'bad-archive',
        `${model.id}: ${file.name} is missing from what was installed`,
      );
    }
    if (size === 0 || (file.size > 0 && size !== file.size)) {
      throw new ModelManagerError(
        'bad-archive',
        `${model.id}: ${file.name} has ${size} bytes, the catalog lists ${file.size || 'a non-empty file'}`,
      );
    }
  }
}

/** Compares the listed files that have a known checksum; returns whether every listed file had one. */
export async function verifyListedFiles(
  model: CatalogModel,
  dir: string,
  options: { signal?: AbortSignal; onChunk?: (bytes: number) => void } = {},
): Promise<boolean> {
  for (const file of model.files) {
    if (!file.sha256) continue;
    const actual = await hashFile(join(dir, file.name), options);
    if (actual !== file.sha256) {
      throw new ModelManagerError(
        'checksum-mismatch',
        `${model.id}: ${file.name} has sha256 ${actual}, the catalog lists ${file.sha256}`,
      );
    }
  }
  return model.files.length > 0 && model.files.every((f) => f.sha256 !== '');
}

export async function writeRecord(dir: string, record: InstallRecord): Promise<void> {
  await writeFile(join(dir, RECORD_FILE), `${JSON.stringify(record, null, 2)}\n`);
}

export async function readRecord(dir: string): Promise<InstallRecord | null> {
  try {
    return JSON.parse(await readFile(join(dir, RECORD_FILE), 'utf8')) as InstallRecord;
  } catch {
    return null;
  }
}

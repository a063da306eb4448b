import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { ModelManagerError } from './types';

export interface DownloadResult {
  bytes: number;
  sha256: string;
}

export interface DownloadOptions {
  url: string;
  /** Bytes arrive here; it survives an interruption so that the next attempt resumes with a Range request. */
  partialPath: string;
  fetchImpl: typeof fetch;
  signal?: AbortSignal;
  /** Used for progress when the server sends no length. */
  expectedBytes?: number;
  onProgress: (received: number, total: number | null) => void;
}

/** Beside the partial file: which URL it belongs to and the validator that If-Range sends back. */
interface PartialMeta {
  url: string;
  validator?: string;
}

const metaPath = (partialPath: string): string => `${partialPath}.json`;

async function readMeta(partialPath: string): Promise<PartialMeta | null> {
  try {
    const meta = JSON.parse(await readFile(metaPath(partialPath), 'utf8')) as PartialMeta;
    return typeof meta.url === 'string' ? meta : null;
  } catch {
    return null;
  }
}

async function sizeOf(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch {
    return 0;
  }
}

export async function discardPartial(partialPath: string): Promise<void> {
  await rm(partialPath, { force: true });
  await rm(metaPath(partialPath), { force: true });
}

async function hashPrefix(path: string, signal?: AbortSignal): Promise<Hash> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { signal })) hash.update(chunk as Buffer);
  return hash;
}

// `bytes 100-199/1000` → {start: 100, total: 1000}; `bytes */1000` (an answer to 416) → {start: null, total: 1000}.
function parseContentRange(header: string | null): { start: number | null; total: number | null } | null {
  const match = header?.match(/^bytes\s+(?:(\d+)-\d+|\*)\/(\d+|\*)$/i);
  if (!match) return null;
  return {
    start: match[1] === undefined ? null : Number(match[1]),
    total: match[2] === '*' ? null : Number(match[2]),
  };
}

// A strong ETag, or else Last-Modified: what If-Range accepts to answer 206 only for the same file.
function validatorOf(response: Response): string | undefined {
  const etag = response.headers.get('etag');
  if (etag && !etag.startsWith('W/')) return etag;
  return response.headers.get('last-modified') ?? undefined;
}

/**
 * Downloads `url` into `partialPath`, resuming from what an earlier attempt left there, and hashes the whole
 * file on the way (the resumed prefix is read back once). On any failure the partial file stays for the next
 * attempt; the caller decides when to discard it (a checksum mismatch).
 */
export async function downloadResumable(options: DownloadOptions): Promise<DownloadResult> {
  const { url, partialPath, fetchImpl, signal, onProgress } = options;
  const meta = await readMeta(partialPath);
  let offset = meta?.url === url ? await sizeOf(partialPath) : 0;
  if (offset === 0) await discardPartial(partialPath);

  const headers: Record<string, string> = {};
  if (offset > 0) {
    headers.range = `bytes=${offset}-`;
    if (meta?.validator) headers['if-range'] = meta.validator;
  }
  let response: Response;
  try {
    response = await fetchImpl(url, { headers, signal, redirect: 'follow' });
  } catch (error) {
    throw failure(url, error, signal);
  }

  let total: number | null;
  if (response.status === 416 && offset > 0) {
    await response.body?.cancel();
    const range = parseContentRange(response.headers.get('content-range'));
    if (range?.total === offset) {
      // Everything had arrived before the interruption; only the hash is missing.
      onProgress(offset, offset);
      return { bytes: offset, sha256: (await hashPrefix(partialPath, signal)).digest('hex') };
    }
    await discardPartial(partialPath);
    return downloadResumable(options);
  } else if (response.status === 206 && offset > 0) {
    const range = parseContentRange(response.headers.get('content-range'));
    if (range?.start !== offset) {
      await response.body?.cancel();
      throw new ModelManagerError('download-failed', `${url} answered a range other than bytes=${offset}-`);
    }
    total = range.total;
  } else if (response.status === 200) {
    // No resume (a server without ranges, or the file changed since the partial download): start over.
    if (offset > 0) await truncate(partialPath, 0);
    offset = 0;
    const length = response.headers.get('content-length');
    total = length === null ? null : Number(length);
  } else {
    await response.body?.cancel();
    throw new ModelManagerError('download-failed', `${url} answered HTTP ${response.status}`);
  }
  if (!response.body) throw new ModelManagerError('download-failed', `${url} sent no body`);
  total ??= options.expectedBytes ?? null;

  await writeFile(metaPath(partialPath), JSON.stringify({ url, validator: validatorOf(response) }));
  const hash = offset > 0 ? await hashPrefix(partialPath, signal) : createHash('sha256');
  let received = offset;
  onProgress(received, total);
  // Each chunk is on disk before the next is read, so whatever arrived before a failure is kept for resuming
  // (a stream pipeline would drop its buffered writes when torn down).
  const file = await open(partialPath, offset > 0 ? 'a' : 'w');
  try {
    for await (const chunk of Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>)) {
      await file.write(chunk as Buffer);
      hash.update(chunk as Buffer);
      received += (chunk as Buffer).length;
      onProgress(received, total);
    }
  } catch (error) {
    throw failure(url, error, signal);
  } finally {
    await file.close();
  }
  if (total !== null && received !== total) {
    throw new ModelManagerError('download-failed', `${url} ended after ${received} of ${total} bytes`);
  }
  return { bytes: received, sha256: hash.digest('hex') };
}

function failure(url: string, error: unknown, signal?: AbortSignal): ModelManagerError {
  if (signal?.aborted)
    return new ModelManagerError('aborted', 'download cancelled; it resumes on the next attempt');
  const cause = error instanceof Error ? (error.cause instanceof Error ? error.cause : error) : null;
  return new ModelManagerError(
    'download-failed',
    `download from ${url} failed: ${cause?.message ?? String(error)}; it resumes on the next attempt`,
  );
}

import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { x as untar } from 'tar';
import bunzip2 from 'unbzip2-stream';
import { ModelManagerError } from './types';

// Models are regular files in folders; links (and devices, fifos…) have no business in one and could point
// outside the models dir.
const ALLOWED_TYPES = new Set(['File', 'OldFile', 'ContiguousFile', 'Directory']);

/**
 * Unpacks a .tar.bz2 into `dest` with pure-JS libraries (the same code on Linux, macOS and Windows). node-tar
 * refuses absolute paths and `..`; the filter drops every entry that is not a file or a folder.
 */
export async function extractTarBz2(
  archive: string,
  dest: string,
  options: { signal?: AbortSignal; onProgress?: (consumed: number, total: number) => void } = {},
): Promise<void> {
  const total = (await stat(archive)).size;
  let consumed = 0;
  const source = createReadStream(archive);
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      consumed += chunk.length;
      options.onProgress?.(consumed, total);
      callback(null, chunk);
    },
  });
  const decompress = bunzip2();
  const unpack = untar({
    cwd: dest,
    strict: true,
    preserveOwner: false,
    filter: (_path, entry) => 'type' in entry && ALLOWED_TYPES.has(entry.type),
  });

  await new Promise<void>((resolve, reject) => {
    let settled = false;
    const fail = (error: unknown): void => {
      if (settled) return;
      settled = true;
      source.destroy();
      meter.destroy();
      decompress.destroy();
      options.signal?.removeEventListener('abort', onAbort);
      const message = `cannot unpack ${archive}: ${error instanceof Error ? error.message : String(error)}`;
      // A system error (disk full, permissions) says nothing about the archive, which stays for another try.
      const system = /^E[A-Z]+$/.test((error as NodeJS.ErrnoException | undefined)?.code ?? '');
      reject(
        options.signal?.aborted
          ? new ModelManagerError('aborted', 'extraction cancelled')
          : new ModelManagerError(system ? 'io-error' : 'bad-archive', message),
      );
    };
    const onAbort = (): void => fail(options.signal?.reason);
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    source.on('error', fail);
    meter.on('error', fail);
    decompress.on('error', fail);
    unpack.on('error', fail);
    // Unpack finishes once every entry has been written to disk, not merely parsed.
    unpack.on('finish', () => {
      if (settled) return;
      settled = true;
      options.signal?.removeEventListener('abort', onAbort);
      resolve();
    });
    source.pipe(meter).pipe(decompress).pipe(unpack);
  });
}

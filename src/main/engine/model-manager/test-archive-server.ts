// For tests: a real HTTP server on loopback that serves files the way a release host does (Content-Length,
// ETag, Range/If-Range, 416), and can misbehave on request: cut a response short, drip it slowly, or ignore
// Range.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

export interface ServedRequest {
  path: string;
  range: string | null;
  ifRange: string | null;
  status: number;
  bodyBytes: number;
}

export interface ArchiveServer {
  url: string;
  requests: ServedRequest[];
  /** The next response stops after this many body bytes and the connection is destroyed. */
  dropNextAfter(bytes: number): void;
  /** Every response sends this many bytes every 20 ms (null: at once). */
  setDrip(bytesPerTick: number | null): void;
  setIgnoreRange(ignore: boolean): void;
  close(): Promise<void>;
}

/** Builds `name` (a .tar.bz2 of `folder` inside `parent`) with the system tar, as the releases are built. */
export function buildArchive(parent: string, folder: string, outDir: string, name = `${folder}.tar.bz2`) {
  const path = join(outDir, name);
  execFileSync('tar', ['-cjf', path, '-C', parent, folder]);
  const bytes = readFileSync(path);
  return { path, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}

export async function startArchiveServer(files: Record<string, string>): Promise<ArchiveServer> {
  const requests: ServedRequest[] = [];
  let dropAfter: number | null = null;
  let drip: number | null = null;
  let ignoreRange = false;

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname.slice(1));
    const file = files[path];
    const record: ServedRequest = {
      path,
      range: req.headers.range ?? null,
      ifRange: (req.headers['if-range'] as string | undefined) ?? null,
      status: 404,
      bodyBytes: 0,
    };
    requests.push(record);
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    const body = readFileSync(file);
    const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`;
    let start = 0;
    const range = ignoreRange ? undefined : req.headers.range?.match(/^bytes=(\d+)-$/);
    const rangeApplies = range && (!record.ifRange || record.ifRange === etag);
    if (range && rangeApplies) {
      start = Number(range[1]);
      if (start >= body.length) {
        record.status = 416;
        res.writeHead(416, { 'content-range': `bytes */${body.length}` }).end();
        return;
      }
    }
    const chunk = body.subarray(start);
    record.status = start > 0 ? 206 : 200;
    res.writeHead(record.status, {
      'content-type': 'application/octet-stream',
      'content-length': String(chunk.length),
      'accept-ranges': 'bytes',
      etag,
      ...(start > 0 ? { 'content-range': `bytes ${start}-${body.length - 1}/${body.length}` } : {}),
    });
    const limit = dropAfter;
    dropAfter = null;
    const tick = drip;
    let sent = 0;
    const pump = (): void => {
      if (res.destroyed) return;
      const end = Math.min(chunk.length, limit ?? chunk.length, tick === null ? chunk.length : sent + tick);
      const piece = chunk.subarray(sent, end);
      record.bodyBytes += end - sent;
      sent = end;
      if (limit !== null && sent >= limit) {
        // Cut once the bytes have left, as a dropped connection does: the client keeps what arrived.
        res.write(piece, () => res.socket?.destroy());
        return;
      }
      if (piece.length > 0) res.write(piece);
      if (sent >= chunk.length) {
        res.end();
        return;
      }
      setTimeout(pump, 20);
    };
    pump();
  };

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    dropNextAfter: (bytes) => (dropAfter = bytes),
    setDrip: (bytes) => (drip = bytes),
    setIgnoreRange: (ignore) => (ignoreRange = ignore),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

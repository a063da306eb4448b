import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadToFile, type DownloadOptions } from './download';
import { DownloadError } from './errors';
import { JFK } from './test-fixtures';

const body = readFileSync(JFK);
const CHUNK = Buffer.alloc(64 * 1024, 1);
let server: Server;
let base: string;
let dir: string;
let counter = 0;

/** Streams 64 KiB chunks until the client goes away. */
function endless(res: import('node:http').ServerResponse): void {
  const timer = setInterval(() => res.write(CHUNK), 5);
  res.on('close', () => clearInterval(timer));
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'download-test-'));
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    if (path === '/files/jfk%20talk.wav') {
      res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': body.length }).end(body);
    } else if (path === '/named') {
      res.writeHead(200, {
        'content-disposition': `attachment; filename="plain.wav"; filename*=UTF-8''r%C3%A9union%20%C3%A9t%C3%A9.wav`,
      });
      res.end(body);
    } else if (path === '/go') {
      res.writeHead(302, { location: '/files/jfk%20talk.wav' }).end();
    } else if (path === '/') {
      res.end(body);
    } else if (path === '/stall') {
      // Headers and a first chunk, then nothing: the overall timeout must still fire.
      res.writeHead(200, { 'content-length': body.length });
      res.write(body.subarray(0, 1000));
    } else if (path === '/late') {
      const timer = setTimeout(() => res.end(body), 5000);
      res.on('close', () => clearTimeout(timer));
    } else if (path === '/big-declared') {
      res.writeHead(200, { 'content-length': 100 * 1024 * 1024 });
      endless(res);
    } else if (path === '/big-chunked') {
      res.writeHead(200, { 'content-type': 'audio/mpeg' });
      endless(res);
    } else {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const LIMITS: DownloadOptions = { maxBytes: 1024 * 1024, timeoutMs: 2000 };

async function download(url: string, opts: Partial<DownloadOptions> = {}) {
  const dest = join(dir, `dl-${++counter}`);
  const outcome = await downloadToFile(url, dest, { ...LIMITS, ...opts }).then(
    (result) => ({ result, error: null }),
    (error: unknown) => ({ result: null, error }),
  );
  return { dest, ...outcome };
}

/** No `.part` (or any other) file left behind apart from completed downloads. */
function leftovers(): string[] {
  return readdirSync(dir).filter((name) => name.endsWith('.part'));
}

async function expectFailure(url: string, code: DownloadError['code'], opts: Partial<DownloadOptions> = {}) {
  const { dest, error } = await download(url, opts);
  expect(error).toBeInstanceOf(DownloadError);
  expect((error as DownloadError).code).toBe(code);
  expect(existsSync(dest)).toBe(false);
  expect(leftovers()).toEqual([]);
  return error as DownloadError;
}

describe('downloadToFile', () => {
  it('downloads a file, named after the decoded last URL segment', async () => {
    const { dest, result, error } = await download(`${base}/files/jfk%20talk.wav`);
    expect(error).toBeNull();
    expect(result).toEqual({ size: body.length, filename: 'jfk talk.wav', contentType: 'audio/wav' });
    expect(readFileSync(dest).equals(body)).toBe(true);
    expect(leftovers()).toEqual([]);
  });

  it('prefers the Content-Disposition filename (RFC 5987 form first)', async () => {
    const { result } = await download(`${base}/named`);
    expect(result?.filename).toBe('réunion été.wav');
    expect(result?.contentType).toBeNull();
  });

  it('follows redirects and names the file after where it landed', async () => {
    const { dest, result } = await download(`${base}/go`);
    expect(result?.filename).toBe('jfk talk.wav');
    expect(readFileSync(dest).equals(body)).toBe(true);
  });

  it("falls back to 'audio' when nothing names the file", async () => {
    expect((await download(`${base}/`)).result?.filename).toBe('audio');
  });

  it('reports non-2xx answers with their status', async () => {
    const error = await expectFailure(`${base}/missing.wav`, 'http_status');
    expect(error.httpStatus).toBe(404);
  });

  it('gives up on a stalled body and on a late answer', async () => {
    const started = Date.now();
    await expectFailure(`${base}/stall`, 'timeout', { timeoutMs: 300 });
    await expectFailure(`${base}/late`, 'timeout', { timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses files over the limit, declared or streamed', async () => {
    await expectFailure(`${base}/big-declared`, 'too_large');
    await expectFailure(`${base}/big-chunked`, 'too_large');
    // Exactly at the limit is fine.
    const { result } = await download(`${base}/files/jfk%20talk.wav`, { maxBytes: body.length });
    expect(result?.size).toBe(body.length);
    await expectFailure(`${base}/files/jfk%20talk.wav`, 'too_large', { maxBytes: body.length - 1 });
  });

  it('reports a closed port as unreachable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await expectFailure(`http://127.0.0.1:${port}/a.wav`, 'unreachable');
    expect(error.message).toContain('ECONNREFUSED');
  });

  it.each(['ftp://example.com/a.wav', 'file:///etc/passwd', 'not a url', 'http://user:pw@127.0.0.1/a.wav'])(
    'rejects %s as a bad URL',
    async (url) => {
      await expectFailure(url, 'bad_url');
    },
  );

  it("rejects with the caller's abort reason and cleans up", async () => {
    const controller = new AbortController();
    const reason = new Error('job cancelled');
    setTimeout(() => controller.abort(reason), 100);
    const { dest, error } = await download(`${base}/stall`, { signal: controller.signal });
    expect(error).toBe(reason);
    expect(existsSync(dest)).toBe(false);
    expect(leftovers()).toEqual([]);
  });
});

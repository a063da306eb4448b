import { open, rename, rm } from 'node:fs/promises';
import { DownloadError } from './errors';

export interface DownloadOptions {
  maxBytes: number;
  /** Limit for the whole download, headers and body. */
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface DownloadResult {
  size: number;
  filename: string;
  contentType: string | null;
}

/**
 * Downloads an http(s) URL to `destPath` (through `destPath.part`, renamed on success; removed on any failure).
 * Failures are DownloadErrors, except an abort through `signal`, which rejects with the signal's reason.
 */
export async function downloadToFile(
  url: string,
  destPath: string,
  opts: DownloadOptions,
): Promise<DownloadResult> {
  const target = parseHttpUrl(url);
  opts.signal?.throwIfAborted();
  const controller = new AbortController();
  const timeout = new DownloadError('timeout', `no complete response within ${opts.timeoutMs} ms`);
  const timer = setTimeout(() => controller.abort(timeout), opts.timeoutMs);
  const onAbort = (): void => controller.abort(opts.signal?.reason);
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  const part = `${destPath}.part`;
  try {
    const response = await fetch(target, { redirect: 'follow', signal: controller.signal });
    if (!response.ok) {
      throw new DownloadError('http_status', `the server answered HTTP ${response.status}`, response.status);
    }
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (declared > opts.maxBytes) throw tooLarge(opts.maxBytes);
    const size = await writeBody(response, part, opts.maxBytes);
    await rename(part, destPath);
    return {
      size,
      filename:
        dispositionFilename(response.headers.get('content-disposition')) ??
        // The URL after redirects names the file better than a short link or a download endpoint.
        urlFilename(response.url) ??
        urlFilename(target.href) ??
        'audio',
      contentType: response.headers.get('content-type'),
    };
  } catch (error) {
    // Also drops the connection when we stop reading early (too large, bad status).
    controller.abort();
    await rm(part, { force: true });
    throw classify(error, controller.signal, opts.signal);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

async function writeBody(response: Response, part: string, maxBytes: number): Promise<number> {
  let size = 0;
  const file = await open(part, 'w');
  try {
    if (!response.body) return 0;
    for await (const chunk of response.body) {
      size += chunk.length;
      if (size > maxBytes) throw tooLarge(maxBytes);
      await file.write(chunk);
    }
    return size;
  } finally {
    await file.close();
  }
}

function classify(error: unknown, ours: AbortSignal, caller: AbortSignal | undefined): unknown {
  if (caller?.aborted) return caller.reason;
  if (error instanceof DownloadError) return error;
  // The timeout aborts our controller with a DownloadError; fetch may surface it wrapped.
  if (ours.reason instanceof DownloadError) return ours.reason;
  // undici reports DNS, connection and mid-body socket failures (and redirect loops) as TypeErrors.
  if (error instanceof TypeError) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const detail = cause?.code ?? cause?.message ?? error.message;
    return new DownloadError('unreachable', `could not fetch the URL (${detail})`, undefined, {
      cause: error,
    });
  }
  return error;
}

function parseHttpUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new DownloadError('bad_url', 'is not a valid URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new DownloadError('bad_url', `must be an http or https URL, not ${parsed.protocol}`);
  }
  // fetch refuses URLs with embedded credentials.
  if (parsed.username || parsed.password) throw new DownloadError('bad_url', 'must not contain credentials');
  return parsed;
}

function tooLarge(maxBytes: number): DownloadError {
  return new DownloadError('too_large', `the file is larger than ${maxBytes} bytes`);
}

/** `filename*=UTF-8''...` (RFC 6266/5987) wins over `filename=`; either way only a base name is kept. */
function dispositionFilename(header: string | null): string | null {
  if (!header) return null;
  const extended = /(?:^|;)\s*filename\*\s*=\s*([^']*)'[^']*'([^;\s]+)/i.exec(header);
  if (extended) {
    const charset = extended[1]!.toLowerCase();
    const raw = extended[2]!;
    const name =
      charset === 'utf-8'
        ? safeDecode(raw)
        : raw.replace(/%([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    const clean = cleanName(name);
    if (clean) return clean;
  }
  const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;]+))/i.exec(header);
  if (!plain) return null;
  return cleanName(plain[1] !== undefined ? plain[1].replace(/\\(.)/g, '$1') : plain[2]!);
}

function urlFilename(url: string): string | null {
  if (!URL.canParse(url)) return null;
  const segment = new URL(url).pathname.split('/').filter(Boolean).at(-1);
  return segment ? cleanName(safeDecode(segment)) : null;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function cleanName(name: string): string | null {
  // eslint-disable-next-line no-control-regex
  const base = (name.split(/[/\\]/).at(-1) ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base && base !== '.' && base !== '..' ? base : null;
}

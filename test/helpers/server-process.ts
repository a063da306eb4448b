import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI, MODELS_DIR } from './paths';

export const KEY = 'test-key-aaaaaaaa';
export const OTHER_KEY = 'test-key-bbbbbbbb';

export interface ServerProcess {
  url: string;
  dataDir: string;
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code (or signal name). */
  exited: Promise<number | string>;
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}

/** Starts the built headless server (`out/main/cli.js serve`) as a real process on a free loopback port. */
export async function startServerProcess(
  options: {
    dataDir?: string;
    args?: string[];
    /** Default: KEY and OTHER_KEY; [] lets the server generate one. */
    apiKeys?: string[];
    /** The server's environment (e.g. a private PulseAudio server's); this process's own by default. */
    env?: NodeJS.ProcessEnv;
  } = {},
): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'lt-data-'));
  const child = spawn(
    process.execPath,
    [
      CLI,
      'serve',
      '--port',
      '0',
      '--data-dir',
      dataDir,
      '--models-dir',
      MODELS_DIR,
      ...(options.apiKeys ?? [KEY, OTHER_KEY]).flatMap((key) => ['--api-key', key]),
      ...(options.args ?? []),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...(options.env ?? process.env), PORT: '', API_KEYS: '' } },
  );
  let log = '';
  child.stdout!.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${log}`)), 30_000);
    const onData = () => {
      const match = /listening on (http:\/\/\S+)/.exec(log);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${log}`));
    });
  });
  return {
    url,
    dataDir,
    child,
    output: () => log,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** A JSON request with the test key. */
export async function api(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  key: string | null = KEY,
): Promise<{ status: number; body: any; headers: Headers }> {
  const headers: Record<string, string> = {};
  if (key) headers['x-gladia-key'] = key;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

export async function waitForJob(base: string, id: string, timeoutMs = 60_000, key = KEY): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await api(base, 'GET', `/v2/pre-recorded/${id}`, undefined, key);
    if (body.status === 'done' || body.status === 'error') return body;
    if (Date.now() > deadline) throw new Error(`job ${id} still ${body.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Uploads a file as the SDK does (multipart field `audio`) and returns its `audio_url`. */
export async function uploadFile(base: string, path: string, key = KEY): Promise<string> {
  const { readFileSync } = await import('node:fs');
  const { basename } = await import('node:path');
  const form = new FormData();
  form.append('audio', new Blob([readFileSync(path)]), basename(path));
  const r = await fetch(`${base}/v2/upload`, {
    method: 'POST',
    headers: { 'x-gladia-key': key },
    body: form,
  });
  if (r.status !== 200) throw new Error(`upload answered ${r.status}`);
  return ((await r.json()) as { audio_url: string }).audio_url;
}

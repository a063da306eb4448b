import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

// A private PulseAudio server for capture tests (DESIGN.md, "Facts about these machines"): its own runtime folder,
// anonymous access on its unix socket only, and virtual microphones (module-pipe-source) fed from a FIFO at real-time
// pace. Nothing outside the test talks to it and it talks to no sound card.
//
// CI needs the Debian packages `pulseaudio`, `pulseaudio-utils` (pactl) and `ffmpeg` (with PulseAudio input).

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Why the PulseAudio capture tests cannot run here, or null when they can. */
export function pulseUnavailableReason(): string | null {
  if (process.platform !== 'linux') return 'PulseAudio capture is tested on Linux only';
  const has = (command: string, args: string[]): string | null => {
    try {
      return execFileSync(command, args, { stdio: ['ignore', 'pipe', 'ignore'] }).toString();
    } catch {
      return null;
    }
  };
  if (has('pulseaudio', ['--version']) === null)
    return 'pulseaudio is not installed (apt-get install pulseaudio)';
  if (has('pactl', ['--version']) === null)
    return 'pactl is not installed (apt-get install pulseaudio-utils)';
  const devices = has('ffmpeg', ['-hide_banner', '-devices']);
  if (devices === null || !/^ D[E ] pulse\b/m.test(devices))
    return 'no ffmpeg with PulseAudio input on PATH (apt-get install ffmpeg)';
  return null;
}

export interface Feed {
  /** Date.now() when the first byte went into the FIFO. */
  readonly startedAt: number;
  /** Resolves when all of the PCM was written (before the trailing silence, if any). */
  readonly written: Promise<void>;
  /** Date.now() when the last byte of the PCM was written (0 until then). */
  readonly writtenAt: number;
  /** Stops writing (silence included); resolves when the FIFO is closed. */
  stop(): Promise<void>;
}

export interface PipeSource {
  name: string;
  fifo: string;
  rate: number;
  channels: number;
  /**
   * Writes s16le PCM into the source at real-time pace, in 20 ms pieces. With `thenSilence` it keeps writing
   * zeros afterwards, as a microphone in a quiet room keeps delivering samples, until stop().
   */
  play(pcm: Buffer, options?: { thenSilence?: boolean }): Feed;
}

export interface PulseServer {
  runtimeDir: string;
  /** What clients (ffmpeg, pactl) need to reach this server and no other. */
  env: NodeJS.ProcessEnv;
  pid: number;
  addPipeSource(name: string, options?: { rate?: number; channels?: number }): Promise<PipeSource>;
  pactl(...args: string[]): Promise<string>;
  /** Kills the server abruptly (the sound server crashing or the device going away); resolves once it is gone. */
  kill(): Promise<void>;
  /** Stops the feeds and the server and removes its folder. */
  stop(): Promise<void>;
}

export async function startPulseServer(): Promise<PulseServer> {
  const runtimeDir = mkdtempSync(join(tmpdir(), 'pulse-test-'));
  chmodSync(runtimeDir, 0o700);
  const socket = join(runtimeDir, 'pulse', 'native');
  // HOME and XDG folders inside the runtime folder: no cookie, config or state of the real user is touched.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: runtimeDir,
    XDG_RUNTIME_DIR: runtimeDir,
    XDG_CONFIG_HOME: join(runtimeDir, 'config'),
    XDG_STATE_HOME: join(runtimeDir, 'state'),
    PULSE_SERVER: `unix:${socket}`,
  };
  delete env.DISPLAY;

  let stderr = '';
  const child: ChildProcess = spawn(
    'pulseaudio',
    [
      '--daemonize=no',
      '--exit-idle-time=-1',
      '--disallow-exit',
      '-n',
      '--load=module-native-protocol-unix auth-anonymous=1',
      '--log-target=stderr',
    ],
    { env, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));

  const pactl = async (...args: string[]): Promise<string> =>
    (await run('pactl', args, { env, timeout: 10_000 })).stdout.trim();

  const deadline = Date.now() + 10_000;
  for (;;) {
    if (gone) throw new Error(`pulseaudio exited at start:\n${stderr}`);
    try {
      await pactl('info');
      break;
    } catch (error) {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`pulseaudio did not come up: ${String(error)}\n${stderr}`, { cause: error });
      }
      await sleep(100);
    }
  }

  const feeds = new Set<Feed>();

  const addPipeSource = async (
    name: string,
    { rate = 16000, channels = 1 }: { rate?: number; channels?: number } = {},
  ): Promise<PipeSource> => {
    const fifo = join(runtimeDir, `${name}.fifo`);
    const args = [
      'load-module',
      'module-pipe-source',
      `source_name=${name}`,
      `file=${fifo}`,
      'format=s16le',
      `rate=${rate}`,
      `channels=${channels}`,
    ];
    // A module load right after start-up has been seen to fail once: retry a little.
    for (let attempt = 1; ; attempt++) {
      try {
        await pactl(...args);
        break;
      } catch (error) {
        if (attempt >= 5) throw error;
        await sleep(200);
      }
    }
    return {
      name,
      fifo,
      rate,
      channels,
      play: (pcm, options = {}) => {
        const feed = playInto(fifo, pcm, rate * channels * 2, options.thenSilence ?? false);
        feeds.add(feed);
        return feed;
      },
    };
  };

  const kill = async (): Promise<void> => {
    if (!gone) child.kill('SIGKILL');
    await exited;
  };

  return {
    runtimeDir,
    env,
    pid: child.pid!,
    addPipeSource,
    pactl,
    kill,
    async stop() {
      await Promise.all([...feeds].map((f) => f.stop()));
      if (!gone) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
      rmSync(runtimeDir, { recursive: true, force: true });
    },
  };
}

const PIECE_MS = 20;

function playInto(fifo: string, pcm: Buffer, bytesPerSecond: number, thenSilence: boolean): Feed {
  const pieceBytes = Math.round((bytesPerSecond * PIECE_MS) / 1000 / 2) * 2;
  const silence = Buffer.alloc(pieceBytes);
  let stopped = false;
  let handle: FileHandle | null = null;
  let markWritten!: () => void;
  const written = new Promise<void>((resolve) => (markWritten = resolve));
  const feed = {
    startedAt: 0,
    writtenAt: 0,
    written,
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
  const loop = (async () => {
    try {
      // Pulse holds the FIFO open for reading, so this open does not wait for a reader.
      handle = await open(fifo, 'w');
      const t0 = Date.now();
      feed.startedAt = t0;
      let sent = 0;
      for (let at = 0; !stopped && (at < pcm.length || thenSilence); at += pieceBytes) {
        const piece = at < pcm.length ? pcm.subarray(at, at + pieceBytes) : silence;
        await handle.write(piece);
        sent += piece.length;
        if (at + pieceBytes >= pcm.length && feed.writtenAt === 0) {
          feed.writtenAt = Date.now();
          markWritten();
        }
        const due = t0 + (sent / bytesPerSecond) * 1000;
        await sleep(Math.max(0, due - Date.now()));
      }
    } catch {
      // The server went away (EPIPE): the feed ends with it.
    } finally {
      markWritten();
      await handle?.close().catch(() => undefined);
    }
  })();
  return feed;
}

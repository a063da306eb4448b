import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';

/** Interleaved signed 16-bit little-endian PCM: what the capture delivers and the live session is told to expect. */
export interface PcmFormat {
  sampleRate: number;
  channels: number;
}

/** How a capture process ended: asked to stop, its source ran out (exit 0), or it failed (device gone, …). */
export type CaptureExit = { kind: 'stopped' } | { kind: 'ended' } | { kind: 'failed'; message: string };

export interface CaptureProcessOptions {
  ffmpeg: string;
  /** The input half of the command line: `-f pulse … -i <source>`. */
  inputArgs: string[];
  format: PcmFormat;
  onData: (pcm: Buffer) => void;
  env?: NodeJS.ProcessEnv;
  /**
   * How long `start` waits for the first audio before taking a still-running ffmpeg as opened. A device that
   * cannot be opened makes ffmpeg exit well within this; a silent source (a virtual one nobody writes to) sends
   * nothing at all, and waiting for it would hang.
   */
  openGraceMs?: number;
  /** After SIGTERM, how long ffmpeg gets to exit before SIGKILL (a read blocked on a silent source ignores TERM). */
  killAfterMs?: number;
}

const STDERR_TAIL = 8192;

// ffmpeg lines that say nothing about why a capture failed.
const NOISE = [
  /non monotonically increasing dts/i,
  /^\s*Last message repeated/i,
  /^Conversion failed!?$/i,
  /^Exiting normally/i,
  /^Error (?:closing|writing trailer)/i,
  /^size=.*time=/,
];

/** The line of ffmpeg's stderr that best says what went wrong. */
export function failureLine(stderr: string): string | null {
  const lines = stderr
    .split(/\r?\n|\r/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !NOISE.some((noise) => noise.test(line)));
  return lines.at(-1) ?? null;
}

/** The ffmpeg arguments that turn any capture input into raw PCM on stdout, written as soon as it is read. */
export function captureArgs(inputArgs: string[], format: PcmFormat): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    // A read error (device unplugged, sound server gone) would otherwise end the output like a normal end of
    // input, with exit code 0; this makes it a failure with its reason on stderr.
    '-xerror',
    ...inputArgs,
    '-vn',
    // Capture timestamps come from the wall clock and jump when a device delivers in bursts; the raw muxer
    // drops packets whose timestamps go backwards. Renumbering from the sample count keeps every sample.
    '-af',
    'asetpts=N/SR/TB',
    '-ac',
    String(format.channels),
    '-ar',
    String(format.sampleRate),
    '-c:a',
    'pcm_s16le',
    '-f',
    's16le',
    '-flush_packets',
    '1',
    'pipe:1',
  ];
}

/**
 * One ffmpeg capturing from a device into PCM. `exited` settles once, after the last byte of audio was delivered
 * to `onData`, with how it ended; it never rejects.
 */
export class CaptureProcess {
  readonly exited: Promise<CaptureExit>;
  private stopRequested = false;
  private stderr = '';
  private received = 0;
  private done = false;

  private constructor(
    private readonly child: ChildProcessByStdio<null, Readable, Readable>,
    onData: (pcm: Buffer) => void,
    private readonly killAfterMs: number,
  ) {
    child.stdout.on('data', (chunk: Buffer) => {
      this.received += chunk.length;
      onData(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-STDERR_TAIL);
    });
    this.exited = new Promise((resolve) => {
      const finish = (exit: CaptureExit): void => {
        if (this.done) return;
        this.done = true;
        resolve(exit);
      };
      child.on('error', (error) => finish({ kind: 'failed', message: error.message }));
      // 'close' rather than 'exit': stdout has been read to its end.
      child.on('close', (code, signal) => {
        if (this.stopRequested) return finish({ kind: 'stopped' });
        if (code === 0) return finish({ kind: 'ended' });
        const line = failureLine(this.stderr);
        finish({
          kind: 'failed',
          message: line ?? `ffmpeg exited with ${code === null ? `signal ${signal}` : `code ${code}`}`,
        });
      });
    });
  }

  /**
   * Starts ffmpeg and resolves once it delivers audio, or is still running after `openGraceMs`; rejects with
   * ffmpeg's own reason when it exits before that (no such device, permission denied, no server).
   */
  static async start(options: CaptureProcessOptions): Promise<CaptureProcess> {
    const child = spawn(options.ffmpeg, captureArgs(options.inputArgs, options.format), {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: options.env ?? process.env,
      windowsHide: true,
    });
    let opened!: () => void;
    const firstData = new Promise<void>((resolve) => (opened = resolve));
    const capture = new CaptureProcess(
      child,
      (pcm) => {
        opened();
        options.onData(pcm);
      },
      options.killAfterMs ?? 1000,
    );
    let timer: NodeJS.Timeout | undefined;
    const early = await Promise.race([
      firstData.then(() => null),
      new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), options.openGraceMs ?? 1500))),
      capture.exited,
    ]);
    clearTimeout(timer);
    if (early && capture.received === 0) {
      throw new Error(
        early.kind === 'failed' ? early.message : 'The input ended before delivering any audio',
      );
    }
    return capture;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Bytes of PCM delivered so far. */
  get bytes(): number {
    return this.received;
  }

  /** Stops capturing; resolves after the audio ffmpeg still held was delivered and the process is gone. */
  async stop(): Promise<CaptureExit> {
    if (!this.done) {
      this.stopRequested = true;
      this.child.kill('SIGTERM');
      const timer = setTimeout(() => this.child.kill('SIGKILL'), this.killAfterMs);
      void this.exited.then(() => clearTimeout(timer));
    }
    return this.exited;
  }
}

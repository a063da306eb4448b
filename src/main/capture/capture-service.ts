import { EventEmitter } from 'node:events';
import { parseLiveRequest, type LiveParams } from '../../shared/schemas/live';
import { LocalLiveClient } from '../live/local-client';
import type { LiveMessage } from '../live/messages';
import type { LiveService } from '../live/service';
import { CaptureProcess, type CaptureExit, type PcmFormat } from './capture-process';
import { CaptureError } from './errors';
import { LevelMeter, type Level } from './levels';
import { PlatformInputs, type CaptureDevice } from './platform-inputs';

export type { CaptureDevice };

export interface CaptureStartOptions {
  deviceId: string;
  /**
   * The `POST /v2/live` body (model, language_config, endpointing, messages_config, custom_metadata, …).
   * `sample_rate` and `channels` choose the capture's format (default 16000 Hz mono); `encoding` and `bit_depth`
   * are the capture's (16-bit PCM). Partial transcripts are on unless `messages_config` turns them off.
   */
  liveParams?: Record<string, unknown>;
  /** The API key's owner the live job belongs to. */
  owner: string;
}

export interface CaptureLevelEvent extends Level {
  sessionId: string;
}

export type CaptureEndReason =
  /** stop() was called. */
  | 'stopped'
  /** The device failed or went away (unplugged, sound server gone): an 'error' event came first. */
  | 'device_error'
  /** The input ended by itself. */
  | 'source_ended'
  /** The live session ended without being asked (server shutdown, idle timeout, failure). */
  | 'session_closed';

export interface CaptureEnded {
  sessionId: string;
  reason: CaptureEndReason;
  error: string | null;
  /** Seconds of audio captured (and recorded for `/file`). */
  capturedS: number;
  /** How the session closed its end (1000: ended normally, the job is stored as `done`). */
  closeCode: number;
}

export interface CaptureEvents {
  /** Every ~50 ms of audio. */
  level: [CaptureLevelEvent];
  /** What a WebSocket client of the session would receive (transcripts, speech events, post-processing, …). */
  message: [LiveMessage];
  /** A failure while running; the session still ends and stores what was captured. Not emitted without a listener. */
  error: [CaptureError];
  /** Always last, once: the capture process is gone and the live job is stored. */
  ended: [CaptureEnded];
}

export interface CaptureSession {
  /** The live job's id: the finished session is in the job list under this id, with its audio. */
  sessionId: string;
  createdAt: string;
  device: CaptureDevice;
  format: PcmFormat;
  events: EventEmitter<CaptureEvents>;
}

export interface CaptureServiceOptions {
  inputs?: PlatformInputs;
  /** The environment ffmpeg runs in (PULSE_SERVER, XDG_RUNTIME_DIR); the process's own by default. */
  env?: NodeJS.ProcessEnv;
  /** See CaptureProcessOptions. */
  openGraceMs?: number;
}

interface Running {
  session: CaptureSession;
  owner: string;
  client: LocalLiveClient;
  capture: CaptureProcess;
  meter: LevelMeter;
  bytesPerSecond: number;
  /** Bytes of PCM the session was given. */
  sent: number;
  reason: CaptureEndReason | null;
  error: string | null;
  ended: Promise<CaptureEnded>;
}

const DEFAULT_FORMAT: PcmFormat = { sampleRate: 16000, channels: 1 };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Native capture into live sessions: ffmpeg reads the device and writes PCM, which goes into a LiveSession
 * in-process (LocalLiveClient), so the session acks, transcribes, records the WAV for `/file` and stores the job
 * exactly as for a WebSocket client. Messages, levels and the end come back as events.
 */
export class CaptureService {
  private readonly inputs: PlatformInputs;
  private readonly running = new Map<string, Running>();

  constructor(
    private readonly deps: { live: LiveService; log: (message: string, error?: unknown) => void },
    private readonly options: CaptureServiceOptions = {},
  ) {
    this.inputs = options.inputs ?? new PlatformInputs({ env: options.env });
  }

  /** Whether capture works here, and if not, why (shown next to the device list). */
  async availability(): Promise<{ available: boolean; reason: string | null }> {
    const probe = await this.inputs.probe();
    return probe.available ? { available: true, reason: null } : { available: false, reason: probe.reason };
  }

  /** Throws CaptureError 'unavailable' (with the reason) when capture cannot work here. */
  async listDevices(): Promise<CaptureDevice[]> {
    return this.inputs.devices();
  }

  /** Sessions capturing now, by id. */
  sessions(): string[] {
    return [...this.running.keys()];
  }

  /**
   * Opens the device, then creates the live session (so a device that cannot be opened leaves no job behind),
   * and streams into it until stop(), a device failure or the session's end.
   */
  async start(options: CaptureStartOptions): Promise<CaptureSession> {
    const params = this.parseParams(options.liveParams);
    const format: PcmFormat = { sampleRate: params.sample_rate, channels: params.channels };
    const { device, ffmpeg, inputArgs } = await this.inputs.resolve(options.deviceId);

    let sink: ((pcm: Buffer) => void) | null = null;
    const early: Buffer[] = [];
    let capture: CaptureProcess;
    try {
      capture = await CaptureProcess.start({
        ffmpeg,
        inputArgs: inputArgs(format),
        format,
        env: this.options.env,
        openGraceMs: this.options.openGraceMs,
        onData: (pcm) => (sink ? sink(pcm) : early.push(pcm)),
      });
    } catch (error) {
      throw new CaptureError(
        'device_error',
        `Could not open the input device "${device.name}": ${(error as Error).message}`,
      );
    }

    let created: ReturnType<LiveService['create']>;
    try {
      created = this.deps.live.create(options.owner, params);
    } catch (error) {
      await capture.stop();
      throw CaptureError.fromLive(error);
    }
    const { job, session: live } = created;
    const client = new LocalLiveClient();
    const session: CaptureSession = {
      sessionId: job.id,
      createdAt: job.createdAt,
      device,
      format,
      events: new EventEmitter<CaptureEvents>(),
    };
    let resolveEnded!: (ended: CaptureEnded) => void;
    const run: Running = {
      session,
      owner: options.owner,
      client,
      capture,
      meter: new LevelMeter(format.sampleRate, format.channels),
      bytesPerSecond: format.sampleRate * format.channels * 2,
      sent: 0,
      reason: null,
      error: null,
      ended: new Promise((resolve) => (resolveEnded = resolve)),
    };
    this.running.set(job.id, run);

    client.onMessage((message) => this.onMessage(run, message));
    client.onClose((code) => void this.onSessionClosed(run, code).then(resolveEnded));
    live.attach(client.transport);

    // The caller gets the events emitter when this resolves: audio (and so levels and messages) flows from the
    // next turn of the event loop, once it had the chance to listen.
    setImmediate(() => {
      for (const pcm of early.splice(0)) this.onAudio(run, pcm);
      sink = (pcm) => this.onAudio(run, pcm);
      void capture.exited.then((exit) => this.onCaptureExit(run, exit));
    });
    return session;
  }

  /**
   * Stops capturing; the session transcribes what is left, stores the job (`done`, with its audio) and ends.
   * With `owner`, only that owner's session is found.
   */
  async stop(sessionId: string, owner?: string): Promise<CaptureEnded> {
    const run = this.running.get(sessionId);
    if (!run || (owner !== undefined && run.owner !== owner)) {
      throw new CaptureError('not_found', `No capture is running as live session ${sessionId}`);
    }
    run.reason ??= 'stopped';
    await run.capture.stop();
    return run.ended;
  }

  /** Stops every capture (on quit), each as if stop() had been called. */
  async close(): Promise<void> {
    await Promise.all([...this.running.keys()].map((id) => this.stop(id).catch(() => undefined)));
  }

  private parseParams(given: Record<string, unknown> = {}): LiveParams {
    const messagesConfig = isObject(given.messages_config) ? given.messages_config : {};
    const parsed = parseLiveRequest({
      ...given,
      encoding: 'wav/pcm',
      bit_depth: 16,
      sample_rate: given.sample_rate ?? DEFAULT_FORMAT.sampleRate,
      channels: given.channels ?? DEFAULT_FORMAT.channels,
      messages_config: { receive_partial_transcripts: true, ...messagesConfig },
    });
    if (!parsed.ok) {
      throw new CaptureError(
        'invalid_params',
        `Invalid live parameters: ${parsed.errors.join('; ')}`,
        parsed.errors,
      );
    }
    return parsed.value;
  }

  private onAudio(run: Running, pcm: Buffer): void {
    if (!run.client.open) return;
    run.client.sendAudio(pcm);
    run.sent += pcm.length;
    for (const level of run.meter.push(pcm)) {
      run.session.events.emit('level', { sessionId: run.session.sessionId, ...level });
    }
  }

  private onMessage(run: Running, message: LiveMessage): void {
    run.session.events.emit('message', message);
    // The session stopped taking audio without being asked (shutdown, idle): stop the device too.
    if (message.type === 'audio_chunk' && message.acknowledged === false && run.reason === null) {
      run.reason = 'session_closed';
      void run.capture.stop();
    }
  }

  private onCaptureExit(run: Running, exit: CaptureExit): void {
    if (exit.kind === 'ended') run.reason ??= 'source_ended';
    if (exit.kind === 'failed' && run.reason === null) {
      run.reason = 'device_error';
      run.error = `The input device "${run.session.device.name}" stopped: ${exit.message}`;
      this.emitError(run, new CaptureError('device_error', run.error));
    }
    // Whatever ended the capture, the session ends the same way: remaining audio, post-processing, stored job.
    if (run.client.open) run.client.stopRecording();
  }

  private async onSessionClosed(run: Running, code: number): Promise<CaptureEnded> {
    run.reason ??= 'session_closed';
    if (code !== 1000 && run.error === null) {
      run.error = `The live session closed with code ${code}`;
      this.emitError(run, new CaptureError('session_error', run.error));
    }
    await run.capture.stop();
    this.running.delete(run.session.sessionId);
    const ended: CaptureEnded = {
      sessionId: run.session.sessionId,
      reason: run.reason,
      error: run.error,
      capturedS: Math.round((run.sent / run.bytesPerSecond) * 1000) / 1000,
      closeCode: code,
    };
    run.session.events.emit('ended', ended);
    return ended;
  }

  private emitError(run: Running, error: CaptureError): void {
    this.deps.log(`capture ${run.session.sessionId}: ${error.message}`);
    // An 'error' event without a listener would throw; the 'ended' event carries the message as well.
    if (run.session.events.listenerCount('error') > 0) run.session.events.emit('error', error);
  }
}

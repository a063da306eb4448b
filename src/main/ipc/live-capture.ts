import WebSocket from 'ws';
import { BridgeError } from '../../shared/ipc/errors';
import {
  captionOf,
  type LiveDevices,
  type LiveStarted,
  type LiveStartInput,
  type LiveState,
} from '../../shared/ipc/live';
import { liveStartSchema } from '../../shared/ipc/schemas';
import { parseLiveRequest } from '../../shared/schemas/live';
import type { LiveService } from '../live/service';
import { levelOf, type CaptureHandle, type CaptureProvider } from './capture';
import { badInput, notFound, zodBadInput } from './errors';
import type { BridgeEventBus } from './events';

export const NATIVE_PREFIX = 'native:';
const SAMPLE_RATE = 16000;
const BYTES_PER_SECOND = SAMPLE_RATE * 2;
const LEVEL_INTERVAL_MS = 100;
const END_TIMEOUT_MS = 60_000;

interface Running {
  owner: string;
  socket: WebSocket;
  capture: CaptureHandle | null;
  bytes: number;
  lastLevelAt: number;
  state: LiveState;
  ended: Promise<void>;
}

const unavailable = (reason: string | null): BridgeError =>
  new BridgeError({
    status: 501,
    code: 'capture_unavailable',
    message: `Native audio capture is not available: ${reason ?? 'no capture pipeline in this build'}`,
  });

/**
 * Live sessions fed by native capture: a session is created in the core, and the captured PCM goes to it over the
 * server's own `/v2/live` WebSocket on loopback, exactly as an external client's would (same acks, recording and
 * stored job). Captions, levels and states go out as bridge events.
 */
export class LiveCaptureController {
  private readonly sessions = new Map<string, Running>();

  constructor(
    private readonly deps: {
      live: LiveService;
      capture: CaptureProvider | undefined;
      bus: BridgeEventBus;
      /** The server's loopback origin, e.g. `http://127.0.0.1:8080`. */
      serverUrl: () => string;
      log: (message: string, error?: unknown) => void;
    },
  ) {}

  async devices(): Promise<LiveDevices> {
    const { capture } = this.deps;
    if (!capture) {
      return {
        devices: [],
        nativeCapture: { available: false, reason: 'no capture pipeline in this build' },
      };
    }
    const availability = await capture.availability();
    if (!availability.available) return { devices: [], nativeCapture: availability };
    const devices = await capture.listDevices();
    return {
      devices: devices.map((d) => ({ ...d, id: `${NATIVE_PREFIX}${d.id}`, source: 'native' as const })),
      nativeCapture: { available: true, reason: null },
    };
  }

  async start(owner: string, input: LiveStartInput): Promise<LiveStarted> {
    const checked = liveStartSchema.safeParse(input);
    if (!checked.success) throw zodBadInput(checked.error);
    const { deviceId, params = {} } = checked.data;
    if (!deviceId.startsWith(NATIVE_PREFIX))
      throw badInput([`Field "deviceId" must name a native device (${NATIVE_PREFIX}…)`]);
    const { capture } = this.deps;
    if (!capture) throw unavailable(null);
    const availability = await capture.availability();
    if (!availability.available) throw unavailable(availability.reason);

    const messagesConfig = (params.messages_config ?? {}) as Record<string, unknown>;
    const parsed = parseLiveRequest({
      ...params,
      encoding: 'wav/pcm',
      bit_depth: 16,
      sample_rate: SAMPLE_RATE,
      channels: 1,
      messages_config: {
        ...messagesConfig,
        receive_partial_transcripts: true,
        receive_final_transcripts: true,
        receive_errors: true,
      },
    });
    if (!parsed.ok) throw badInput(parsed.errors);
    const { job, session } = this.deps.live.create(owner, parsed.value);
    const id = job.id;
    const wsUrl = `${this.deps.serverUrl().replace(/^http/, 'ws')}/v2/live/ws?token=${session.token}`;
    const socket = new WebSocket(wsUrl);
    let resolveEnded!: () => void;
    const running: Running = {
      owner,
      socket,
      capture: null,
      bytes: 0,
      lastLevelAt: 0,
      state: 'connecting',
      ended: new Promise<void>((resolve) => (resolveEnded = resolve)),
    };
    this.sessions.set(id, running);
    this.setState(id, running, 'connecting');

    socket.on('message', (data: Buffer, isBinary: boolean) => {
      if (!isBinary) this.onMessage(id, owner, data.toString('utf8'));
    });
    socket.on('close', (code: number) => {
      void running.capture?.stop();
      this.sessions.delete(id);
      const error = code === 1000 ? null : `The live connection closed with code ${code}`;
      this.setState(id, running, error ? 'error' : 'ended', error);
      resolveEnded();
    });
    socket.on('error', (error) => this.deps.log(`live capture ${id}: socket error`, error));

    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
      running.capture = await capture.open(
        deviceId.slice(NATIVE_PREFIX.length),
        { sampleRate: SAMPLE_RATE, channels: 1 },
        {
          onData: (pcm) => this.onAudio(id, running, pcm),
          onError: (error) => {
            this.deps.log(`live capture ${id}: capture failed`, error);
            this.setState(id, running, 'error', `Capture failed: ${error.message}`);
            this.requestStop(running);
          },
          onEnd: () => this.requestStop(running),
        },
      );
    } catch (error) {
      // The session exists already: end it (it is stored without audio) rather than leave it waiting.
      this.requestStop(running);
      if (socket.readyState !== WebSocket.OPEN) void session.end('client_closed');
      throw new BridgeError({
        status: 500,
        message: `Could not start capture: ${(error as Error).message}`,
      });
    }
    this.setState(id, running, 'recording');
    return { sessionId: id, startedAt: job.createdAt };
  }

  async stop(owner: string, sessionId: string): Promise<void> {
    const running = this.sessions.get(sessionId);
    if (!running || running.owner !== owner) throw notFound(`Running live session ${sessionId}`);
    this.requestStop(running);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      running.ended,
      new Promise<void>((resolve) => (timer = setTimeout(resolve, END_TIMEOUT_MS))),
    ]);
    clearTimeout(timer);
  }

  /** Stops every capture (on quit); the sessions end as if their users had pressed stop. */
  async close(): Promise<void> {
    await Promise.all(
      [...this.sessions].map(([id, running]) =>
        // A session that ends by itself meanwhile is fine: nothing is left to stop.
        this.stop(running.owner, id).catch(() => undefined),
      ),
    );
  }

  private requestStop(running: Running): void {
    if (running.state === 'stopping' || running.state === 'ended') return;
    const id = [...this.sessions].find(([, r]) => r === running)?.[0];
    if (id) this.setState(id, running, 'stopping');
    void running.capture?.stop();
    if (running.socket.readyState === WebSocket.OPEN)
      running.socket.send(JSON.stringify({ type: 'stop_recording' }));
    else running.socket.terminate();
  }

  private onAudio(id: string, running: Running, pcm: Buffer): void {
    if (running.state !== 'recording' || running.socket.readyState !== WebSocket.OPEN) return;
    running.socket.send(pcm);
    running.bytes += pcm.length;
    const now = Date.now();
    if (now - running.lastLevelAt >= LEVEL_INTERVAL_MS) {
      running.lastLevelAt = now;
      this.deps.bus.emit('live:level', { sessionId: id, ...levelOf(pcm) }, running.owner);
      this.deps.bus.emit(
        'live:state',
        { sessionId: id, state: running.state, elapsedS: running.bytes / BYTES_PER_SECOND, error: null },
        running.owner,
      );
    }
  }

  private onMessage(id: string, owner: string, text: string): void {
    const caption = captionOf(id, text);
    if (caption) this.deps.bus.emit('live:caption', caption, owner);
  }

  private setState(id: string, running: Running, state: LiveState, error: string | null = null): void {
    if (running.state === 'error' && state !== 'ended') return;
    running.state = state === 'error' ? 'error' : state;
    this.deps.bus.emit(
      'live:state',
      { sessionId: id, state, elapsedS: running.bytes / BYTES_PER_SECOND, error },
      running.owner,
    );
  }
}

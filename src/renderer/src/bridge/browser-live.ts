import { BridgeError } from '../../../shared/ipc/errors';
import { captionOf, type LiveDevice, type LiveStarted, type LiveState } from '../../../shared/ipc/live';
import type { EventHub } from './event-hub';
import type { HttpClient } from './http-client';
import { floatToPcm16, levelOf, LIVE_RATES, resampleLinear } from './pcm';
// A file of this origin, never inlined as a data: URL, which the Content-Security-Policy would refuse.
import workletUrl from './pcm-worklet.js?url&no-inline';

export const BROWSER_PREFIX = 'browser:';
const STOP_TIMEOUT_MS = 60_000;

interface Session {
  id: string;
  socket: WebSocket;
  stream: MediaStream;
  context: AudioContext;
  sentBytes: number;
  bytesPerSecond: number;
  state: LiveState;
  closed: Promise<void>;
}

function openContext(): AudioContext {
  try {
    // Chromium resamples the microphone to the context's rate: 16 kHz is what the engine runs at.
    return new AudioContext({ sampleRate: 16000 });
  } catch {
    return new AudioContext();
  }
}

/**
 * Live captions from this page's microphone: getUserMedia → AudioWorklet (ScriptProcessor where there is none) →
 * 16-bit PCM → the /v2/live WebSocket, exactly as any API client streams. Used by the HTTP bridge, and by the
 * desktop window for its own microphone.
 */
export class BrowserLive {
  private readonly sessions = new Map<string, Session>();

  constructor(
    private readonly http: () => Promise<HttpClient>,
    private readonly hub: EventHub,
  ) {}

  async devices(): Promise<LiveDevice[]> {
    if (!navigator.mediaDevices?.enumerateDevices) return [];
    const inputs = (await navigator.mediaDevices.enumerateDevices()).filter((d) => d.kind === 'audioinput');
    // Before the microphone permission is granted, ids and labels are empty: offer the default device.
    const named = inputs.filter((d) => d.deviceId);
    const list = named.length ? named : [{ deviceId: 'default', label: '' }];
    return list.map((d, i) => ({
      id: `${BROWSER_PREFIX}${d.deviceId}`,
      label: d.label || (d.deviceId === 'default' ? 'Default microphone' : `Microphone ${i + 1}`),
      source: 'browser' as const,
      isDefault: d.deviceId === 'default' || (i === 0 && !named.some((n) => n.deviceId === 'default')),
    }));
  }

  async start(deviceId: string, params: Record<string, unknown> = {}): Promise<LiveStarted> {
    if (!navigator.mediaDevices?.getUserMedia) {
      throw new BridgeError({
        status: 501,
        code: 'capture_unavailable',
        message: 'This page cannot use the microphone (it needs https or localhost)',
      });
    }
    const raw = deviceId.slice(BROWSER_PREFIX.length);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        audio: raw && raw !== 'default' ? { deviceId: { exact: raw }, channelCount: 1 } : { channelCount: 1 },
      });
    } catch (error) {
      throw new BridgeError({
        status: 403,
        message: `Microphone not available: ${(error as Error).message}`,
      });
    }
    const context = openContext();
    const rate = LIVE_RATES.includes(context.sampleRate) ? context.sampleRate : 16000;
    try {
      const http = await this.http();
      const messagesConfig = (params.messages_config ?? {}) as Record<string, unknown>;
      const created = await http.json<{ id: string; url: string; created_at: string }>('POST', '/v2/live', {
        ...params,
        encoding: 'wav/pcm',
        bit_depth: 16,
        sample_rate: rate,
        channels: 1,
        messages_config: {
          ...messagesConfig,
          receive_partial_transcripts: true,
          receive_final_transcripts: true,
        },
      });
      const socket = await this.connect(http.baseUrl, created.url);
      const session = this.track(created.id, socket, stream, context, rate * 2);
      await this.pipe(session, rate);
      this.setState(session, 'recording');
      return { sessionId: created.id, startedAt: created.created_at };
    } catch (error) {
      stream.getTracks().forEach((t) => t.stop());
      void context.close();
      throw error;
    }
  }

  async stop(sessionId: string): Promise<void> {
    const session = this.sessions.get(sessionId);
    if (!session)
      throw new BridgeError({ status: 404, message: `Running live session ${sessionId} not found` });
    this.setState(session, 'stopping');
    session.stream.getTracks().forEach((t) => t.stop());
    if (session.socket.readyState === WebSocket.OPEN)
      session.socket.send(JSON.stringify({ type: 'stop_recording' }));
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      session.closed,
      new Promise<void>((resolve) => (timer = setTimeout(resolve, STOP_TIMEOUT_MS))),
    ]);
    clearTimeout(timer);
  }

  /** The server's WebSocket URL uses its public origin; a browser that reached it by another name keeps its own. */
  private connect(baseUrl: string, url: string): Promise<WebSocket> {
    const target = new URL(url);
    const base = new URL(baseUrl || window.location.origin);
    target.protocol = base.protocol === 'https:' ? 'wss:' : 'ws:';
    target.host = base.host;
    const socket = new WebSocket(target.toString());
    socket.binaryType = 'arraybuffer';
    return new Promise((resolve, reject) => {
      socket.onopen = () => resolve(socket);
      socket.onerror = () =>
        reject(new BridgeError({ status: 0, code: 'network', message: 'Live connection failed' }));
    });
  }

  private track(
    id: string,
    socket: WebSocket,
    stream: MediaStream,
    context: AudioContext,
    bps: number,
  ): Session {
    let done!: () => void;
    const session: Session = {
      id,
      socket,
      stream,
      context,
      sentBytes: 0,
      bytesPerSecond: bps,
      state: 'connecting',
      closed: new Promise<void>((resolve) => (done = resolve)),
    };
    this.sessions.set(id, session);
    socket.onmessage = (event) => {
      if (typeof event.data === 'string') this.onMessage(session, event.data);
    };
    socket.onclose = (event) => {
      this.sessions.delete(id);
      stream.getTracks().forEach((t) => t.stop());
      void context.close();
      const error = event.code === 1000 ? null : `The live connection closed (${event.code} ${event.reason})`;
      this.setState(session, error ? 'error' : 'ended', error);
      done();
    };
    return session;
  }

  private async pipe(session: Session, rate: number): Promise<void> {
    const { context } = session;
    const source = context.createMediaStreamSource(session.stream);
    const onSamples = (samples: Float32Array) => {
      if (session.state !== 'recording' || session.socket.readyState !== WebSocket.OPEN) return;
      const pcm = floatToPcm16(resampleLinear(samples, context.sampleRate, rate));
      session.socket.send(pcm);
      session.sentBytes += pcm.byteLength;
      this.hub.emit('live:level', { sessionId: session.id, ...levelOf(samples) });
      this.hub.emit('live:state', {
        sessionId: session.id,
        state: session.state,
        elapsedS: session.sentBytes / session.bytesPerSecond,
        error: null,
      });
    };
    if (context.audioWorklet) {
      await context.audioWorklet.addModule(workletUrl);
      const node = new AudioWorkletNode(context, 'pcm-capture', { numberOfInputs: 1, numberOfOutputs: 1 });
      node.port.onmessage = (event: MessageEvent<Float32Array>) => onSamples(event.data);
      source.connect(node);
      // Nodes are only processed when connected to the destination; the processor writes silence.
      node.connect(context.destination);
    } else {
      const node = context.createScriptProcessor(4096, 1, 1);
      node.onaudioprocess = (event) => onSamples(new Float32Array(event.inputBuffer.getChannelData(0)));
      source.connect(node);
      node.connect(context.destination);
    }
    if (context.state === 'suspended') await context.resume();
  }

  private onMessage(session: Session, text: string): void {
    const caption = captionOf(session.id, text);
    if (caption) this.hub.emit('live:caption', caption);
  }

  private setState(session: Session, state: LiveState, error: string | null = null): void {
    session.state = state;
    this.hub.emit('live:state', {
      sessionId: session.id,
      state,
      elapsedS: session.sentBytes / session.bytesPerSecond,
      error,
    });
  }
}

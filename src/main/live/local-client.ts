import { EventEmitter } from 'node:events';
import type { LiveMessage } from './messages';
import type { LiveTransport } from './transport';

const OPEN = 1;
const CLOSED = 3;

interface ClientSide {
  message: [message: LiveMessage];
  close: [code: number, reason: string];
}

/**
 * A live client in the same process as its session: `session.attach(client.transport)` plays the part of the
 * WebSocket, so audio goes in and messages come out with no network hop, no serialisation of audio and no
 * back-pressure to manage. Like a WebSocket, a close from either end is delivered asynchronously.
 */
export class LocalLiveClient {
  /** What the session listens to: 'message' (data, isBinary), 'close' (code), 'error' (never emitted here). */
  private readonly toSession = new EventEmitter();
  private readonly toClient = new EventEmitter<ClientSide>();
  private state = OPEN;

  /** The session's end of the connection. */
  readonly transport: LiveTransport;

  constructor() {
    const state = (): number => this.state;
    this.transport = {
      get readyState() {
        return state();
      },
      send: (data: string) => {
        if (this.state !== OPEN) return;
        this.toClient.emit('message', JSON.parse(data) as LiveMessage);
      },
      close: (code = 1005, reason = '') => this.closeWith(code, reason),
      on: ((event: string, listener: Parameters<EventEmitter['on']>[1]) =>
        this.toSession.on(event, listener)) as LiveTransport['on'],
    };
  }

  get open(): boolean {
    return this.state === OPEN;
  }

  /** Audio in the session's configured encoding, as a binary frame would carry it. */
  sendAudio(bytes: Buffer): void {
    if (this.state === OPEN) this.toSession.emit('message', bytes, true);
  }

  /** A JSON frame: `{type: 'stop_recording'}`, `{type: 'audio_chunk', data: {chunk}}`. */
  sendJson(frame: Record<string, unknown>): void {
    if (this.state === OPEN) this.toSession.emit('message', Buffer.from(JSON.stringify(frame)), false);
  }

  stopRecording(): void {
    this.sendJson({ type: 'stop_recording' });
  }

  /** Closes from the client's side (1000: done, which ends the session; other codes leave it waiting). */
  close(code = 1000, reason = ''): void {
    this.closeWith(code, reason);
  }

  onMessage(listener: (message: LiveMessage) => void): void {
    this.toClient.on('message', listener);
  }

  /** Called once, whichever end closed. */
  onClose(listener: (code: number, reason: string) => void): void {
    this.toClient.on('close', listener);
  }

  private closeWith(code: number, reason: string): void {
    if (this.state !== OPEN) return;
    this.state = CLOSED;
    setImmediate(() => {
      this.toSession.emit('close', code);
      this.toClient.emit('close', code, reason);
      this.toSession.removeAllListeners();
      this.toClient.removeAllListeners();
    });
  }
}

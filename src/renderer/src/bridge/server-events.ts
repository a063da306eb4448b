import type { IpcEventMessage } from '../../../shared/ipc/contract';

const UNAUTHORIZED = 4401;
const MAX_BACKOFF_MS = 10_000;

/**
 * The /app/events WebSocket: authenticates with the first message, forwards every event, and reconnects with
 * backoff when the server restarts (not after a 4401: a wrong key stays wrong).
 */
export class ServerEvents {
  private socket: WebSocket | null = null;
  private backoff = 500;
  private closed = false;

  constructor(
    private readonly baseUrl: string,
    private readonly key: () => string | null,
    private readonly deliver: (message: IpcEventMessage) => void,
  ) {}

  open(): void {
    if (this.socket || this.closed) return;
    const url = new URL('/app/events', this.baseUrl || window.location.origin);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(url.toString());
    this.socket = socket;
    socket.onopen = () => socket.send(JSON.stringify({ type: 'auth', key: this.key() ?? '' }));
    socket.onmessage = (event) => {
      if (typeof event.data !== 'string') return;
      const message = JSON.parse(event.data) as { type: string } & Partial<IpcEventMessage>;
      if (message.type === 'ready') this.backoff = 500;
      else if (message.type === 'event' && message.event) this.deliver(message as IpcEventMessage);
    };
    socket.onclose = (event) => {
      this.socket = null;
      if (this.closed || event.code === UNAUTHORIZED) return;
      setTimeout(() => this.open(), this.backoff);
      this.backoff = Math.min(this.backoff * 2, MAX_BACKOFF_MS);
    };
  }

  /** After a key change: the socket authenticates again with the new key. */
  reconnect(): void {
    this.socket?.close(1000);
    this.socket = null;
    this.open();
  }

  close(): void {
    this.closed = true;
    this.socket?.close(1000);
  }
}

/**
 * The client connection a LiveSession talks to. The `ws` WebSocket of `/v2/live/ws` has this shape, and so does
 * LocalLiveClient's end, which lets the app's own capture feed a session in-process with the same frames, acks
 * and messages as a network client.
 */
export interface LiveTransport {
  /** 1 while open (WebSocket.OPEN); the session sends nothing otherwise. */
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): unknown;
  on(event: 'close', listener: (code: number) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

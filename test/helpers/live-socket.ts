import WebSocket from 'ws';
import { chunks, sleep } from './live-audio';

// A plain WebSocket client of a live session, as pipecat, LiveKit and hand-written clients are.

export interface Socket {
  ws: WebSocket;
  messages: any[];
  closed: Promise<{ code: number; reason: string }>;
}

export async function connect(url: string): Promise<Socket> {
  const ws = new WebSocket(url);
  const messages: any[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(data.toString())));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
    void closed.then(() => resolve());
  });
  return { ws, messages, closed };
}

/** Sends audio in 100 ms chunks, `speed` times faster than real time, as binary frames or base64 JSON. */
export async function send(
  socket: Socket,
  bytes: Buffer,
  bytesPerSecond: number,
  opts: { json?: boolean; speed?: number } = {},
) {
  for (const piece of chunks(bytes, bytesPerSecond)) {
    if (opts.json)
      socket.ws.send(JSON.stringify({ type: 'audio_chunk', data: { chunk: piece.toString('base64') } }));
    else socket.ws.send(piece);
    await sleep(100 / (opts.speed ?? 10));
  }
}

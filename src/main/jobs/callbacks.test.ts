import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { CallbackSender } from './callbacks';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

function listen(handler: (method: string, body: string) => number): Promise<string> {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      res.statusCode = handler(req.method!, body);
      res.end();
    });
  });
  return new Promise((resolve) =>
    server!.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server!.address() as AddressInfo).port}/hook`),
    ),
  );
}

describe('CallbackSender', () => {
  it('retries with backoff until the endpoint accepts, with the method asked for', async () => {
    const seen: string[] = [];
    const url = await listen((method, body) => {
      seen.push(`${method} ${body}`);
      return seen.length < 3 ? 503 : 200;
    });
    const sender = new CallbackSender({ retries: 5, baseDelayMs: 10 });
    sender.send({ url, method: 'PUT', body: { id: 'j' } });
    await sender.close(5000);
    expect(seen).toEqual(['PUT {"id":"j"}', 'PUT {"id":"j"}', 'PUT {"id":"j"}']);
  });

  it('gives up after the configured retries and never throws', async () => {
    let count = 0;
    const url = await listen(() => {
      count++;
      return 500;
    });
    const sender = new CallbackSender({ retries: 2, baseDelayMs: 5 });
    sender.send({ url, method: 'POST', body: {} });
    await sender.close(5000);
    expect(count).toBe(3);
  });

  it('survives an unreachable endpoint', async () => {
    const sender = new CallbackSender({ retries: 1, baseDelayMs: 5, timeoutMs: 500 });
    sender.send({ url: 'http://127.0.0.1:9/nowhere', method: 'POST', body: {} });
    await expect(sender.close(5000)).resolves.toBeUndefined();
  });
});

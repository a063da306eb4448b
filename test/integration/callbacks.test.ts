import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audio } from '../helpers/paths';
import {
  api,
  removeDir,
  startServerProcess,
  uploadFile,
  type ServerProcess,
} from '../helpers/server-process';

let server: ServerProcess;
let receiver: Server;
let origin: string;
const received: { method: string; url: string; body: any }[] = [];
let failFirst = 0;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (req.url === '/flaky' && failFirst-- > 0) {
        res.statusCode = 503;
        return res.end();
      }
      received.push({ method: req.method!, url: req.url!, body: JSON.parse(body) });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  server = await startServerProcess();
});
afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
  receiver.close();
});

const uploaded = () => uploadFile(server.url, audio('jfk.wav'));

const waitFor = async (predicate: () => boolean, ms = 30_000) => {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for callback');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('callbacks', () => {
  it('PUTs the result to callback_config.url, retrying a failing endpoint', async () => {
    failFirst = 2;
    const r = await api(server.url, 'POST', '/v2/pre-recorded', {
      audio_url: await uploaded(),
      callback: true,
      callback_config: { url: `${origin}/flaky`, method: 'PUT' },
      custom_metadata: { order: 7 },
    });
    await waitFor(() => received.some((c) => c.url === '/flaky'));
    const call = received.find((c) => c.url === '/flaky')!;
    expect(call.method).toBe('PUT');
    expect(call.body).toMatchObject({
      id: r.body.id,
      event: 'transcription.success',
      custom_metadata: { order: 7 },
    });
    expect(call.body.payload.transcription.full_transcript).toMatch(/country/i);
    expect(call.body.payload.metadata.audio_duration).toBeGreaterThan(10);
  });

  it('POSTs errors to the legacy callback_url', async () => {
    const r = await api(server.url, 'POST', '/v2/pre-recorded', {
      audio_url: 'http://127.0.0.1:9/gone.wav',
      callback_url: `${origin}/legacy`,
    });
    await waitFor(() => received.some((c) => c.url === '/legacy'));
    const call = received.find((c) => c.url === '/legacy')!;
    expect(call.method).toBe('POST');
    expect(call.body).toMatchObject({
      id: r.body.id,
      event: 'transcription.error',
      error: { code: expect.any(Number) },
    });
  });

  it('never fails the job when the callback endpoint is down', async () => {
    const r = await api(server.url, 'POST', '/v2/pre-recorded', {
      audio_url: await uploaded(),
      callback: true,
      callback_config: { url: 'http://127.0.0.1:9/down' },
    });
    for (;;) {
      const { body } = await api(server.url, 'GET', `/v2/pre-recorded/${r.body.id}`);
      if (body.status === 'done' || body.status === 'error') {
        expect(body.status).toBe('done');
        break;
      }
      await new Promise((res) => setTimeout(res, 100));
    }
  });
});

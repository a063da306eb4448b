import { createServer, connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A loopback TCP proxy that can cut every connection at once, to drop a live client the way a network would
 * (no close frame: the client sees 1006 and reconnects).
 */
export async function startTcpProxy(targetPort: number, listenPort = 0) {
  const pairs = new Set<[Socket, Socket]>();
  let lastServerData = 0;
  const server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    client.pipe(upstream);
    upstream.on('data', () => (lastServerData = Date.now()));
    upstream.pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      pairs.delete(pair);
    };
    client.on('error', drop);
    upstream.on('error', drop);
    client.on('close', drop);
    upstream.on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    /** Milliseconds since the server last sent anything through the proxy. */
    quietFor: () => Date.now() - lastServerData,
    cutAll(): number {
      const n = pairs.size;
      for (const [a, b] of pairs) {
        a.destroy();
        b.destroy();
      }
      pairs.clear();
      return n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

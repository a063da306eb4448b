import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { AppServices } from '../../../ipc/app-services';
import type { KeyRing } from '../../auth';

export const EVENTS_CLOSE = { unauthorized: 4401 } as const;
const AUTH_TIMEOUT_MS = 10_000;

/**
 * `/app/events`: the bridge events for browsers. A browser cannot set headers on a WebSocket and a key in the URL
 * would be logged, so the first message authenticates: `{"type":"auth","key":"…"}` → `{"type":"ready"}`, then
 * `{"type":"event","event":"models:progress","payload":{…}}` frames. A bad or missing key closes with 4401.
 */
export function appEventRoutes(app: FastifyInstance, services: AppServices, keys: KeyRing): void {
  app.get('/app/events', { websocket: true }, (socket: WebSocket) => {
    let unsubscribe: (() => void) | undefined;
    const timer = setTimeout(
      () => socket.close(EVENTS_CLOSE.unauthorized, 'authenticate first'),
      AUTH_TIMEOUT_MS,
    );
    socket.on('close', () => {
      clearTimeout(timer);
      unsubscribe?.();
    });
    socket.once('message', (data: Buffer) => {
      clearTimeout(timer);
      let owner: string;
      try {
        const message = JSON.parse(data.toString('utf8')) as { type?: unknown; key?: unknown };
        if (message.type !== 'auth' || typeof message.key !== 'string')
          throw new Error('not an auth message');
        owner = keys.ownerOfKey(message.key);
      } catch {
        socket.close(EVENTS_CLOSE.unauthorized, 'invalid API key');
        return;
      }
      unsubscribe = services.bus.subscribe((event, payload, eventOwner) => {
        if (eventOwner !== undefined && eventOwner !== owner) return;
        if (socket.readyState === 1) socket.send(JSON.stringify({ type: 'event', event, payload }));
      });
      socket.send(JSON.stringify({ type: 'ready' }));
    });
  });
}

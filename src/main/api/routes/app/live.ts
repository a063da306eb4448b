import type { FastifyInstance } from 'fastify';
import type { LiveStartInput } from '../../../../shared/ipc/live';
import type { AppServices } from '../../../ipc/app-services';
import type { KeyRing } from '../../auth';

/**
 * Capture on the server's own machine (native devices). A browser captures its own microphone and talks to
 * /v2/live directly; these routes are for a server that has the microphone.
 */
export function appLiveRoutes(app: FastifyInstance, services: AppServices, keys: KeyRing): void {
  app.get('/app/live/devices', async (request) => {
    keys.authenticate(request);
    return services.live.devices();
  });

  app.post('/app/live/sessions', async (request, reply) => {
    const owner = keys.authenticate(request);
    const started = await services.live.start(owner, (request.body ?? {}) as LiveStartInput);
    return reply.status(201).send(started);
  });

  app.post<{ Params: { id: string } }>('/app/live/sessions/:id/stop', async (request, reply) => {
    const owner = keys.authenticate(request);
    await services.live.stop(owner, request.params.id);
    return reply.status(204).send();
  });
}

import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../../ipc/app-services';
import type { KeyRing } from '../../auth';

type IdParams = { Params: { id: string } };

/** Models: an install answers 202 at once; progress follows on /app/events. */
export function appModelRoutes(app: FastifyInstance, services: AppServices, keys: KeyRing): void {
  app.get('/app/models', async (request) => {
    keys.authenticate(request);
    return services.models.list();
  });

  app.post<IdParams>('/app/models/:id/install', async (request, reply) => {
    keys.authenticate(request);
    await services.models.install(request.params.id);
    return reply.status(202).send();
  });

  app.post<IdParams>('/app/models/:id/cancel', async (request, reply) => {
    keys.authenticate(request);
    await services.models.cancel(request.params.id);
    return reply.status(202).send();
  });

  app.delete<IdParams>('/app/models/:id', async (request, reply) => {
    keys.authenticate(request);
    await services.models.remove(request.params.id);
    return reply.status(204).send();
  });
}

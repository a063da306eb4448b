import type { FastifyInstance } from 'fastify';
import { parseLiveRequest } from '../../../shared/schemas/live';
import { CLOSE } from '../../live/messages';
import type { ApiContext } from '../context';
import { badRequest } from '../errors';
import type { FinishedJobCache } from '../finished-job-cache';
import { jobReadRoutes } from './job-reads';

/** Live sessions (PROTOCOL §5): init, the token WebSocket, and the reads shared with pre-recorded jobs. */
export async function liveRoutes(
  app: FastifyInstance,
  ctx: ApiContext,
  finished: FinishedJobCache,
): Promise<void> {
  // `?region=` is accepted and ignored: a local server has one region.
  app.post('/v2/live', async (request, reply) => {
    const owner = ctx.keys.authenticate(request);
    const parsed = parseLiveRequest(request.body);
    if (!parsed.ok) throw badRequest(parsed.errors);
    const { job, session } = ctx.live.create(owner, parsed.value);
    const wsOrigin = ctx.publicUrl.replace(/^http/, 'ws');
    return reply
      .status(201)
      .send({ id: job.id, created_at: job.createdAt, url: `${wsOrigin}/v2/live/ws?token=${session.token}` });
  });

  // The WebSocket carries no key: the token in the URL is the credential (PROTOCOL §2).
  app.get('/v2/live/ws', { websocket: true }, (socket, request) => {
    const token = (request.query as { token?: string }).token;
    const session = token ? ctx.live.byTokenOf(token) : undefined;
    if (!session) {
      socket.close(CLOSE.unknownSession, 'unknown or expired session token');
      return;
    }
    session.attach(socket);
  });

  jobReadRoutes(app, ctx, '/v2/live', 'live', finished);
}

import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import { newRequestId } from '../jobs/pre-recorded/service';
import { errorHandler } from './errors';
import type { ApiContext } from './context';
import { uploadRoutes } from './routes/upload';
import { preRecordedRoutes } from './routes/pre-recorded';
import { liveRoutes } from './routes/live';
import { FinishedJobCache } from './finished-job-cache';
import websocket from '@fastify/websocket';
import { appRoutes } from './routes/app';
import { registerStaticUi } from './static-ui';

export interface AppOptions {
  logLevel?: string;
}

/** The `/v2` HTTP API as a Fastify instance that is not listening yet (tests and the desktop app start it). */
export async function buildApp(ctx: ApiContext, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: options.logLevel ?? 'warn' },
    routerOptions: { ignoreTrailingSlash: true },
    genReqId: () => newRequestId(),
    requestIdHeader: false,
  });
  // Clients read the request id from this header when a body has none (PROTOCOL §7).
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-aipi-call-id', request.id);
  });

  // The API takes JSON and multipart only; anything else is a clear 415 rather than a string body.
  app.removeContentTypeParser('text/plain');
  // Some clients send `content-type: application/json` with an empty body on GET and DELETE.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') done(null, undefined);
    else parseJson(request, text, done);
  });

  await app.register(cors, {
    origin: true,
    allowedHeaders: ['content-type', 'x-gladia-key', 'x-service-key', 'x-gladia-version'],
    exposedHeaders: ['x-aipi-call-id', 'content-disposition'],
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
  });
  await app.register(multipart, { limits: { fileSize: ctx.limits.maxUploadBytes } });

  app.setErrorHandler(errorHandler);
  // Also the 404 handler: the API's error body, or the UI's index.html for a browser's client-side route.
  await registerStaticUi(app, ctx.uiDir, ctx.files.audioDir);

  // Frames over 1 MiB close the socket with 1009 (PROTOCOL §5.2).
  await app.register(websocket, { options: { maxPayload: 1024 * 1024 } });

  const finished = new FinishedJobCache();
  ctx.library.onDeleted((id) => finished.forget(id));
  await app.register(async (scope) => {
    await uploadRoutes(scope, ctx);
    await preRecordedRoutes(scope, ctx, finished);
    await liveRoutes(scope, ctx, finished);
    await appRoutes(scope, ctx.app, ctx.keys);
  });
  return app;
}

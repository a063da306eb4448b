import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { appContentSecurityPolicy } from '../content-security-policy';
import { notFoundHandler } from './errors';

/** Paths that belong to the API: never answered with the UI, even for a browser asking for HTML. */
const API_PATH = /^\/(v2|app|file)(\/|$)/;
const SAFE_HOST = /^[\w.-]+(:\d+)?$|^\[[\d:a-f.]+\](:\d+)?$/i;

/**
 * The UI's Content-Security-Policy: only this origin's scripts, styles, audio and connections (the WebSockets of
 * /v2/live and /app/events included), nothing inline, no frames, no plugins.
 */
export function contentSecurityPolicy(host: string | undefined): string {
  const sockets = host && SAFE_HOST.test(host) ? [`ws://${host}`, `wss://${host}`] : [];
  return appContentSecurityPolicy({ media: [], connect: sockets, formAction: "'self'" });
}

const wantsHtml = (request: FastifyRequest): boolean =>
  request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');

/**
 * Serves the built renderer (`out/renderer`) at `/` when `uiDir` holds one, so a browser gets the same app as the
 * desktop window; unknown non-API paths fall back to index.html for GETs of HTML (client-side routes). Also gives
 * every reply `sendFile`, which the signed audio links use for range requests.
 */
export async function registerStaticUi(
  app: FastifyInstance,
  uiDir: string | null,
  fallbackRoot: string,
): Promise<boolean> {
  const serveUi = uiDir !== null && existsSync(join(uiDir, 'index.html'));
  await app.register(fastifyStatic, {
    root: serveUi ? uiDir : fallbackRoot,
    serve: serveUi,
    wildcard: false,
    index: ['index.html'],
    // Built asset names carry a content hash: cache them; index.html must always be revalidated.
    setHeaders: (reply, path) => {
      reply.header(
        'cache-control',
        path.endsWith('.html') ? 'no-cache' : 'public, max-age=31536000, immutable',
      );
    },
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) {
      reply.header('content-security-policy', contentSecurityPolicy(request.headers.host));
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'no-referrer');
    }
    return payload;
  });
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (serveUi && wantsHtml(request) && !API_PATH.test(path)) {
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    notFoundHandler(request, reply);
  });
  return serveUi;
}

import { basename, dirname } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { JobListQuery } from '../../../../shared/ipc/jobs';
import type { ExportFormat } from '../../../../shared/ipc/jobs';
import type { AppServices } from '../../../ipc/app-services';
import type { KeyRing } from '../../auth';
import { ApiError } from '../../errors';

type Query = Record<string, string | string[] | undefined>;
type IdParams = { Params: { id: string } };

const single = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

/** Query-string form of the Jobs screen's filters: `status` repeated or comma-separated, numbers as text. */
function listQuery(query: Query): JobListQuery {
  const status = [query.status ?? []]
    .flat()
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  const number = (value: string | undefined): number | undefined =>
    value === undefined || value === '' ? undefined : /^-?\d+$/.test(value) ? Number(value) : Number.NaN;
  const out: Record<string, unknown> = {
    kind: single(query.kind) || undefined,
    status: status.length ? status : undefined,
    from: single(query.from) || undefined,
    to: single(query.to) || undefined,
    text: single(query.text) || undefined,
    offset: number(single(query.offset)),
    limit: number(single(query.limit)),
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as JobListQuery;
}

/** `attachment` with an ASCII fallback name and the exact UTF-8 one (RFC 6266). */
export function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** The Jobs and Job detail screens' reads that /v2 has no form for: summaries with text search, export, audio. */
export function appJobRoutes(app: FastifyInstance, services: AppServices, keys: KeyRing): void {
  app.get('/app/jobs', async (request) => {
    const owner = keys.authenticate(request);
    return services.jobs.list(owner, listQuery(request.query as Query));
  });

  app.get<IdParams>('/app/jobs/:id', async (request) => {
    const owner = keys.authenticate(request);
    return services.jobs.get(owner, request.params.id);
  });

  app.get<IdParams & { Querystring: { format?: string } }>('/app/jobs/:id/export', async (request, reply) => {
    const owner = keys.authenticate(request);
    const file = services.jobs.export(owner, request.params.id, request.query.format as ExportFormat);
    return reply
      .type(file.mimeType)
      .header('content-disposition', attachment(file.filename))
      .send(file.content);
  });

  // The signature in the link is the credential (an <audio> element sends no key); ranges let the player seek.
  app.get<IdParams & { Querystring: { expires?: string; sig?: string } }>(
    '/app/audio/:id',
    async (request, reply) => {
      const { id } = request.params;
      if (!services.links.verify(id, request.query.expires, request.query.sig))
        throw new ApiError(401, 'The audio link is invalid or has expired; reload the job');
      const audio = services.jobs.audioFile(id);
      if (!audio) throw new ApiError(404, `Job ${id} has no audio file`);
      reply.header('cache-control', 'private, max-age=3600');
      return reply.sendFile(basename(audio.path), dirname(audio.path));
    },
  );
}

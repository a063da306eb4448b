import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { parseListQuery } from '../../../shared/schemas/list-query';
import type { JobKind } from '../../jobs/types';
import { authorizeJob } from '../auth';
import type { ApiContext } from '../context';
import { ApiError, badRequest } from '../errors';
import type { FinishedJobCache } from '../finished-job-cache';
import { serializeJob } from '../job-envelope';
import { pageLinks } from '../pagination';

type IdParams = { Params: { id: string } };

/**
 * `GET base`, `GET base/:id`, `DELETE base/:id` and `GET base/:id/file` for one kind of job, or for both kinds when
 * `kind` is undefined (the deprecated `/v2/transcription`).
 */
export function jobReadRoutes(
  app: FastifyInstance,
  ctx: ApiContext,
  base: string,
  kind: JobKind | undefined,
  finished: FinishedJobCache,
): void {
  const notFound = (id: string) => new ApiError(404, `Job ${id} not found`);
  const load = (owner: string, id: string) => {
    const job = authorizeJob(ctx.library.get(id), owner, id);
    if (kind && job.kind !== kind) throw notFound(id);
    return job;
  };

  app.get(base, async (request, reply) => {
    const owner = ctx.keys.authenticate(request);
    const raw = request.query as Record<string, string | string[]>;
    const parsed = parseListQuery(raw);
    if (!parsed.ok) throw badRequest(parsed.errors);
    const query = parsed.value;
    const jobs = ctx.library.list({
      owner,
      kind: kind ?? kindFilter(raw.kind),
      offset: query.offset,
      limit: query.limit,
      date: query.date,
      beforeDate: query.before_date,
      afterDate: query.after_date,
      status: query.status,
      customMetadata: query.custom_metadata,
    });
    const items = jobs.slice(0, query.limit).map((job) => serializeJob(job, ctx.library.fileOf(job)));
    const links = JSON.stringify(pageLinks(ctx.publicUrl, base, query, jobs.length > query.limit)).slice(
      0,
      -1,
    );
    return reply.type('application/json').send(`${links},"items":[${items.join(',')}]}`);
  });

  app.get<IdParams>(`${base}/:id`, async (request, reply) => {
    const owner = ctx.keys.authenticate(request);
    const { id } = request.params;
    const cached = finished.get(id);
    let body: Buffer;
    if (cached) {
      if (cached.owner !== owner) throw new ApiError(401, 'You have no permission to access the job');
      if (kind && cached.kind !== kind) throw notFound(id);
      body = cached.body;
    } else {
      const job = load(owner, id);
      body = finished.remember(job, serializeJob(job, ctx.library.fileOf(job)));
    }
    return reply.type('application/json').send(body);
  });

  app.delete<IdParams>(`${base}/:id`, async (request, reply) => {
    const owner = ctx.keys.authenticate(request);
    ctx.library.delete(load(owner, request.params.id));
    return reply.status(202).send();
  });

  app.get<IdParams>(`${base}/:id/file`, async (request, reply) => {
    const owner = ctx.keys.authenticate(request);
    const job = load(owner, request.params.id);
    const file = ctx.library.fileOf(job);
    if (!file) throw new ApiError(404, `Job ${job.id} has no audio file`);
    return reply
      .type(job.kind === 'live' ? 'audio/wav' : 'application/octet-stream')
      .header('content-disposition', `attachment; filename="${encodeURIComponent(file.filename ?? file.id)}"`)
      .send(createReadStream(ctx.library.filePath(file)));
  });
}

function kindFilter(value: unknown): JobKind | undefined {
  if (value === undefined) return undefined;
  if (value === 'pre-recorded' || value === 'live') return value;
  throw badRequest(['Field "kind" must be one of: pre-recorded, live']);
}

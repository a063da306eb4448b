import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { parsePreRecordedRequest } from '../../../shared/schemas/pre-recorded';
import { ApiError, badRequest } from '../errors';
import type { ApiContext } from '../context';
import type { FinishedJobCache } from '../finished-job-cache';
import { jobReadRoutes } from './job-reads';

/**
 * Pre-recorded jobs under `/v2/pre-recorded`, and the deprecated `/v2/transcription` alias whose reads cover both
 * kinds (PROTOCOL §4.6).
 */
export async function preRecordedRoutes(
  app: FastifyInstance,
  ctx: ApiContext,
  finished: FinishedJobCache,
): Promise<void> {
  for (const [base, kind] of [
    ['/v2/pre-recorded', 'pre-recorded'],
    ['/v2/transcription', undefined],
  ] as const) {
    app.post(base, async (request, reply) => {
      const owner = ctx.keys.authenticate(request);
      const parsed = parsePreRecordedRequest(request.body);
      if (!parsed.ok) throw badRequest(parsed.errors);
      const job = ctx.preRecorded.create(owner, parsed.value);
      return reply.status(201).send({ id: job.id, result_url: `${ctx.publicUrl}${base}/${job.id}` });
    });
    jobReadRoutes(app, ctx, base, kind, finished);
  }

  // An upload's own URL, for its owner: lets a user fetch back what they uploaded.
  app.get<{ Params: { id: string } }>('/file/:id', async (request, reply) => {
    const owner = ctx.keys.authenticate(request);
    const file = ctx.files.get(request.params.id);
    if (!file) throw new ApiError(404, `File ${request.params.id} not found`);
    if (file.owner !== owner) throw new ApiError(401, 'You have no permission to access the file');
    return reply.type('application/octet-stream').send(createReadStream(ctx.files.absolutePath(file)));
  });
}

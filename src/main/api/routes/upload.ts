import { randomUUID } from 'node:crypto';
import { createWriteStream, rmSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AudioFormatError, DownloadError } from '../../audio/errors';
import { downloadToFile } from '../../audio/download';
import { probeAudio } from '../../audio/probe';
import { fileUrl } from '../../jobs/audio-url';
import type { FileRecord } from '../../jobs/types';
import { ApiError, badRequest } from '../errors';
import type { ApiContext } from '../context';

interface Received {
  path: string;
  filename: string;
  size: number;
  source: string | null;
}

/** `POST /v2/upload`: a multipart `audio` field (or JSON `{audio_url}`), kept in the data folder (PROTOCOL §3). */
export async function uploadRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  app.post('/v2/upload', async (request, reply) => {
    const owner = ctx.keys.authenticate(request);
    const temp = ctx.files.tempPath();
    try {
      const received = request.isMultipart()
        ? await receiveMultipart(request, temp, ctx)
        : await receiveUrl(request, temp, ctx);
      const file = await adoptAudio(received, owner, ctx);
      return reply.status(200).send({
        audio_url: fileUrl(ctx.publicUrl, file.id),
        audio_metadata: {
          id: file.id,
          filename: file.filename,
          ...(file.source ? { source: file.source } : {}),
          extension: file.extension,
          size: file.size,
          audio_duration: file.audioDuration,
          number_of_channels: file.numberOfChannels,
        },
      });
    } finally {
      rmSync(temp, { force: true });
    }
  });
}

async function receiveMultipart(request: FastifyRequest, temp: string, ctx: ApiContext): Promise<Received> {
  let received: Received | null = null;
  const parts = request.parts({ limits: { fileSize: ctx.limits.maxUploadBytes, files: 4, fields: 20 } });
  for await (const part of parts) {
    if (part.type !== 'file') continue;
    if (part.fieldname !== 'audio' || received) {
      part.file.resume();
      continue;
    }
    await pipeline(part.file, createWriteStream(temp));
    if (part.file.truncated) throw tooLarge(ctx.limits.maxUploadBytes);
    received = {
      path: temp,
      filename: basename(part.filename || 'audio'),
      size: part.file.bytesRead,
      source: null,
    };
  }
  if (!received)
    throw badRequest(['Field "audio" is required: send the file as multipart/form-data field "audio"']);
  return received;
}

async function receiveUrl(request: FastifyRequest, temp: string, ctx: ApiContext): Promise<Received> {
  const body = request.body as { audio_url?: unknown } | undefined;
  if (!body || typeof body.audio_url !== 'string') {
    throw badRequest(['Field "audio" is required: send the file as multipart/form-data field "audio"']);
  }
  try {
    const { size, filename } = await downloadToFile(body.audio_url, temp, {
      maxBytes: ctx.limits.maxDownloadBytes,
      timeoutMs: ctx.limits.downloadTimeoutMs,
    });
    return { path: temp, filename, size, source: body.audio_url };
  } catch (error) {
    if (error instanceof DownloadError) {
      if (error.code === 'too_large') throw tooLarge(ctx.limits.maxDownloadBytes);
      if (error.code === 'bad_url') throw badRequest([`Field "audio_url" ${error.message}`]);
      throw new ApiError(422, `Could not download audio_url: ${error.message}`);
    }
    throw error;
  }
}

async function adoptAudio(received: Received, owner: string, ctx: ApiContext): Promise<FileRecord> {
  let info;
  try {
    info = await probeAudio(received.path);
  } catch (error) {
    if (error instanceof AudioFormatError)
      throw new ApiError(422, `The file is not decodable audio: ${error.message}`);
    throw error;
  }
  if (info.durationSec > ctx.limits.maxAudioDurationS) {
    throw new ApiError(
      413,
      `The audio lasts ${Math.round(info.durationSec)} s, over the limit of ${ctx.limits.maxAudioDurationS} s`,
    );
  }
  const extension = extname(received.filename).slice(1).toLowerCase() || info.container.split(',')[0] || null;
  return ctx.files.adopt(received.path, {
    id: randomUUID(),
    owner,
    filename: received.filename,
    extension,
    source: received.source,
    size: received.size,
    audioDuration: info.durationSec,
    numberOfChannels: info.channels,
  });
}

const tooLarge = (bytes: number) =>
  new ApiError(413, `The file is larger than the limit of ${Math.round(bytes / 1e6)} MB`);

import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import { createCore, type Core, type Log } from './core';
import { buildApp } from './api/app';
import { KeyRing } from './api/auth';
import type { ApiContext } from './api/context';
import { resolveApiKeys } from './api-keys';

export interface RunningServer {
  app: FastifyInstance;
  core: Core;
  /** Where the server listens, e.g. http://127.0.0.1:8080. */
  url: string;
  publicUrl: string;
  /** The generated key when none was configured. */
  generatedKey: string | null;
  close(): Promise<void>;
}

const urlHost = (host: string): string =>
  host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;

export async function startServer(config: Config, log: Log): Promise<RunningServer> {
  const { keys, generated } = resolveApiKeys(config.apiKeys, config.dataDir);
  let publicUrl = config.publicUrl;
  const core = createCore(config, () => publicUrl, log);
  const ctx: ApiContext = {
    get publicUrl() {
      return publicUrl;
    },
    keys: new KeyRing(keys),
    files: core.files,
    preRecorded: core.preRecorded,
    library: core.library,
    live: core.live,
    limits: {
      maxUploadBytes: config.maxUploadMb * 1e6,
      maxDownloadBytes: config.maxDownloadMb * 1e6,
      downloadTimeoutMs: config.downloadTimeoutS * 1000,
      maxAudioDurationS: config.maxAudioDurationS,
    },
  };
  const app = await buildApp(ctx);
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await core.close(0);
    throw error;
  }
  const { port } = app.server.address() as AddressInfo;
  const url = `http://${urlHost(config.host)}:${port}`;
  publicUrl ||= url;
  core.start();

  let closing: Promise<void> | undefined;
  return {
    app,
    core,
    url,
    publicUrl,
    generatedKey: generated,
    close: () =>
      (closing ??= (async () => {
        // Live clients get their post-processing and a close 1000 before the server stops listening; then
        // running jobs get their grace period to reach a safe point.
        await core.live.shutdown(config.shutdownGraceS * 1000);
        await app.close();
        await core.close(config.shutdownGraceS * 1000);
      })()),
  };
}

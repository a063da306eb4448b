import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import { createCore, type Core, type Log } from './core';
import { buildApp } from './api/app';
import { KeyRing } from './api/auth';
import type { ApiContext } from './api/context';
import { configuredKeyStore, generatedKeyStore, type KeyStore, type SecretCodec } from './key-store';
import { createAppServices, type AppServiceOptions, type AppServices } from './ipc/app-services';
import { ModelManager } from './engine/model-manager';

export interface RunningServer {
  app: FastifyInstance;
  core: Core;
  /** The bridge contract's services (the desktop app's IPC handlers use them too). */
  services: AppServices;
  keys: KeyStore;
  /** Where the server listens, e.g. http://127.0.0.1:8080. */
  url: string;
  publicUrl: string;
  /** The generated key when none was configured. */
  generatedKey: string | null;
  close(): Promise<void>;
}

export interface ServerOptions extends AppServiceOptions {
  /** Where the keys come from; default: `--api-key`, else a key generated once into `<data-dir>/api-key`. */
  keyStore?: KeyStore;
  /** The built renderer to serve at `/` (`out/renderer`); null or a folder without index.html serves none. */
  uiDir?: string | null;
  /** How the core keeps saved secrets at rest (the desktop app: Electron's safeStorage). */
  secretCodec?: SecretCodec;
}

const urlHost = (host: string): string =>
  host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;

export async function startServer(
  config: Config,
  log: Log,
  options: ServerOptions = {},
): Promise<RunningServer> {
  const keyStore =
    options.keyStore ??
    (config.apiKeys.length > 0
      ? configuredKeyStore(config.apiKeys)
      : generatedKeyStore(join(config.dataDir, 'api-key')));
  const keyRing = new KeyRing(keyStore.entries());
  let publicUrl = config.publicUrl;
  let url = '';
  const core = createCore(config, () => publicUrl, log, { secretCodec: options.secretCodec });
  const services = createAppServices(
    {
      core,
      config,
      keys: keyStore,
      onKeyChanged: (oldKey, entry) => keyRing.replace(oldKey, entry),
      publicUrl: () => publicUrl,
      serverUrl: () => url,
      log,
    },
    {
      ...options,
      models:
        options.models ?? new ModelManager({ modelsDir: config.modelsDir, mirror: config.modelsMirror }),
    },
  );
  const ctx: ApiContext = {
    get publicUrl() {
      return publicUrl;
    },
    keys: keyRing,
    files: core.files,
    preRecorded: core.preRecorded,
    library: core.library,
    live: core.live,
    app: services,
    uiDir: options.uiDir ?? null,
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
  url = `http://${urlHost(config.host)}:${port}`;
  publicUrl ||= url;
  core.start();

  let closing: Promise<void> | undefined;
  return {
    app,
    core,
    services,
    keys: keyStore,
    url,
    publicUrl,
    generatedKey: keyStore.source === 'generated' ? keyStore.primary().key : null,
    close: () =>
      (closing ??= (async () => {
        // Native captures stop first (their sessions end as if stopped), then live clients get their
        // post-processing and a close 1000 before the server stops listening; then running jobs get their grace
        // period to reach a safe point.
        services.models.close();
        await services.live.close();
        await core.live.shutdown(config.shutdownGraceS * 1000);
        await app.close();
        await core.close(config.shutdownGraceS * 1000);
      })()),
  };
}

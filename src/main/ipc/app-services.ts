import type { Config } from '../config';
import type { Core, Log } from '../core';
import type { KeyEntry, KeyStore } from '../key-store';
import { AudioLinks } from './audio-links';
import type { CaptureProvider } from './capture';
import { BridgeEventBus } from './events';
import { JobService } from './job-service';
import { LiveCaptureController } from './live-capture';
import { ffmpegCaptureProvider } from '../capture/ipc-provider';
import { ModelService, type ModelManagerLike } from './model-service';
import { SettingsService } from './settings-service';
import type { AppSettings } from '../../shared/ipc/settings';

export interface AppServiceOptions {
  runtime?: AppSettings['runtime'];
  /** The desktop app's settings file (port and folders become editable). */
  desktopConfigFile?: string;
  models?: ModelManagerLike;
  capture?: CaptureProvider;
}

/**
 * What both implementations of the bridge contract call: the IPC handlers (for the app's own key) and the `/app`
 * HTTP routes (for the request's key). Plain Node; no Electron, no Fastify.
 */
export function createAppServices(
  deps: {
    core: Core;
    config: Config;
    keys: KeyStore;
    onKeyChanged: (oldKey: string, entry: KeyEntry) => void;
    publicUrl: () => string;
    /** Where the server listens (loopback), for the native capture's own WebSocket. */
    serverUrl: () => string;
    log: Log;
  },
  options: AppServiceOptions = {},
) {
  const bus = new BridgeEventBus();
  const links = new AudioLinks(deps.publicUrl);
  const runtime = options.runtime ?? { kind: 'server' as const, version: '0.0.0' };
  return {
    bus,
    links,
    jobs: new JobService({
      library: deps.core.library,
      queries: deps.core.queries,
      preRecorded: deps.core.preRecorded,
      links,
    }),
    live: new LiveCaptureController({
      live: deps.core.live,
      // ffmpeg's platform inputs unless a caller brings its own source (tests feed WAV files).
      capture: options.capture ?? ffmpegCaptureProvider(),
      bus,
      serverUrl: deps.serverUrl,
      log: deps.log,
    }),
    settings: new SettingsService({
      config: deps.config,
      apiUrl: deps.publicUrl,
      keys: deps.keys,
      onKeyChanged: deps.onKeyChanged,
      runtime,
      desktopConfigFile: options.desktopConfigFile,
      llm: deps.core.llm,
    }),
    models: new ModelService(options.models, bus),
    keys: deps.keys,
    limits: {
      maxUploadBytes: deps.config.maxUploadMb * 1e6,
      maxAudioDurationS: deps.config.maxAudioDurationS,
    },
    files: deps.core.files,
    publicUrl: deps.publicUrl,
  };
}

export type AppServices = ReturnType<typeof createAppServices>;

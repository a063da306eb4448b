import type { Bridge, IpcCalls, IpcChannel, IpcTransport } from '../../../shared/ipc/contract';
import { BridgeError } from '../../../shared/ipc/errors';
import type { LiveDevices } from '../../../shared/ipc/live';
import { BROWSER_PREFIX, BrowserLive } from './browser-live';
import { EventHub } from './event-hub';
import { HttpClient } from './http-client';

/**
 * The contract over the preload's IPC transport. Failures arrive as values and become `BridgeError`s here, in the
 * page's own world, so screens see `status` and `validationErrors`. The window's own microphone goes to the local
 * server's /v2/live like any client (native devices go through main).
 */
export function createIpcBridge(transport: IpcTransport): Bridge {
  const call = async <K extends IpcChannel>(
    channel: K,
    ...args: IpcCalls[K]['args']
  ): Promise<IpcCalls[K]['result']> => {
    const result = await transport.invoke(channel, ...args);
    if (result.ok) return result.value;
    throw new BridgeError(result.error);
  };
  const hub = new EventHub();
  transport.onEvent((message) => hub.emit(message.event, message.payload));
  const browserLive = new BrowserLive(async () => {
    const settings = await call('settings:get');
    return new HttpClient(settings.apiUrl, () => settings.apiKey);
  }, hub);

  return {
    runtime: 'electron',
    jobs: {
      list: (query = {}) => call('jobs:list', query),
      get: (id) => call('jobs:get', id),
      create: (body) => call('jobs:create', body),
      delete: (id) => call('jobs:delete', id),
      export: (id, format) => call('jobs:export', id, format),
    },
    files: {
      upload: async (source, options = {}) => {
        if (options.signal?.aborted)
          throw new BridgeError({ status: 0, code: 'aborted', message: 'Cancelled' });
        const path = source instanceof File ? transport.pathForFile(source) : source.path;
        if (!path)
          throw new BridgeError({ status: 400, message: 'This file has no path on disk to read it from' });
        const size = source instanceof File ? source.size : 0;
        options.onProgress?.({ loaded: 0, total: size, fraction: 0 });
        const uploaded = await call('files:upload-path', path);
        options.onProgress?.({ loaded: uploaded.size, total: uploaded.size, fraction: 1 });
        return uploaded;
      },
    },
    live: {
      devices: async () => {
        const native: LiveDevices = await call('live:devices');
        const browser = await browserLive.devices().catch(() => []);
        return { devices: [...browser, ...native.devices], nativeCapture: native.nativeCapture };
      },
      start: (input) =>
        input.deviceId.startsWith(BROWSER_PREFIX)
          ? browserLive.start(input.deviceId, input.params)
          : call('live:start', input),
      stop: async (sessionId) => {
        try {
          await browserLive.stop(sessionId);
        } catch (error) {
          if (!(error instanceof BridgeError) || error.status !== 404) throw error;
          await call('live:stop', sessionId);
        }
      },
    },
    settings: {
      get: () => call('settings:get'),
      update: (patch) => call('settings:update', patch),
      regenerateKey: () => call('settings:regenerate-key'),
      testLlm: (input = {}) => call('settings:test-llm', input),
    },
    models: {
      list: () => call('models:list'),
      install: (id) => call('models:install', id),
      cancel: (id) => call('models:cancel', id),
      remove: (id) => call('models:remove', id),
    },
    on: (event, listener) => hub.on(event, listener),
  };
}

import type { IpcHandlers } from '../../shared/ipc/contract';
import type { AppServices } from './app-services';
import { describeUpload, uploadPath } from './upload';

/**
 * The IPC channels over the app services, acting as the app's own key (the desktop user owns every job made in the
 * window, and sees the same jobs through the HTTP API with that key). Electron's `ipcMain.handle` wraps these in
 * src/main/index.ts; tests call them directly.
 */
export function createIpcHandlers(services: AppServices): IpcHandlers {
  const owner = () => services.keys.primary().owner;
  return {
    'jobs:list': async (query) => services.jobs.list(owner(), query),
    'jobs:get': async (id) => services.jobs.get(owner(), id),
    'jobs:create': async (body) => services.jobs.create(owner(), body),
    'jobs:delete': async (id) => services.jobs.delete(owner(), id),
    'jobs:export': async (id, format) => services.jobs.export(owner(), id, format),
    'files:upload-path': async (path) =>
      describeUpload(
        await uploadPath(String(path), owner(), services.files, services.limits),
        services.publicUrl(),
      ),
    'live:devices': () => services.live.devices(),
    'live:start': (input) => services.live.start(owner(), input),
    'live:stop': (sessionId) => services.live.stop(owner(), sessionId),
    'settings:get': async () => services.settings.get(),
    'settings:update': async (patch) => services.settings.update(patch),
    'settings:regenerate-key': async () => services.settings.regenerateKey(),
    'settings:test-llm': (input) => services.settings.testLlm(input),
    'models:list': () => services.models.list(),
    'models:install': (id) => services.models.install(id),
    'models:cancel': (id) => services.models.cancel(id),
    'models:remove': (id) => services.models.remove(id),
  };
}

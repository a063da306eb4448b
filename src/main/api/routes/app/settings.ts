import type { FastifyInstance } from 'fastify';
import type { LlmTestInput, SettingsPatch } from '../../../../shared/ipc/settings';
import type { AppServices } from '../../../ipc/app-services';
import type { KeyRing } from '../../auth';

/** Settings: shown with the caller's own key; preferences are shared, port and folders are the desktop app's. */
export function appSettingsRoutes(app: FastifyInstance, services: AppServices, keys: KeyRing): void {
  app.get('/app/settings', async (request) => {
    const { key } = keys.authenticateKey(request);
    return services.settings.get(key);
  });

  app.patch('/app/settings', async (request) => {
    const { key } = keys.authenticateKey(request);
    return services.settings.update((request.body ?? {}) as SettingsPatch, key);
  });

  // Any key may test an endpoint, but the stored endpoint key is only ever sent to the URL it was saved for.
  app.post('/app/settings/llm/test', async (request) => {
    keys.authenticateKey(request);
    return services.settings.testLlm((request.body ?? {}) as LlmTestInput);
  });

  app.post('/app/settings/regenerate-key', async (request) => {
    const { key } = keys.authenticateKey(request);
    return services.settings.regenerateKey(key);
  });
}

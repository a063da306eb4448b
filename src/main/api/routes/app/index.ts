import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../../ipc/app-services';
import type { KeyRing } from '../../auth';
import { appEventRoutes } from './events';
import { appJobRoutes } from './jobs';
import { appLiveRoutes } from './live';
import { appModelRoutes } from './models';
import { appSettingsRoutes } from './settings';

/**
 * `/app/…`: the parts of the bridge contract that /v2 does not cover, for the renderer running in a browser (see
 * src/renderer/src/bridge/http-bridge.ts). Same key header and error body as /v2.
 */
export async function appRoutes(app: FastifyInstance, services: AppServices, keys: KeyRing): Promise<void> {
  appJobRoutes(app, services, keys);
  appSettingsRoutes(app, services, keys);
  appModelRoutes(app, services, keys);
  appLiveRoutes(app, services, keys);
  appEventRoutes(app, services, keys);
}

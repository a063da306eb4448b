import { BridgeError } from '../../shared/ipc/errors';
import type { InstallProgress, ModelInfo } from '../../shared/ipc/models';
import { ModelManagerError, type ModelErrorCode } from '../engine/model-manager/types';
import type { BridgeEventBus } from './events';
import { notFound } from './errors';

/** What the Settings screen needs of the model manager (src/main/engine/model-manager). */
export interface ModelManagerLike {
  list(): Promise<ModelInfo[]>;
  install(id: string, options?: { signal?: AbortSignal }): Promise<unknown>;
  remove(id: string): Promise<unknown>;
  on(event: 'progress', listener: (progress: InstallProgress) => void): unknown;
  on(event: 'changed', listener: () => void): unknown;
}

const STATUS: Partial<Record<ModelErrorCode, number>> = {
  'unknown-model': 404,
  'not-installed': 404,
  busy: 409,
  'checksum-mismatch': 422,
  'download-failed': 502,
  'bad-archive': 422,
  'mirror-missing': 404,
  aborted: 409,
};

function toBridgeError(error: unknown): unknown {
  if (error instanceof ModelManagerError)
    return new BridgeError({ status: STATUS[error.code] ?? 500, message: error.message });
  return error;
}

/**
 * Models behind the bridge: an install runs in the background (progress arrives as events, so a browser's request
 * does not stay open for minutes) and can be cancelled.
 */
export class ModelService {
  private readonly running = new Map<string, AbortController>();

  constructor(
    private readonly manager: ModelManagerLike | undefined,
    private readonly bus: BridgeEventBus,
  ) {
    manager?.on('progress', (progress) => bus.emit('models:progress', progress));
    manager?.on('changed', () => bus.emit('models:changed', {}));
  }

  private need(): ModelManagerLike {
    if (!this.manager) {
      throw new BridgeError({
        status: 503,
        code: 'models_unavailable',
        message: 'The model manager is not available in this process',
      });
    }
    return this.manager;
  }

  async list(): Promise<ModelInfo[]> {
    return this.need().list();
  }

  async install(id: string): Promise<void> {
    const manager = this.need();
    const known = (await manager.list()).find((m) => m.id === id);
    if (!known) throw notFound(`Model ${id}`);
    if (this.running.has(id) || known.installing)
      throw new BridgeError({ status: 409, message: `Model ${id} is already being installed` });
    const controller = new AbortController();
    this.running.set(id, controller);
    manager
      .install(id, { signal: controller.signal })
      .catch((error: unknown) => {
        // The manager reports its own failures as progress too; this covers errors thrown before it could.
        const message = (toBridgeError(error) as Error).message;
        this.bus.emit('models:progress', {
          id,
          receivedBytes: 0,
          totalBytes: null,
          phase: 'error',
          error: message,
        });
      })
      .finally(() => {
        this.running.delete(id);
        this.bus.emit('models:changed', {});
      });
  }

  async cancel(id: string): Promise<void> {
    const controller = this.running.get(id);
    if (!controller) throw notFound(`Running install of ${id}`);
    controller.abort(new Error('cancelled by the user'));
  }

  async remove(id: string): Promise<void> {
    try {
      await this.need().remove(id);
    } catch (error) {
      throw toBridgeError(error);
    }
  }

  /** Cancels running installs (the manager keeps partial downloads, so the next install resumes). */
  close(): void {
    for (const controller of this.running.values()) controller.abort(new Error('shutting down'));
  }
}

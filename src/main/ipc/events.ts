import { EventEmitter } from 'node:events';
import type { BridgeEventName, BridgeEvents } from '../../shared/ipc/contract';

/** Events for the renderer: IPC forwards them to the window, the /app/events WebSocket to browsers. */
export class BridgeEventBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    // One listener per open window or browser tab.
    this.emitter.setMaxListeners(100);
  }

  /** `owner` limits an event to that key's listeners (a live session's captions); none means everyone's. */
  emit<K extends BridgeEventName>(event: K, payload: BridgeEvents[K], owner?: string): void {
    this.emitter.emit('event', event, payload, owner);
  }

  /** Every event, in order; returns the unsubscribe function. */
  subscribe(
    listener: <K extends BridgeEventName>(
      event: K,
      payload: BridgeEvents[K],
      owner: string | undefined,
    ) => void,
  ): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }
}

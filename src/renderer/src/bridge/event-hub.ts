import type { BridgeEventName, BridgeEvents } from '../../../shared/ipc/contract';

type Listener<K extends BridgeEventName> = (payload: BridgeEvents[K]) => void;

/** The `on` side of a bridge: listeners per event name, fed by whichever transport the bridge uses. */
export class EventHub {
  private readonly listeners = new Map<BridgeEventName, Set<Listener<never>>>();

  /** `onFirst` runs when the first listener of any event arrives (to open a socket lazily). */
  constructor(private readonly onFirst?: () => void) {}

  on<K extends BridgeEventName>(event: K, listener: Listener<K>): () => void {
    if (this.count() === 0) this.onFirst?.();
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener as Listener<never>);
    return () => set.delete(listener as Listener<never>);
  }

  emit<K extends BridgeEventName>(event: K, payload: BridgeEvents[K]): void {
    for (const listener of this.listeners.get(event) ?? []) {
      try {
        (listener as Listener<K>)(payload);
      } catch (error) {
        // One screen's failing listener must not keep the others from hearing the event.
        console.error(`listener of ${event} failed`, error);
      }
    }
  }

  count(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }
}

import type { Bridge } from '../../../shared/ipc/contract';
import { storedApiKey, storeApiKey, takeKeyFromUrl } from './api-key';
import { createHttpBridge } from './http-bridge';
import { createIpcBridge } from './ipc-bridge';

export type * from '../../../shared/ipc/contract';
export { BridgeError } from '../../../shared/ipc/errors';
export { storedApiKey, storeApiKey } from './api-key';
export { createHttpBridge } from './http-bridge';
export { createIpcBridge } from './ipc-bridge';

let bridge: Bridge | null = null;

/**
 * The bridge for this page, chosen once: IPC when the Electron preload is present, otherwise HTTP to the server
 * that served the page. The HTTP bridge needs the API key: `?key=` in the address, or the one stored earlier, or
 * `askKey` (default: the browser's prompt). Resolves null when no key was given; after a 401, call
 * `storeApiKey(null)` and `resetBridge()` to ask again.
 */
export async function getBridge(
  askKey: () => Promise<string | null> = async () => window.prompt('API key of this server (x-gladia-key)'),
): Promise<Bridge | null> {
  if (bridge) return bridge;
  if (window.bridgeIpc) return (bridge = createIpcBridge(window.bridgeIpc));
  const key = takeKeyFromUrl() ?? storedApiKey() ?? (await askKey())?.trim();
  if (!key) return null;
  storeApiKey(key);
  return (bridge = createHttpBridge({ apiKey: key }));
}

export function resetBridge(): void {
  bridge = null;
}

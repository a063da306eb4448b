import type { IpcTransport } from '../shared/ipc/contract';

declare global {
  interface Window {
    /**
     * The Electron preload's IPC transport; absent in a plain browser. Use `getBridge()` from
     * src/renderer/src/bridge, which wraps it (or the HTTP bridge) into the contract's `Bridge`.
     */
    bridgeIpc?: IpcTransport;
  }
}

export {};

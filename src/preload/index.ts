import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import {
  IPC_CHANNELS,
  IPC_EVENT_CHANNEL,
  type IpcEventMessage,
  type IpcTransport,
} from '../shared/ipc/contract';

// Sandboxed preload: only `electron` may be required at run time; the contract's constants are bundled in. The
// renderer gets a narrow transport (the contract's channels and one event channel), never ipcRenderer itself.

const allowed = new Set<string>(IPC_CHANNELS);

const transport: IpcTransport = {
  invoke: (channel, ...args) => {
    if (!allowed.has(channel)) return Promise.reject(new Error(`Unknown channel ${channel}`));
    return ipcRenderer.invoke(channel, ...args);
  },
  onEvent: (listener) => {
    const handler = (_event: IpcRendererEvent, message: IpcEventMessage) => listener(message);
    ipcRenderer.on(IPC_EVENT_CHANNEL, handler);
    return () => ipcRenderer.off(IPC_EVENT_CHANNEL, handler);
  },
  pathForFile: (file) => webUtils.getPathForFile(file),
  platform: process.platform,
};

contextBridge.exposeInMainWorld('bridgeIpc', transport);

import { contextBridge } from 'electron';

// The typed IPC contract arrives with the desktop screens; until then the renderer only learns it runs in Electron.
contextBridge.exposeInMainWorld('desktop', { platform: process.platform });

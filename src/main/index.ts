import { app, BrowserWindow, ipcMain, safeStorage, session, shell } from 'electron';
import { join } from 'node:path';
import { parseConfig } from './config';
import { startServer, type RunningServer } from './server';
import { generatedKeyStore, type SecretCodec } from './key-store';
import { createIpcHandlers } from './ipc/handlers';
import { settle } from './ipc/errors';
import { readDesktopConfig } from './ipc/settings-service';
import { desktopContentSecurityPolicy, isTrustedRendererUrl } from './desktop-security';
import { IPC_CHANNELS, IPC_EVENT_CHANNEL, type IpcEventMessage } from '../shared/ipc/contract';

// The Electron shell: one window over the same core the headless `serve` command runs. Kept thin on purpose;
// everything it starts (server, IPC handlers, settings, keys) is plain Node code the tests exercise without
// Electron.

/** Other local apps find the API here unless the user picks another port in Settings. */
const DEFAULT_PORT = 8765;
const RENDERER_FILE = '/renderer/index.html';

let server: RunningServer | undefined;
let window: BrowserWindow | undefined;

const log = (message: string, error?: unknown): void => console.error(message, error ?? '');

/** The API key at rest: encrypted with the OS keychain when there is one, else a file only the user can read. */
function keyCodec(): SecretCodec | undefined {
  if (!safeStorage.isEncryptionAvailable()) {
    log('safeStorage is not available: the API key is stored unencrypted (readable by this user only)');
    return undefined;
  }
  return {
    encode: (text) => safeStorage.encryptString(text),
    decode: (data) => safeStorage.decryptString(data),
  };
}

async function startCore(): Promise<RunningServer> {
  const userData = app.getPath('userData');
  const desktopConfigFile = join(userData, 'settings.json');
  const saved = readDesktopConfig(desktopConfigFile);
  const codec = keyCodec();
  const keyStore = generatedKeyStore(join(userData, codec ? 'api-key.enc' : 'api-key'), codec);
  const options = {
    keyStore,
    secretCodec: codec,
    desktopConfigFile,
    runtime: { kind: 'desktop' as const, version: app.getVersion() },
    uiDir: join(__dirname, '../renderer'),
  };
  const configFor = (port: number) =>
    parseConfig(
      [
        '--host',
        '127.0.0.1',
        '--port',
        String(port),
        '--data-dir',
        saved.dataDir ?? join(userData, 'data'),
        '--models-dir',
        saved.modelsDir ?? join(userData, 'models'),
      ],
      {},
    ).config;
  try {
    return await startServer(configFor(saved.port ?? DEFAULT_PORT), log, options);
  } catch (error) {
    // The usual port is taken (another copy of the server): any free port still gives a working app.
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    log(`port ${saved.port ?? DEFAULT_PORT} is in use; using a free port`);
    return startServer(configFor(0), log, options);
  }
}

function registerIpc(running: RunningServer): void {
  const handlers = createIpcHandlers(running.services);
  for (const channel of IPC_CHANNELS) {
    ipcMain.handle(channel, (event, ...args: unknown[]) => {
      const url = event.senderFrame?.url ?? '';
      if (!isTrustedRendererUrl(url, process.env.ELECTRON_RENDERER_URL, RENDERER_FILE)) {
        return { ok: false, error: { status: 403, message: 'Calls are only accepted from the app window' } };
      }
      const handler = handlers[channel] as (...a: unknown[]) => Promise<unknown>;
      return settle(() => handler(...args));
    });
  }
  running.services.bus.subscribe((event, payload) => {
    const message: IpcEventMessage = { event, payload };
    if (window && !window.isDestroyed()) window.webContents.send(IPC_EVENT_CHANNEL, message);
  });
}

function createWindow(serverUrl: string): void {
  const csp = desktopContentSecurityPolicy(serverUrl);
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] } });
  });
  // The microphone is the only permission the window may have (live captions captured in the window).
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback, details) => {
    const mediaTypes = 'mediaTypes' in details ? (details.mediaTypes ?? []) : [];
    callback(permission === 'media' && mediaTypes.every((t) => t === 'audio'));
  });
  window = new BrowserWindow({
    width: 1200,
    height: 800,
    show: false,
    webPreferences: {
      preload: join(__dirname, '../preload/index.js'),
      contextIsolation: true,
      nodeIntegration: false,
      sandbox: true,
      webSecurity: true,
    },
  });
  window.once('ready-to-show', () => window?.show());
  window.webContents.setWindowOpenHandler(({ url }) => {
    if (url.startsWith('https://')) void shell.openExternal(url);
    return { action: 'deny' };
  });
  window.webContents.on('will-navigate', (event, url) => {
    if (!isTrustedRendererUrl(url, process.env.ELECTRON_RENDERER_URL, RENDERER_FILE)) event.preventDefault();
  });
  if (process.env.ELECTRON_RENDERER_URL) void window.loadURL(process.env.ELECTRON_RENDERER_URL);
  else void window.loadFile(join(__dirname, '../renderer/index.html'));
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (window?.isMinimized()) window.restore();
    window?.focus();
  });
  void app.whenReady().then(async () => {
    try {
      server = await startCore();
    } catch (error) {
      log('could not start the transcription core', error);
      app.exit(1);
      return;
    }
    console.log(`listening on ${server.url}`);
    registerIpc(server);
    createWindow(server.url);
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0 && server) createWindow(server.url);
    });
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  // Running jobs get the server's grace period to reach a safe point; whatever is left resumes at the next start.
  app.on('will-quit', (event) => {
    if (!server) return;
    event.preventDefault();
    const closing = server;
    server = undefined;
    void closing
      .close()
      .catch((error: unknown) => log('shutdown failed', error))
      .finally(() => app.quit());
  });
}

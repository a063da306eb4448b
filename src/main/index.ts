import { app, BrowserWindow, shell } from 'electron';
import { join } from 'node:path';
import { parseConfig } from './config';
import { startServer, type RunningServer } from './server';

// The Electron shell: one window over the same core the headless `serve` command runs. Kept thin on purpose;
// everything it starts is plain Node code that the tests exercise without Electron.

let server: RunningServer | undefined;

function createWindow(): void {
  const window = new BrowserWindow({
    width: 1100,
    height: 760,
    show: false,
    webPreferences: {
      preload: join(__dirname, '../preload/index.js'),
      contextIsolation: true,
      nodeIntegration: false,
      sandbox: true,
    },
  });
  window.once('ready-to-show', () => window.show());
  window.webContents.setWindowOpenHandler(({ url }) => {
    if (url.startsWith('https://')) void shell.openExternal(url);
    return { action: 'deny' };
  });
  if (process.env.ELECTRON_RENDERER_URL) void window.loadURL(process.env.ELECTRON_RENDERER_URL);
  else void window.loadFile(join(__dirname, '../renderer/index.html'));
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => BrowserWindow.getAllWindows()[0]?.focus());
  void app.whenReady().then(async () => {
    const userData = app.getPath('userData');
    const { config } = parseConfig(
      ['--data-dir', join(userData, 'data'), '--models-dir', join(userData, 'models'), '--port', '0'],
      {},
    );
    server = await startServer(config, (message, error) => console.error(message, error ?? ''));
    createWindow();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('will-quit', (event) => {
    if (!server) return;
    event.preventDefault();
    const closing = server;
    server = undefined;
    void closing.close().finally(() => app.quit());
  });
}

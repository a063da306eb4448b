import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  main: {
    build: {
      rollupOptions: {
        // The headless CLI and the engine workers (pre-recorded, live, diarization) are entries of their own: the
        // workers run in worker threads, the CLI runs under plain Node without Electron.
        input: {
          index: resolve(import.meta.dirname, 'src/main/index.ts'),
          cli: resolve(import.meta.dirname, 'src/main/cli.ts'),
          'engine-worker': resolve(import.meta.dirname, 'src/main/engine/worker.ts'),
          'live-worker': resolve(import.meta.dirname, 'src/main/engine/live-worker.ts'),
          'diarization-worker': resolve(import.meta.dirname, 'src/main/engine/diarization/worker.ts'),
        },
      },
    },
  },
  preload: {},
  renderer: {
    root: resolve(import.meta.dirname, 'src/renderer'),
    build: {
      rollupOptions: { input: resolve(import.meta.dirname, 'src/renderer/index.html') },
      // electron-vite leaves the renderer unminified; the same bundle is served to browsers by the headless server.
      minify: true,
    },
    plugins: [react()],
  },
});

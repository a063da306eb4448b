import { defineConfig } from 'vitest/config';

// Browser end-to-end tests: the real headless server process serving the built UI, driven in Debian's Chromium by
// playwright-core. One file at a time: each runs a server with its engines and a browser on a 2-core machine.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});

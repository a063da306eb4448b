import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { KEY, removeDir, startServerProcess, type ServerProcess } from '../../test/helpers/server-process';

export { KEY };

const RENDERER_INDEX = resolve(__dirname, '../../out/renderer/index.html');

export interface AppServer {
  server: ServerProcess;
  /** The UI with the key in the address, as scripted use opens it. */
  appUrl: string;
  stop(): Promise<void>;
}

/** The real headless server process (models from ../shared/models, a fresh data folder) serving the built UI. */
export async function startAppServer(
  args: string[] = [],
  options: { env?: NodeJS.ProcessEnv } = {},
): Promise<AppServer> {
  if (!existsSync(RENDERER_INDEX))
    throw new Error(`no built renderer at ${RENDERER_INDEX}: run the build first`);
  const server = await startServerProcess({ args, env: options.env });
  return {
    server,
    appUrl: `${server.url}/?key=${encodeURIComponent(KEY)}`,
    async stop() {
      await server.stop();
      removeDir(server.dataDir);
    },
  };
}

import { join } from 'node:path';
import { ConfigError, parseConfig, usage, type Config } from './config';
import { startServer } from './server';
import { transcribeFile } from './cli-transcribe';
import { modelsCommand } from './cli-models';

const log = (message: string, error?: unknown): void => {
  console.error(error ? `${message}: ${(error as Error)?.stack ?? String(error)}` : message);
};

async function serve(config: Config): Promise<void> {
  // The built renderer sits beside this bundle (out/main/cli.js → out/renderer).
  const server = await startServer(config, log, { uiDir: join(__dirname, '../renderer') });
  if (server.generatedKey)
    console.log(`API key: ${server.generatedKey} (stored in ${config.dataDir}/api-key)`);
  console.log(`listening on ${server.url}`);
  const stop = (signal: string) => {
    console.error(`${signal} received, finishing running work…`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        log('shutdown failed', error);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseConfig(argv, process.env);
  } catch (error) {
    console.error(error instanceof ConfigError || error instanceof TypeError ? error.message : error);
    console.error(`\n${usage()}`);
    return 2;
  }
  const { config, rest } = parsed;
  const [command, ...args] = rest;
  switch (command) {
    case 'serve':
      await serve(config);
      return -1;
    case 'transcribe':
      if (!args[0]) break;
      return transcribeFile(config, args[0], log);
    case 'models': {
      const code = await modelsCommand(config, args);
      if (code === null) break;
      return code;
    }
    case undefined:
    case 'help':
      console.log(usage());
      return 0;
  }
  console.error(`Unknown command: ${rest.join(' ')}\n\n${usage()}`);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (error: unknown) => {
    log('fatal', error);
    process.exit(1);
  },
);

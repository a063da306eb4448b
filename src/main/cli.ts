import { ConfigError, parseConfig, usage, type Config } from './config';
import { startServer } from './server';
import { CATALOG } from './engine/catalog';
import { ModelRegistry } from './engine/models';
import { transcribeFile } from './cli-transcribe';

const log = (message: string, error?: unknown): void => {
  console.error(error ? `${message}: ${(error as Error)?.stack ?? String(error)}` : message);
};

async function serve(config: Config): Promise<void> {
  const server = await startServer(config, log);
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

function listModels(config: Config): void {
  const installed = new Set(new ModelRegistry(config.modelsDir).installed().map((m) => m.catalog.id));
  for (const model of CATALOG) {
    const mark = installed.has(model.id) ? 'installed' : 'available';
    const size = model.sizeBytes ? `${Math.round(model.sizeBytes / 1e6)} MB` : 'size unknown';
    console.log(
      `${model.id}\t${mark}\t${model.kind}\t${model.languages.join(',')}\t${size}\t${model.apiModels.join(',')}`,
    );
  }
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
    case 'models':
      if (args[0] !== 'list') break;
      listModels(config);
      return 0;
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

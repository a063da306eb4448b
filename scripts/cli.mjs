// `npm run serve -- [options]` and `npm run cli -- <command>`: build when the sources changed, then run the
// headless CLI in this process.
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureBuilt } from './build-if-stale.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
await ensureBuilt();
const cli = join(root, 'out', 'main', 'cli.js');
process.argv = [process.argv[0], cli, ...process.argv.slice(2)];
await import(pathToFileURL(cli).href);

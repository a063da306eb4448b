// Builds `out/` with electron-vite when any source file is newer than the last build.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stamp = join(root, 'out', 'main', 'cli.js');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const time = entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs;
    if (time > newest) newest = time;
  }
  return newest;
}

export function isStale() {
  if (!existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  const inputs = [join(root, 'src'), join(root, 'electron.vite.config.mts'), join(root, 'package.json')];
  return inputs.some((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs) > built);
}

export async function ensureBuilt() {
  if (!isStale()) return;
  const bin = join(root, 'node_modules', '.bin', 'electron-vite');
  const result = spawnSync(bin, ['build'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`electron-vite build failed with status ${result.status}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureBuilt().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

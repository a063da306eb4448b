import { existsSync } from 'node:fs';
import { join } from 'node:path';

export interface WorkerScript {
  path: string;
  execArgv: string[];
}

/**
 * A worker entry: the bundled `<entry>.js` next to the built main process, or the TypeScript source when
 * running from source (vitest, tsx). In the bundle this code may sit in a shared chunk (`out/main/chunks/`),
 * hence the look one folder up. Worker threads on Node 20 ignore `--import` loader hooks for their entry file,
 * so the source runs through tsx's CommonJS hook (`--require tsx/cjs`), which works on Node 20 and 22 alike.
 * The defaults name the pre-recorded engine worker.
 */
export function resolveWorkerScript(
  dir: string = __dirname,
  entry = 'engine-worker',
  source = 'worker.ts',
): WorkerScript {
  const bundled = [join(dir, `${entry}.js`), join(dir, '..', `${entry}.js`)].find((p) => existsSync(p));
  if (bundled) return { path: bundled, execArgv: [] };
  return { path: join(dir, source), execArgv: ['--require', 'tsx/cjs'] };
}

/** execArgv for a worker script given by path (TypeScript sources need tsx). */
export function execArgvFor(path: string): string[] {
  return /\.[cm]?ts$/.test(path) ? ['--require', 'tsx/cjs'] : [];
}

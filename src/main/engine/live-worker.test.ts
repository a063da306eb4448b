import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { MODELS_DIR, ROOT } from '../../../test/helpers/paths';
import { liveOptions, runStream, utterancesOf } from './live-harness';
import { LiveEnginePool } from './live-pool';
import { ModelRegistry } from './models';
import { loadAudio } from './test-audio';
import { resolveWorkerScript } from './worker-script';

const bundled = join(ROOT, 'out/main/live-worker.js');

it('finds the live worker: the bundle next to the built main process, else the source', () => {
  expect(resolveWorkerScript(join(ROOT, 'out/main'), 'live-worker', 'live-worker.ts').path).toBe(bundled);
  expect(resolveWorkerScript(join(ROOT, 'out/main/chunks'), 'live-worker', 'live-worker.ts').path).toBe(
    bundled,
  );
  const source = resolveWorkerScript(__dirname, 'live-worker', 'live-worker.ts');
  expect(source).toEqual({ path: join(__dirname, 'live-worker.ts'), execArgv: ['--require', 'tsx/cjs'] });
});

it.skipIf(!existsSync(bundled))('runs the bundled live worker like the source one', async () => {
  const resolved = new ModelRegistry(MODELS_DIR).resolve('solaria-1', ['en']);
  if (!resolved.ok) throw new Error(resolved.message);
  const [built, source] = [
    new LiveEnginePool({ size: 1, workerScript: bundled }),
    new LiveEnginePool({ size: 1 }),
  ];
  try {
    const samples = loadAudio('jfk.wav');
    const options = liveOptions(resolved.model, { partials: true });
    const [a, b] = await Promise.all([
      runStream(built, samples, options),
      runStream(source, samples, options),
    ]);
    expect(utterancesOf(a).length).toBeGreaterThan(0);
    expect(utterancesOf(a)).toEqual(utterancesOf(b));
  } finally {
    await Promise.all([built.close(), source.close()]);
  }
});

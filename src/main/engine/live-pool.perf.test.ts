import { afterAll, beforeAll, expect, it } from 'vitest';
import { MODELS_DIR } from '../../../test/helpers/paths';
import { formatLoad, liveOptions, measureLoad, runStream, textOf, utterancesOf } from './live-harness';
import { LiveEnginePool } from './live-pool';
import { ModelRegistry } from './models';
import { concat, loadAudio } from './test-audio';

// Live recognition at real-time pace (100 ms chunks) on a 2-worker pool. Targets on this 2-core machine:
// finals ≤ 150 ms after the endpoint (p95), first partial ≤ 300 ms after the speech starts, ≥ 8 sessions
// without a growing lag. The bounds below are looser: other test files share the two cores meanwhile.
// `npm run bench:live-engine` measures more session counts.

const resolved = new ModelRegistry(MODELS_DIR).resolve('solaria-1', ['en']);
if (!resolved.ok) throw new Error(resolved.message);
const { model } = resolved;
const pool = new LiveEnginePool({ size: 2 });
beforeAll(async () => {
  // Load the model in both workers.
  const warm = [0, 1].map(() => runStream(pool, loadAudio('jfk.wav').subarray(0, 16000), liveOptions(model)));
  await Promise.all(warm);
});
afterAll(() => pool.close());

it('gives the same finals at real-time pace as when the audio comes at once', async () => {
  const samples = loadAudio('jfk.wav');
  const options = liveOptions(model, { partials: true });
  const [paced, burst] = [
    await runStream(pool, samples, options, 'realtime'),
    await runStream(pool, samples, options),
  ];
  expect(utterancesOf(paced)).toEqual(utterancesOf(burst));
  expect(textOf(paced)).toContain('your country');
  expect(paced.maxPending).toBeLessThan(0.5);
}, 30_000);

it('holds 8 real-time sessions with partials, finals promptly after the endpoint', async () => {
  const speech = concat(['dialog_dev.wav', 'jfk.wav'].map(loadAudio), 0.5).subarray(0, 20 * 16000);
  const figures = await measureLoad(pool, speech, 8, liveOptions(model, { partials: true }));
  console.log(formatLoad(figures));
  expect(figures.finals).toBeGreaterThan(8 * 4);
  expect(figures.finalP95).toBeLessThan(300);
  expect(figures.firstPartialP50).toBeLessThan(500);
  expect(figures.firstPartialP95).toBeLessThan(1000);
  // The lag stays within a few chunks: no growing backlog.
  expect(figures.maxPending).toBeLessThan(1);
  expect(figures.pendingAtEnd).toBeLessThan(0.5);
}, 60_000);

// `npm run bench:live-engine -- [sessions…]`: live recognition at real-time pace on the
// live engine pool (one worker per core), for growing numbers of one-channel sessions, with and without
// partials. Prints figures; asserts nothing. A session count "holds" when the lag (pendingSeconds) stays
// under a second and does not grow.
import { MODELS_DIR } from '../test/helpers/paths';
import { formatLoad, liveOptions, measureLoad, runStream } from '../src/main/engine/live-harness';
import { LiveEnginePool } from '../src/main/engine/live-pool';
import { ModelRegistry } from '../src/main/engine/models';
import { concat, loadAudio } from '../src/main/engine/test-audio';

const SECONDS = 30;

async function main(): Promise<void> {
  const counts = process.argv
    .slice(2)
    .map(Number)
    .filter((n) => n > 0);
  const resolved = new ModelRegistry(MODELS_DIR).resolve('solaria-1', ['en']);
  if (!resolved.ok) throw new Error(resolved.message);
  const speech = concat(['dialog_dev.wav', 'jfk.wav', 'libri_0870.wav'].map(loadAudio), 0.5);
  const samples = speech.subarray(0, SECONDS * 16000);
  const pool = new LiveEnginePool();
  try {
    // Load the model in every worker first.
    const warm = liveOptions(resolved.model);
    await Promise.all(
      Array.from({ length: pool.size }, () => runStream(pool, samples.subarray(0, 16000), warm)),
    );
    console.log(
      `${pool.size} workers, ${SECONDS} s of speech per session, 100 ms chunks, endpointing 0.05 s`,
    );
    for (const partials of [true, false]) {
      console.log(partials ? 'with partials:' : 'finals only:');
      for (const sessions of counts.length > 0 ? counts : [1, 8, 16, 24]) {
        const figures = await measureLoad(pool, samples, sessions, liveOptions(resolved.model, { partials }));
        const holds = figures.maxPending < 1 && figures.pendingAtEnd < 0.5;
        console.log(`${formatLoad(figures)}${holds ? '' : '  ← falls behind'}`);
      }
    }
    console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
  } finally {
    await pool.close();
  }
}

void main();

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MODELS_DIR, ROOT } from '../../../test/helpers/paths';
import { ModelRegistry, recognizerSpec } from './models';
import { EnginePool } from './pool';
import type { RecognizeResult, RecognizeTask, VadResult } from './protocol';
import { loadAudio } from './test-audio';
import { toShared } from './transcriber';

// The real worker (TypeScript source through tsx), talking the protocol directly.
const pool = new EnginePool({ size: 1 });
afterAll(() => pool.close());
const installed = new ModelRegistry(MODELS_DIR).installed()[0]!;
const model = recognizerSpec(installed);
const jfk = toShared(loadAudio('jfk.wav'));

function recognize(start: number, end: number, extra: Partial<RecognizeTask> = {}): Promise<RecognizeResult> {
  return pool.run<RecognizeResult>({ kind: 'recognize', model, samples: jfk, start, end, ...extra });
}

describe('engine worker', () => {
  it('finds the speech segments of a recording', async () => {
    const segments = await pool.run<VadResult>({
      kind: 'vad',
      samples: jfk,
      start: 0,
      end: jfk.length,
      maxSegmentSec: 20,
    });
    expect(segments.length).toBe(4);
    expect(segments[0]![0]).toBeGreaterThan(0.1);
    expect(segments[0]![0]).toBeLessThan(0.5);
    for (const [a, b] of segments) expect(b).toBeGreaterThan(a);
    expect(segments[3]![1]).toBeLessThanOrEqual(11);
  });

  it('reports VAD times from the start of the file for a range and caps segment length', async () => {
    const ranged = await pool.run<VadResult>({
      kind: 'vad',
      samples: jfk,
      start: 5 * 16000,
      end: jfk.length,
      maxSegmentSec: 20,
    });
    expect(ranged[0]![0]).toBeGreaterThanOrEqual(5);
    const capped = await pool.run<VadResult>({
      kind: 'vad',
      samples: jfk,
      start: 0,
      end: jfk.length,
      maxSegmentSec: 1,
    });
    for (const [a, b] of capped) expect(b - a).toBeLessThanOrEqual(1.0001);
  });

  it('recognises a range into tokens with times and log-probabilities', async () => {
    const result = await recognize(5 * 16000, jfk.length);
    expect(result.tokens.join('')).toContain('CAN DO FOR YOU');
    expect(result.cased).toBe(false);
    expect(result.timestamps).toHaveLength(result.tokens.length);
    expect(result.logProbs).toHaveLength(result.tokens.length);
    for (const p of result.logProbs) expect(p).toBeLessThanOrEqual(0);
    expect(result.timestamps[0]!).toBeLessThan(1);
    expect(result.timestamps[result.timestamps.length - 1]!).toBeLessThan(6.5);
  });

  it('biases recognition towards hotwords', async () => {
    const libri = toShared(loadAudio('libri_0880.wav'));
    const task = { kind: 'recognize', model, samples: libri, start: 0, end: libri.length } as const;
    const plain = await pool.run<RecognizeResult>(task);
    expect(plain.tokens.join('')).toContain('OLD DISPOSED');
    const boosted = await pool.run<RecognizeResult>({
      ...task,
      hotwords: [{ phrase: 'ill disposed', boost: 1 }],
    });
    expect(boosted.tokens.join('')).toContain('ILL DISPOSED');
  });

  it('answers bad tasks with errors and keeps working', async () => {
    const bad: unknown[] = [
      null,
      { kind: 'vad', samples: [1, 2, 3], start: 0, end: 3, maxSegmentSec: 20 },
      { kind: 'vad', samples: jfk, start: 0, end: jfk.length + 1, maxSegmentSec: 20 },
      { kind: 'vad', samples: jfk, start: 10, end: 5, maxSegmentSec: 20 },
      { kind: 'vad', samples: jfk, start: 0.5, end: 5, maxSegmentSec: 20 },
      { kind: 'vad', samples: jfk, start: 0, end: 5, maxSegmentSec: 0 },
      { kind: 'transcode', samples: jfk, start: 0, end: 5 },
      { kind: 'recognize', samples: jfk, start: 0, end: 5 },
      {
        kind: 'recognize',
        model: { ...model, encoder: join(MODELS_DIR, 'missing.onnx') },
        samples: jfk,
        start: 0,
        end: 16000,
      },
    ];
    for (const task of bad)
      await expect(pool.run(task), JSON.stringify(task)?.slice(0, 80)).rejects.toThrow();
    expect((await recognize(0, 3 * 16000)).tokens.join('')).toContain('AND SO MY');
  });

  it('returns nothing for an empty range or silence', async () => {
    const silence = new Float32Array(new SharedArrayBuffer(16000 * 4 * 3));
    expect(
      await pool.run({ kind: 'vad', samples: silence, start: 0, end: silence.length, maxSegmentSec: 20 }),
    ).toEqual([]);
    expect(await pool.run({ kind: 'vad', samples: silence, start: 0, end: 0, maxSegmentSec: 20 })).toEqual(
      [],
    );
    const result = await pool.run<RecognizeResult>({
      kind: 'recognize',
      model,
      samples: silence,
      start: 0,
      end: 0,
    });
    expect(result.tokens).toEqual([]);
  });
});

describe('bundled engine worker', () => {
  const bundled = join(ROOT, 'out', 'main', 'engine-worker.js');
  // Present after `electron-vite build`, which the test global setup runs unless SKIP_BUILD=1.
  it.skipIf(!existsSync(bundled))('runs the same tasks as the source worker', async () => {
    const built = new EnginePool({ size: 1, workerScript: bundled });
    try {
      const segments = await built.run<VadResult>({
        kind: 'vad',
        samples: jfk,
        start: 0,
        end: jfk.length,
        maxSegmentSec: 20,
      });
      expect(segments.length).toBe(4);
      expect(
        (
          await built.run<RecognizeResult>({ kind: 'recognize', model, samples: jfk, start: 0, end: 48000 })
        ).tokens.join(''),
      ).toContain('AND SO MY');
    } finally {
      await built.close();
    }
  });
});

describe('toShared', () => {
  it('copies plain arrays into shared memory once and passes shared ones through', () => {
    const plain = new Float32Array([0.1, 0.2]);
    const shared = toShared(plain);
    expect(shared.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(Array.from(shared)).toEqual(Array.from(plain));
    expect(toShared(shared)).toBe(shared);
  });
});

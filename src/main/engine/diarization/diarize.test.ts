import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { audio, MODELS_DIR } from '../../../../test/helpers/paths';
import { diarizationErrorRate } from '../../addons/diarization/der';
import { SPEAKER_CATALOG } from '../catalog';
import { loadAudio } from '../test-audio';
import { createDiarizationPool, diarizeChannel, findSpeakerModels } from '.';

const pool = createDiarizationPool(1);
afterAll(() => pool.close());

const models = findSpeakerModels(MODELS_DIR);
const segmentationModel = models.segmentation!;
const reference = (): { start: number; end: number; speaker: number }[] =>
  JSON.parse(readFileSync(audio('dialog_dev.json'), 'utf8')).segments;

describe('findSpeakerModels', () => {
  it('finds the shared segmentation model and, on these machines, no embedding model', () => {
    expect(segmentationModel).toBe(
      join(MODELS_DIR, 'sherpa-onnx-pyannote-segmentation-3-0', 'model.int8.onnx'),
    );
    expect(models.embedding).toBeUndefined();
  });

  it('takes the first installed embedding model of the catalog', () => {
    const dir = mkdtempSync(join(tmpdir(), 'speaker-models-'));
    try {
      const entry = SPEAKER_CATALOG.find((m) => m.role === 'embedding')!;
      mkdirSync(join(dir, entry.folder));
      writeFileSync(join(dir, entry.folder, entry.files[0]!.name), 'not a model');
      const found = findSpeakerModels(dir);
      expect(found.segmentation).toBeUndefined();
      expect(found.embedding).toEqual({ id: entry.id, path: join(dir, entry.folder, entry.files[0]!.name) });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('diarizeChannel (built-in MFCC voice model)', () => {
  it('finds the three speakers of dialog_dev.wav with a low diarization error rate', async () => {
    const started = performance.now();
    const result = await diarizeChannel(loadAudio('dialog_dev.wav'), { segmentationModel, pool });
    const seconds = (performance.now() - started) / 1000;
    const der = diarizationErrorRate(reference(), result.turns, 0.25);
    const strict = diarizationErrorRate(reference(), result.turns, 0);
    console.log(
      `dialog_dev.wav: ${result.speakers} speakers, DER ${(der.der * 100).toFixed(1)}% (collar 0.25 s; ` +
        `missed ${der.missed.toFixed(2)} s, false alarm ${der.falseAlarm.toFixed(2)} s, confusion ${der.confusion.toFixed(2)} s), ` +
        `DER without collar ${(strict.der * 100).toFixed(1)}%, ${seconds.toFixed(2)} s`,
    );
    expect(result.voice).toBe('mfcc-bic');
    expect(result.speakers).toBe(3);
    expect(der.der).toBeLessThanOrEqual(0.05);
    expect(strict.der).toBeLessThanOrEqual(0.2);
  });

  it('finds two speakers in two_speakers_10s.wav and one in same_speaker_10s.wav', async () => {
    const two = await diarizeChannel(loadAudio('two_speakers_10s.wav'), { segmentationModel, pool });
    const same = await diarizeChannel(loadAudio('same_speaker_10s.wav'), { segmentationModel, pool });
    expect(two.speakers).toBe(2);
    expect(same.speakers).toBe(1);
    // The change in two_speakers_10s.wav is at about 4.7 s.
    expect(two.turns[0]!.speaker).toBe(0);
    expect(two.turns[0]!.end).toBeGreaterThan(4.3);
    expect(two.turns[0]!.end).toBeLessThan(5.1);
  });

  it('honours number_of_speakers, min_speakers and max_speakers', async () => {
    const samples = loadAudio('dialog_dev.wav');
    const run = (bounds: object) => diarizeChannel(samples, { segmentationModel, pool, bounds });
    expect((await run({ exact: 2 })).speakers).toBe(2);
    expect((await run({ exact: 4 })).speakers).toBe(4);
    expect((await run({ max: 2 })).speakers).toBe(2);
    expect((await run({ min: 4 })).speakers).toBe(4);
    expect((await run({ min: 1, max: 5 })).speakers).toBe(3);
    const one = await diarizeChannel(loadAudio('two_speakers_10s.wav'), {
      segmentationModel,
      pool,
      bounds: { exact: 1 },
    });
    expect(one.speakers).toBe(1);
  });

  it('keeps the event loop free while it works', async () => {
    const samples = loadAudio('dialog_dev.wav');
    let worst = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      worst = Math.max(worst, now - last);
      last = now;
    }, 5);
    try {
      await diarizeChannel(samples, { segmentationModel, pool });
    } finally {
      clearInterval(timer);
    }
    console.log(`event-loop lag while diarizing: worst ${worst.toFixed(0)} ms`);
    // The main thread only copies the audio and posts messages; the bound is loose for a busy shared machine.
    expect(worst).toBeLessThan(250);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const running = diarizeChannel(loadAudio('dialog_dev.wav'), {
      segmentationModel,
      pool,
      signal: controller.signal,
    });
    controller.abort(new Error('job cancelled'));
    await expect(running).rejects.toThrow('job cancelled');
  });

  it('returns no turns for silence', async () => {
    const result = await diarizeChannel(new Float32Array(16000 * 3), { segmentationModel, pool });
    expect(result.turns).toEqual([]);
    expect(result.speakers).toBe(0);
  });
});

describe('diarizeChannel (embedding model)', () => {
  // No speaker-embedding model exists on these machines; these check that a broken or wrong model is refused
  // with an error (sherpa-onnx itself would end the process) before sherpa-onnx is asked to load it.
  const run = (embeddingModel: string) =>
    diarizeChannel(loadAudio('two_speakers_10s.wav'), { segmentationModel, embeddingModel, pool });

  it('refuses a file that is not an ONNX model', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'speaker-models-'));
    try {
      const bad = join(dir, 'broken.onnx');
      writeFileSync(bad, 'not an onnx model');
      await expect(run(bad)).rejects.toThrow('is not an ONNX model');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses an ONNX model without speaker-embedding metadata, and the worker lives on', async () => {
    await expect(run(segmentationModel)).rejects.toThrow('lacks the speaker-embedding metadata framework');
    expect(
      (await diarizeChannel(loadAudio('same_speaker_10s.wav'), { segmentationModel, pool })).speakers,
    ).toBe(1);
  });
});

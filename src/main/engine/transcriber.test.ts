import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Utterance } from '../../shared/transcript';
import { audio, MODELS_DIR } from '../../../test/helpers/paths';
import { ModelRegistry } from './models';
import { EnginePool } from './pool';
import { concat, loadAudio, references } from './test-audio';
import { transcribe } from './transcriber';
import { wordErrorRate } from './wer';

const resolved = new ModelRegistry(MODELS_DIR).resolve('solaria-1', ['en']);
if (!resolved.ok) throw new Error(resolved.message);
const { model } = resolved;
const pool = new EnginePool({ size: 2 });
afterAll(() => pool.close());

const mono = (samples: Float32Array) => ({ channels: [samples], sampleRate: 16000 as const });
const textOf = (utterances: Utterance[]) => utterances.map((u) => u.text).join(' ');

function expectConsistentTimes(utterances: Utterance[], durationSec: number): void {
  for (const u of utterances) {
    expect(u.words.length).toBeGreaterThan(0);
    expect(u.start).toBe(u.words[0]!.start);
    expect(u.end).toBe(u.words[u.words.length - 1]!.end);
    expect(u.text).toBe(u.words.map((w) => w.word).join(' '));
    expect(u.confidence).toBeGreaterThan(0);
    expect(u.confidence).toBeLessThanOrEqual(1);
    u.words.forEach((w, i) => {
      expect(w.word).toBe(w.word.trim());
      expect(w.start).toBeGreaterThanOrEqual(0);
      expect(w.end).toBeLessThanOrEqual(durationSec);
      expect(w.end).toBeGreaterThanOrEqual(w.start);
      expect(w.confidence).toBeGreaterThanOrEqual(0);
      expect(w.confidence).toBeLessThanOrEqual(1);
      if (i > 0) expect(w.start).toBeGreaterThanOrEqual(u.words[i - 1]!.end);
    });
  }
  utterances.forEach((u, i) => i > 0 && expect(u.start).toBeGreaterThanOrEqual(utterances[i - 1]!.start));
}

describe('transcribe', () => {
  it('meets the word error rate of the raw model on the reference recordings', async () => {
    const rates: number[] = [];
    for (const ref of references()) {
      const samples = loadAudio(ref.file);
      const { utterances } = await transcribe(pool, mono(samples), { model, language: 'en' });
      const rate = wordErrorRate(ref.text, textOf(utterances));
      console.log(`WER ${ref.file}: ${rate.toFixed(3)}  "${textOf(utterances)}"`);
      expect(rate, ref.file).toBeLessThanOrEqual(0.2);
      expectConsistentTimes(utterances, samples.length / 16000);
      expect(utterances.every((u) => u.language === 'en' && u.channel === 0)).toBe(true);
      rates.push(rate);
    }
    const average = rates.reduce((a, b) => a + b, 0) / rates.length;
    console.log(`WER average: ${average.toFixed(3)}`);
    expect(average).toBeLessThanOrEqual(0.1);
  });

  it('writes sentence case and places utterances on the speech', async () => {
    const samples = loadAudio('dialog_dev.wav');
    const turns = JSON.parse(readFileSync(audio('dialog_dev.json'), 'utf8')).segments as {
      start: number;
      end: number;
      text: string;
    }[];
    const { utterances } = await transcribe(pool, mono(samples), { model, language: 'en' });
    expectConsistentTimes(utterances, samples.length / 16000);
    expect(utterances).toHaveLength(turns.length);
    turns.forEach((turn, i) => {
      const u = utterances[i]!;
      // The recordings have ~0.2 s of silence at the start of each turn; words may not start before the turn.
      expect(u.start, u.text).toBeGreaterThanOrEqual(turn.start);
      expect(u.start, u.text).toBeLessThan(turn.start + 0.5);
      expect(u.end, u.text).toBeLessThanOrEqual(turn.end + 0.3);
      expect(u.text.charAt(0)).toMatch(/[A-Z]/);
      expect(u.text.slice(1)).not.toMatch(/[A-Z]{2}/);
    });
    expect(wordErrorRate(turns.map((t) => t.text).join(' '), textOf(utterances))).toBeLessThan(0.25);
  });

  it('keeps channels apart', async () => {
    const left = loadAudio('jfk.wav');
    const right = loadAudio('libri_0870.wav');
    const { utterances } = await transcribe(
      pool,
      { channels: [left, right], sampleRate: 16000 },
      { model, language: 'en' },
    );
    const [jfk, libri] = [0, 1].map((c) => textOf(utterances.filter((u) => u.channel === c)));
    const refs = Object.fromEntries(references().map((r) => [r.file, r.text]));
    expect(wordErrorRate(refs['jfk.wav']!, jfk!)).toBeLessThanOrEqual(0.2);
    expect(wordErrorRate(refs['libri_0870.wav']!, libri!)).toBeLessThanOrEqual(0.2);
    expectConsistentTimes(utterances, 11);
  });

  it('finds nothing in silence or in no audio', async () => {
    expect(
      (await transcribe(pool, mono(new Float32Array(16000 * 5)), { model, language: 'en' })).utterances,
    ).toEqual([]);
    expect((await transcribe(pool, mono(new Float32Array(0)), { model, language: 'en' })).utterances).toEqual(
      [],
    );
    expect(
      (await transcribe(pool, { channels: [], sampleRate: 16000 }, { model, language: 'en' })).utterances,
    ).toEqual([]);
  });

  it('refuses audio that is not 16 kHz', async () => {
    const audio44 = { channels: [new Float32Array(100)], sampleRate: 44100 as unknown as 16000 };
    await expect(transcribe(pool, audio44, { model, language: 'en' })).rejects.toThrow(/16000/);
  });

  it('applies hotwords', async () => {
    const samples = loadAudio('libri_0880.wav');
    const plain = textOf((await transcribe(pool, mono(samples), { model, language: 'en' })).utterances);
    expect(plain.toLowerCase()).not.toContain('ill disposed');
    const hotwords = [{ phrase: 'ill disposed', boost: 1 }];
    const boosted = textOf(
      (await transcribe(pool, mono(samples), { model, language: 'en', hotwords })).utterances,
    );
    expect(boosted.toLowerCase()).toContain('ill disposed');
  });

  it('runs two transcriptions at once on one pool with the results of running them alone', async () => {
    const a = loadAudio('dialog_dev.wav');
    const b = loadAudio('jfk.wav');
    const alone = [
      await transcribe(pool, mono(a), { model, language: 'en' }),
      await transcribe(pool, mono(b), { model, language: 'en' }),
    ];
    const together = await Promise.all([
      transcribe(pool, mono(a), { model, language: 'en' }),
      transcribe(pool, mono(b), { model, language: 'en' }),
    ]);
    expect(together).toEqual(alone);
  });

  it('reports progress up to 1 and stops promptly on abort', async () => {
    const long = concat(
      Array.from({ length: 4 }, () => loadAudio('dialog_dev.wav')),
      0.5,
    );
    const seen: number[] = [];
    await transcribe(pool, mono(long), { model, language: 'en', onProgress: (f) => seen.push(f) });
    expect(seen.length).toBeGreaterThan(5);
    seen.forEach((f, i) => i > 0 && expect(f).toBeGreaterThan(seen[i - 1]!));
    expect(seen[seen.length - 1]).toBe(1);

    const controller = new AbortController();
    let abortedAt = 0;
    const running = transcribe(pool, mono(long), {
      model,
      language: 'en',
      signal: controller.signal,
      onProgress: (f) => {
        if (f > 0.3 && !abortedAt) {
          abortedAt = performance.now();
          controller.abort();
        }
      },
    });
    await expect(running).rejects.toThrow(/abort/i);
    expect(performance.now() - abortedAt).toBeLessThan(50);
    await expect(
      transcribe(pool, mono(long), { model, language: 'en', signal: controller.signal }),
    ).rejects.toThrow(/abort/i);
    // The pool is still fine for the next job.
    expect(
      textOf(
        (await transcribe(pool, mono(loadAudio('libri_0890.wav')), { model, language: 'en' })).utterances,
      ),
    ).toMatch(/selfish/);
  });
});

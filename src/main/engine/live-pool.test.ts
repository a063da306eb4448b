import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import type { Utterance } from '../../shared/transcript';
import { audio, MODELS_DIR } from '../../../test/helpers/paths';
import {
  eventsOf,
  finalsOf,
  liveOptions,
  runStream,
  textOf,
  utterancesOf,
  type StreamRun,
} from './live-harness';
import { LiveEnginePool, type LiveStreamEvent } from './live-pool';
import { ModelRegistry } from './models';
import { EnginePool } from './pool';
import { concat, loadAudio, references } from './test-audio';
import { transcribe } from './transcriber';
import { wordErrorRate } from './wer';

// The real live worker (TypeScript source through tsx) with the streaming zipformer and the shared recordings,
// pushed faster than real time. Real-time pace and load are in live-pool.perf.test.ts.

const resolved = new ModelRegistry(MODELS_DIR).resolve('solaria-1', ['en']);
if (!resolved.ok) throw new Error(resolved.message);
const { model } = resolved;
const pool = new LiveEnginePool({ size: 2 });
afterAll(() => pool.close());

const dialogTurns = JSON.parse(readFileSync(audio('dialog_dev.json'), 'utf8')).segments as { text: string }[];
const recordings = [
  ...references().map((r) => ({ file: r.file, text: r.text })),
  { file: 'dialog_dev.wav', text: dialogTurns.map((t) => t.text).join(' ') },
];

function expectWellFormed(utterances: Utterance[], durationSec: number, channel = 0): void {
  utterances.forEach((u, i) => {
    expect(u.words.length).toBeGreaterThan(0);
    expect(u.channel).toBe(channel);
    expect(u.language).toBe('en');
    expect(u.start).toBe(u.words[0]!.start);
    expect(u.end).toBe(u.words[u.words.length - 1]!.end);
    expect(u.text).toBe(u.words.map((w) => w.word).join(' '));
    // Sentence case; an utterance that goes on with a sentence cut at the maximum duration starts in lower case.
    expect(u.text).not.toMatch(/[A-Z]{2}/);
    expect(u.confidence).toBeGreaterThan(0);
    expect(u.confidence).toBeLessThanOrEqual(1);
    u.words.forEach((w, k) => {
      expect(w.start).toBeGreaterThanOrEqual(0);
      expect(w.end).toBeLessThanOrEqual(durationSec);
      expect(w.end).toBeGreaterThanOrEqual(w.start);
      if (k > 0) expect(w.start).toBeGreaterThanOrEqual(u.words[k - 1]!.end);
    });
    if (i > 0) expect(u.start).toBeGreaterThanOrEqual(utterances[i - 1]!.end);
  });
}

/** speech_start and speech_end alternate, starting with a start, and the speech events carry the channel. */
function expectSpeechEventsPaired(run: StreamRun, channel = 0): void {
  const speech = eventsOf(run).filter((e) => e.type === 'speech_start' || e.type === 'speech_end');
  speech.forEach((e, i) => {
    expect(e.type).toBe(i % 2 === 0 ? 'speech_start' : 'speech_end');
    if ('channel' in e) expect(e.channel).toBe(channel);
    if (i > 0)
      expect((e as { time: number }).time).toBeGreaterThanOrEqual((speech[i - 1] as { time: number }).time);
  });
  expect(speech.length % 2).toBe(0);
}

/** Faint speech under white noise: a distant conversation in a noisy room. */
function faintSpeechInNoise(): Float32Array {
  const speech = loadAudio('jfk.wav');
  let seed = 7;
  const noise = (): number => ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 0.02;
  return speech.map((s) => 0.03 * s + noise());
}

describe('LiveEnginePool with the streaming zipformer', () => {
  it('transcribes the shared recordings within a few points of the pre-recorded path', async () => {
    const engine = new EnginePool({ size: 2 });
    try {
      const live: string[] = [];
      const batch: string[] = [];
      for (const { file, text } of recordings) {
        const samples = loadAudio(file);
        const run = await runStream(pool, samples, liveOptions(model)); // API defaults: 0.05 s, 5 s
        const pre = await transcribe(
          engine,
          { channels: [samples], sampleRate: 16000 },
          { model, language: 'en' },
        );
        live.push(textOf(run));
        batch.push(pre.utterances.map((u) => u.text).join(' '));
        const rates = [wordErrorRate(text, live.at(-1)!), wordErrorRate(text, batch.at(-1)!)];
        console.log(
          `WER ${file}: live ${rates[0]!.toFixed(3)}, pre-recorded ${rates[1]!.toFixed(3)}  "${live.at(-1)}"`,
        );
        // One or two words on the short files.
        expect(rates[0]!, file).toBeLessThanOrEqual(rates[1]! + 0.15);
        expectWellFormed(utterancesOf(run), samples.length / 16000);
        expectSpeechEventsPaired(run);
      }
      const reference = recordings.map((r) => r.text).join(' ');
      const [liveRate, batchRate] = [
        wordErrorRate(reference, live.join(' ')),
        wordErrorRate(reference, batch.join(' ')),
      ];
      console.log(`WER all: live ${liveRate.toFixed(3)}, pre-recorded ${batchRate.toFixed(3)}`);
      expect(liveRate).toBeLessThanOrEqual(batchRate + 0.04);
    } finally {
      await engine.close();
    }
  });

  it('sends partials before the final of each utterance, under the same id', async () => {
    const samples = concat([loadAudio('libri_0870.wav'), loadAudio('jfk.wav')], 0.5);
    const run = await runStream(pool, samples, liveOptions(model, { partials: true }), 'yield', {
      yieldMs: 10,
    });
    const events = eventsOf(run).filter((e) => e.type === 'partial' || e.type === 'final');
    const finals = finalsOf(run);
    expect(events.filter((e) => e.type === 'partial').length).toBeGreaterThan(finals.length);
    finals.forEach((f, i) => expect(f.id).toBe(`00_${String(i).padStart(8, '0')}`));
    const finalAt = new Map(finals.map((f) => [f.id, events.indexOf(f)]));
    events.forEach((e, i) => {
      expect(e.id).toMatch(/^00_\d{8}$/);
      // Every partial belongs to an utterance that gets its final later.
      if (e.type === 'partial') expect(finalAt.get(e.id), e.utterance.text).toBeGreaterThan(i);
    });
    for (const e of events) expectWellFormed([e.utterance], samples.length / 16000);
    // The last partial of the long sentence is most of its final.
    const first = events.filter((e) => e.id === finals[0]!.id);
    const lastPartial = first[first.length - 2] as Extract<LiveStreamEvent, { type: 'partial' }>;
    expect(lastPartial.type).toBe('partial');
    expect(wordErrorRate(finals[0]!.utterance.text, lastPartial.utterance.text)).toBeLessThan(0.5);
  });

  it('sends no partials unless asked', async () => {
    const run = await runStream(pool, loadAudio('jfk.wav'), liveOptions(model), 'yield');
    expect(eventsOf(run).some((e) => e.type === 'partial')).toBe(false);
    expect(finalsOf(run).length).toBeGreaterThan(0);
  });

  it('gives words in order and within the audio, with times from the start of the session', async () => {
    const samples = concat([new Float32Array(3 * 16000), loadAudio('dialog_dev.wav')]);
    for (const endpointing of [0.05, 0.5]) {
      const run = await runStream(pool, samples, liveOptions(model, { endpointing }), 'burst', {
        chunkSec: 0.037,
      });
      const utterances = utterancesOf(run);
      expectWellFormed(utterances, samples.length / 16000);
      expect(utterances[0]!.start).toBeGreaterThan(3);
      const starts = eventsOf(run).filter((e) => e.type === 'speech_start');
      expect((starts[0] as { time: number }).time).toBeGreaterThan(3);
    }
  });

  it('ends utterances after `endpointing` seconds of silence', async () => {
    const samples = loadAudio('dialog_dev.wav');
    const count = async (endpointing: number): Promise<number> => {
      const options = liveOptions(model, { endpointing, maxDurationWithoutEndpointing: 60 });
      const run = await runStream(pool, samples, options);
      expectSpeechEventsPaired(run);
      return finalsOf(run).length;
    };
    const [short, long] = [await count(0.05), await count(1.0)];
    console.log(`dialog_dev.wav: ${short} utterances at endpointing 0.05 s, ${long} at 1.0 s`);
    expect(short).toBeGreaterThan(long);
    expect(long).toBeGreaterThanOrEqual(1);
  });

  it('forces a final when speech goes on for maxDurationWithoutEndpointing', async () => {
    const parts = recordings.map((r) => ({ samples: loadAudio(r.file), text: r.text }));
    const samples = concat(
      parts.map((p) => p.samples),
      0.3,
    );
    const options = liveOptions(model, { endpointing: 10, maxDurationWithoutEndpointing: 5 });
    const run = await runStream(pool, samples, options);
    const utterances = utterancesOf(run);
    const durationSec = samples.length / 16000;
    expect(utterances.length).toBeGreaterThanOrEqual(Math.floor(durationSec / 5) - 1);
    for (const u of utterances) expect(u.end - u.start).toBeLessThanOrEqual(5);
    expectWellFormed(utterances, durationSec);
    // Speech never paused for 10 s: one speech segment, though cut into many utterances.
    expect(eventsOf(run).filter((e) => e.type === 'speech_start')).toHaveLength(1);
    // The cuts fall between words: little is lost or garbled.
    const rate = wordErrorRate(parts.map((p) => p.text).join(' '), textOf(run));
    console.log(`${utterances.length} utterances over ${durationSec.toFixed(1)} s, WER ${rate.toFixed(3)}`);
    expect(rate).toBeLessThan(0.25);
  });

  it('takes faint noisy speech for speech at speech_threshold 0.3, not at 0.99', async () => {
    const samples = faintSpeechInNoise();
    const loose = await runStream(pool, samples, liveOptions(model, { speechThreshold: 0.3 }));
    const strict = await runStream(pool, samples, liveOptions(model, { speechThreshold: 0.99 }));
    expect(eventsOf(loose).filter((e) => e.type === 'speech_start').length).toBeGreaterThan(0);
    expect(eventsOf(strict)).toEqual([]);
  });

  it('finds nothing in silence or steady noise', async () => {
    let seed = 3;
    const noise = new Float32Array(5 * 16000).map(
      () => ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 0.05,
    );
    const hum = new Float32Array(5 * 16000).map((_, i) => 0.05 * Math.sin((2 * Math.PI * 100 * i) / 16000));
    const samples = concat([new Float32Array(5 * 16000), noise, hum]);
    for (const speechThreshold of [0.3, 0.6]) {
      const run = await runStream(
        pool,
        samples,
        liveOptions(model, { speechThreshold, partials: true }),
        'yield',
      );
      expect(eventsOf(run)).toEqual([]);
    }
  });

  it('keeps the channels of a session apart', async () => {
    const a = loadAudio('jfk.wav');
    const b = loadAudio('libri_0880.wav');
    const alone = [
      await runStream(pool, a, liveOptions(model)),
      await runStream(pool, b, liveOptions(model)),
    ];
    const together = await Promise.all([
      runStream(pool, a, liveOptions(model, { channel: 0 }), 'yield'),
      runStream(pool, b, liveOptions(model, { channel: 1 }), 'yield'),
    ]);
    together.forEach((run, channel) => {
      expect(textOf(run)).toBe(textOf(alone[channel]!));
      for (const f of finalsOf(run)) expect(f.id.startsWith(`0${channel}_`)).toBe(true);
      expectWellFormed(utterancesOf(run), 11, channel);
      expectSpeechEventsPaired(run, channel);
    });
  });

  it('stops a closed stream at once and goes on with the others', async () => {
    const samples = loadAudio('jfk.wav');
    const events: LiveStreamEvent[] = [];
    const closing = pool.openStream(liveOptions(model, { partials: true }), (e) => events.push(e));
    const other = runStream(pool, samples, liveOptions(model), 'yield');
    for (let i = 0; i < samples.length / 2; i += 1600) {
      closing.push(samples.subarray(i, i + 1600));
      await sleep(1);
    }
    closing.close();
    const seen = events.length;
    closing.push(samples.subarray(0, 1600)); // ignored
    expect(closing.pendingSeconds).toBe(0);
    await closing.finish(); // resolves at once
    expect(textOf(await other)).toContain('your country');
    await sleep(100);
    expect(events).toHaveLength(seen);
  });

  it('resolves finish() after the last final', async () => {
    const events: string[] = [];
    const stream = pool.openStream(liveOptions(model, { endpointing: 10 }), (e) => events.push(e.type));
    stream.push(loadAudio('libri_0880.wav'));
    expect(stream.pendingSeconds).toBeGreaterThan(2);
    await stream.finish();
    events.push('finished');
    // Speech was still going on (10 s endpointing): the end of the audio ends it.
    expect(events).toEqual(['speech_start', 'speech_end', 'final', 'finished']);
    expect(stream.pendingSeconds).toBe(0);
    expect(stream.finish()).toBe(stream.finish());
  });

  it('applies hotwords', async () => {
    const samples = loadAudio('libri_0880.wav');
    const options = liveOptions(model, { endpointing: 0.5 });
    expect(textOf(await runStream(pool, samples, options)).toLowerCase()).not.toContain('ill disposed');
    const hotwords = [{ phrase: 'ill disposed', boost: 1 }];
    const boosted = textOf(await runStream(pool, samples, { ...options, hotwords }));
    expect(boosted.toLowerCase()).toContain('ill disposed');
  });

  it('survives samples that are not numbers', async () => {
    const samples = loadAudio('libri_0880.wav');
    const broken = concat([new Float32Array(8000).fill(NaN), new Float32Array(8000).fill(Infinity), samples]);
    expect(textOf(await runStream(pool, broken, liveOptions(model)))).toBe(
      textOf(await runStream(pool, concat([new Float32Array(16000), samples]), liveOptions(model))),
    );
  });
});

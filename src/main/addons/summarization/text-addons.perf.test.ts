// Time the text add-ons take on a five-minute transcript (about 800 words) and on a forty-minute one.
// Limits are generous because other test files share the two cores; the printed figures are the evidence.
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { moderate } from '../moderation/index';
import { analyzeSentiment } from '../sentiment/index';
import { MEETING, transcriptOf, type Turn } from './fixtures';
import { summarize } from './index';

const FIVE_MINUTES = transcriptOf(MEETING);
const FORTY_MINUTES = transcriptOf(Array.from({ length: 8 }, (): Turn[] => MEETING).flat());

async function ms(fn: () => unknown): Promise<number> {
  const started = performance.now();
  await fn();
  return Math.round((performance.now() - started) * 10) / 10;
}

async function median(fn: () => unknown, runs = 3): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await ms(fn));
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

const words = (text: string): number => text.split(/\s+/).filter(Boolean).length;
const minutes = (seconds: number): string => (seconds / 60).toFixed(1);

const ADDONS: Array<[string, (t: typeof FIVE_MINUTES) => unknown]> = [
  ['sentiment_analysis', analyzeSentiment],
  ['moderation', moderate],
  ['summarization general', (t) => summarize(t, { type: 'general' })],
  ['summarization bullet_points', (t) => summarize(t, { type: 'bullet_points' })],
  ['summarization concise', (t) => summarize(t, { type: 'concise' })],
];

describe('text add-on timings', () => {
  it('loads the language model once, on first use', async () => {
    const cold = await ms(() => analyzeSentiment(FIVE_MINUTES));
    const warm = await ms(() => analyzeSentiment(FIVE_MINUTES));
    console.log(
      `sentiment_analysis first call (loads wink-nlp's English model): ${cold} ms, next: ${warm} ms`,
    );
    expect(cold).toBeLessThan(5000);
  });

  it('takes well under a second per add-on on a five-minute transcript', async () => {
    const duration = FIVE_MINUTES.utterances.at(-1)!.end;
    expect(words(FIVE_MINUTES.full_transcript)).toBeGreaterThanOrEqual(780);
    expect(duration).toBeGreaterThanOrEqual(290);
    for (const [, run] of ADDONS) await run(FIVE_MINUTES);
    for (const [name, run] of ADDONS) {
      const time = await median(() => run(FIVE_MINUTES));
      console.log(
        `${name}: ${time} ms for ${words(FIVE_MINUTES.full_transcript)} words (${minutes(duration)} min)`,
      );
      expect(time).toBeLessThan(1000);
    }
  });

  it('grows roughly linearly up to a forty-minute transcript', async () => {
    const duration = FORTY_MINUTES.utterances.at(-1)!.end;
    for (const [name, run] of ADDONS) {
      const time = await ms(() => run(FORTY_MINUTES));
      console.log(
        `${name}: ${time} ms for ${words(FORTY_MINUTES.full_transcript)} words (${minutes(duration)} min)`,
      );
      expect(time).toBeLessThan(8000);
    }
  });
});

// Random transcripts and configs (seeded, so failures repeat) against the rules every output must keep.
import { describe, expect, it } from 'vitest';
import type { Utterance } from '../../../shared/transcript';
import { parseSrt, parseVtt, utteranceOf } from './fixtures';
import { buildSubtitles, type SubtitlesOptions } from './index';

function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const VOCAB = (
  'the a to of and but so I you we it is was not what your country can do for ask Mr. Smith said, ' +
  'really? yes. no! okay, well... because podcast episode audience growing amazing electricity ' +
  'internationalisation Supercalifragilisticexpialidocious café 😀 naïve "quoted" (aside) <b>&</b>'
).split(' ');

interface Case {
  utterances: Utterance[];
  options: SubtitlesOptions;
  /** Single channel, words in order and apart: captions must not overlap at all. */
  clean: boolean;
}

function makeCase(seed: number): Case {
  const r = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
  const clean = r() < 0.5;
  const utterances: Utterance[] = [];
  let at = r() * 5;
  const count = Math.floor(r() * 7);
  for (let u = 0; u < count; u++) {
    const words: Array<[string, number, number]> = [];
    let t = clean ? at : Math.max(0, at - r() * 3);
    const n = 1 + Math.floor(r() * 60);
    for (let i = 0; i < n; i++) {
      const length = r() < 0.1 ? 0 : r() < 0.05 ? 3 + r() * 5 : 0.05 + r() * 0.5;
      const jitter = clean ? 0 : (r() - 0.5) * 0.2;
      words.push([pick(VOCAB), t + jitter, t + jitter + length]);
      t += length + (r() < 0.1 ? 0.5 + r() * 2.5 : r() * 0.2);
    }
    utterances.push(utteranceOf(words, { channel: clean ? 0 : Math.floor(r() * 3), speaker: u % 2 }));
    at = t + (clean ? 0.01 + r() : 0);
  }
  const maybe = <T>(value: T): T | undefined => (r() < 0.5 ? value : undefined);
  const options: SubtitlesOptions = {
    formats: pick([['srt', 'vtt'], ['vtt', 'srt'], ['srt'], ['vtt']] as const).slice(),
    style: pick(['default', 'compliance', undefined] as const),
    minimum_duration: maybe(Math.round(r() * 3000) / 1000),
    maximum_duration: maybe(1 + Math.round(r() * 29000) / 1000),
    maximum_characters_per_row: maybe(1 + Math.floor(r() * 60)),
    maximum_rows_per_caption: maybe(1 + Math.floor(r() * 5)),
  };
  return { utterances, options, clean };
}

describe('subtitles invariants on random transcripts', () => {
  it.each(Array.from({ length: 300 }, (_, i) => i + 1))('seed %i', (seed) => {
    const { utterances, options, clean } = makeCase(seed);
    const compliance = options.style === 'compliance';
    const maxChars = options.maximum_characters_per_row ?? 42;
    const maxRows = options.maximum_rows_per_caption ?? 2;
    const maxDuration = options.maximum_duration ?? 7;
    const minDuration = options.minimum_duration ?? (compliance ? 0.833 : 1);

    const subtitles = buildSubtitles(utterances, options);
    expect(subtitles.map((s) => s.format)).toEqual([...new Set(options.formats)]);
    const srt = subtitles.find((s) => s.format === 'srt');
    const vtt = subtitles.find((s) => s.format === 'vtt');
    const cues = srt ? parseSrt(srt.subtitles) : parseVtt(vtt!.subtitles);
    if (srt && vtt) expect(parseVtt(vtt.subtitles)).toEqual(cues);

    // Every word once, nothing else.
    const said = utterances.flatMap((u) => u.words.map((w) => w.word.trim())).sort();
    const shown = cues.flatMap((c) => c.lines.join(' ').split(' ')).sort();
    expect(shown).toEqual(said);

    cues.forEach((cue, i) => {
      expect(cue.start).toBeGreaterThanOrEqual(0);
      expect(cue.end).toBeGreaterThan(cue.start);
      expect(cue.lines.length).toBeLessThanOrEqual(maxRows);
      for (const line of cue.lines)
        if (line.includes(' ')) expect([...line].length).toBeLessThanOrEqual(maxChars);
      const text = cue.lines.join(' ');
      expect(
        utterances.some((u) =>
          u.words
            .map((w) => w.word.trim())
            .join(' ')
            .includes(text),
        ),
      ).toBe(true);
      if (text.includes(' ') && minDuration <= maxDuration)
        expect(cue.end - cue.start).toBeLessThanOrEqual(maxDuration + 1e-9);

      const next = cues[i + 1];
      if (!next) return;
      expect(next.start).toBeGreaterThanOrEqual(cue.start);
      if (clean && next.start > cue.start) {
        expect(cue.end).toBeLessThanOrEqual(next.start);
        if (compliance && next.start - cue.start > 0.084)
          expect(next.start - cue.end).toBeGreaterThanOrEqual(0.083 - 1e-9);
      }
    });
  });
});

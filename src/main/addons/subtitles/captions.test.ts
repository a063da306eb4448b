import { describe, expect, it } from 'vitest';
import type { Utterance } from '../../../shared/transcript';
import type { Caption } from './captions';
import { utterance, utteranceOf } from './fixtures';
import { captionsFor } from './index';
import type { SubtitlesOptions } from './options';

const LONG =
  'So I was thinking about this the other day when we started the podcast we had no idea what we were ' +
  'doing and honestly nobody told us it would work but here we are three hundred episodes later and ' +
  'the audience keeps growing every single week which is amazing';

const build = (utterances: Utterance[], options: Partial<SubtitlesOptions> = {}): Caption[] =>
  captionsFor(utterances, { formats: ['srt'], ...options });
const text = (caption: Caption): string => caption.lines.join(' ');
const chars = (line: string): number => [...line].length;

describe('captions from word timings', () => {
  it('keeps every word once, in order, trimmed of its leading space', () => {
    const captions = build([utterance(LONG)]);
    expect(captions.length).toBeGreaterThan(3);
    expect(captions.map(text).join(' ')).toBe(LONG);
    expect(captions.flatMap((c) => c.lines).every((line) => line === line.trim())).toBe(true);
  });

  it('times each caption from its first word start to its last word end', () => {
    const captions = build([utterance('one two three', { at: 10, step: 0.5, length: 0.4 })]);
    expect(captions).toEqual([{ start: 10, end: 11.4, lines: ['one two three'], channel: 0 }]);
  });

  it('uses at most 42 characters per row, 2 rows and 7 seconds by default', () => {
    const captions = build([utterance(`${LONG} ${LONG}`, { step: 0.2 })]);
    for (const caption of captions) {
      expect(caption.lines.length).toBeLessThanOrEqual(2);
      for (const line of caption.lines) expect(chars(line)).toBeLessThanOrEqual(42);
      expect(caption.end - caption.start).toBeLessThanOrEqual(7);
    }
    expect(captions.some((c) => c.lines.length === 2)).toBe(true);
  });

  it('honours maximum_characters_per_row', () => {
    for (const max of [12, 20, 60]) {
      const captions = build([utterance(LONG)], { maximum_characters_per_row: max, maximum_duration: 30 });
      const lines = captions.flatMap((c) => c.lines);
      for (const line of lines) expect(chars(line)).toBeLessThanOrEqual(max);
      // Rows are used well: some come near the limit.
      expect(Math.max(...lines.map(chars))).toBeGreaterThan(max * 0.7);
    }
  });

  it('honours maximum_rows_per_caption', () => {
    for (const rows of [1, 3, 5]) {
      const captions = build([utterance(LONG, { step: 0.1 })], {
        maximum_rows_per_caption: rows,
        maximum_characters_per_row: 20,
        maximum_duration: 30,
      });
      for (const caption of captions) expect(caption.lines.length).toBeLessThanOrEqual(rows);
      expect(captions.some((c) => c.lines.length === rows)).toBe(true);
    }
  });

  it('honours maximum_duration, splitting at word boundaries', () => {
    const captions = build([utterance(LONG, { step: 0.5 })], {
      maximum_duration: 2,
      maximum_rows_per_caption: 5,
    });
    for (const caption of captions) expect(caption.end - caption.start).toBeLessThanOrEqual(2 + 1e-9);
    expect(captions.map(text).join(' ')).toBe(LONG);
  });

  it('keeps a word spoken longer than maximum_duration whole, in a caption of its own', () => {
    const words: Array<[string, number, number]> = [
      ['well', 0, 0.3],
      ['sooooo', 0.4, 4.4],
      ['anyway', 4.5, 4.9],
    ];
    const captions = build([utteranceOf(words)], { maximum_duration: 2 });
    expect(captions.map(text)).toEqual(['well', 'sooooo', 'anyway']);
    expect(captions[1]).toMatchObject({ start: 0.4, end: 4.4 });
  });

  it('keeps a single word longer than a row whole, on a row of its own', () => {
    const long = 'Supercalifragilisticexpialidocious';
    const captions = build([utterance(`it was ${long} really`)], { maximum_characters_per_row: 12 });
    expect(captions.flatMap((c) => c.lines)).toContain(long);
    for (const line of captions.flatMap((c) => c.lines))
      if (line !== long) expect(chars(line)).toBeLessThanOrEqual(12);
    expect(captions.map(text).join(' ')).toBe(`it was ${long} really`);
  });

  it('honours minimum_duration without overlapping the next caption', () => {
    const utterances = [
      utterance('Yes.', { at: 1, length: 0.2 }),
      utterance('No.', { at: 3, length: 0.2, speaker: 1 }),
      utterance('Maybe.', { at: 3.5, length: 0.2 }),
    ];
    const captions = build(utterances, { minimum_duration: 1.5 });
    expect(captions.map((c) => [c.start, c.end])).toEqual([
      [1, 2.5],
      [3, 3.5],
      [3.5, 5],
    ]);
    const none = build(utterances, { minimum_duration: 0 });
    expect(none[0]).toMatchObject({ start: 1, end: 1.2 });
  });

  it('never puts words of two utterances in one caption', () => {
    const first = utterance('Good morning everyone.', { at: 0 });
    const second = utterance('Morning!', { at: 1.3, speaker: 1 });
    const captions = build([first, second]);
    expect(captions.map(text)).toEqual(['Good morning everyone.', 'Morning!']);
    expect(captions.map((c) => c.speaker)).toEqual([undefined, 1]);
  });

  it('orders captions by start time across channels and keeps overlapping speech', () => {
    const left = utterance('I think we should wait a little longer before we decide', { at: 2, channel: 0 });
    const right = utterance('Absolutely not', { at: 0.5, channel: 1 });
    const late = utterance('Fine', { at: 3, channel: 1 });
    const captions = build([left, right, late]);
    expect(captions.map((c) => c.start)).toEqual([...captions.map((c) => c.start)].sort((a, b) => a - b));
    expect(captions.map((c) => c.channel)).toEqual([1, 0, 1]);
    expect(captions[1]).toMatchObject({ start: 2, end: 6.35 });
    expect(captions[2]).toMatchObject({ start: 3, lines: ['Fine'] });
  });

  it('breaks at a long pause inside an utterance', () => {
    const words: Array<[string, number, number]> = [
      ['so', 0, 0.3],
      ['anyway', 0.4, 0.8],
      ['where', 3, 3.3],
      ['was', 3.4, 3.6],
      ['I', 3.7, 3.8],
    ];
    expect(build([utteranceOf(words)]).map(text)).toEqual(['so anyway', 'where was I']);
  });

  it('handles zero-length words', () => {
    const words: Array<[string, number, number]> = ['a', 'b', 'c', 'd'].map((w, i) => [w, i, i]);
    const captions = build([utteranceOf(words, {})], {
      maximum_characters_per_row: 1,
      maximum_rows_per_caption: 1,
    });
    expect(captions.map((c) => [c.start, c.end])).toEqual([
      [0, 1],
      [1, 2],
      [2, 3],
      [3, 4],
    ]);
    const same = build([utteranceOf(words.map(([w]) => [w, 5, 5]))], { maximum_rows_per_caption: 1 });
    expect(same).toEqual([{ start: 5, end: 6, lines: ['a b c d'], channel: 0 }]);
  });

  it('is empty for an empty transcript or utterances without words', () => {
    expect(build([])).toEqual([]);
    expect(build([{ ...utterance(''), text: '' }])).toEqual([]);
  });
});

describe('captions from imperfect input', () => {
  it('spreads the text over the utterance when it has no word timings', () => {
    const bare = { ...utterance('x'), words: [], start: 2, end: 4, text: ' Hello there, world! ' };
    expect(build([bare], { minimum_duration: 0 })).toEqual([
      { start: 2, end: 4, lines: ['Hello there, world!'], channel: 0 },
    ]);
  });

  it('cleans blank words, whitespace inside words, bad and negative times', () => {
    const messy: Utterance = {
      ...utterance('x'),
      start: -1,
      words: [
        { word: ' first', start: -0.5, end: 0.2, confidence: 1 },
        { word: '   ', start: 0.3, end: 0.4, confidence: 1 },
        { word: ' two\nlines', start: Number.NaN, end: 0.6, confidence: 1 },
        { word: ' back', start: 0.9, end: 0.7, confidence: 1 },
        { word: ' last', start: 1, end: Number.POSITIVE_INFINITY, confidence: 1 },
      ],
    };
    const captions = build([messy], { minimum_duration: 0 });
    expect(captions).toEqual([{ start: 0, end: 1, lines: ['first two lines back last'], channel: 0 }]);
  });

  it('skips entries that are not utterances and rejects a non-array', () => {
    expect(build([null as unknown as Utterance, utterance('ok')]).map(text)).toEqual(['ok']);
    expect(() => build({} as unknown as Utterance[])).toThrow(TypeError);
  });
});

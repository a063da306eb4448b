import { describe, expect, it } from 'vitest';
import type { Utterance, Word } from '../../../shared/transcript';
import { splitBySpeaker, wordSpeakers } from './words';

const word = (text: string, start: number, end: number, confidence = 0.8): Word => ({
  word: text,
  start,
  end,
  confidence,
});

function utterance(words: Word[], channel = 0): Utterance {
  return {
    start: words[0]!.start,
    end: words[words.length - 1]!.end,
    confidence: 0.8,
    channel,
    words,
    text: words.map((w) => w.word).join(''),
    language: 'en',
  };
}

describe('wordSpeakers', () => {
  const turns = [
    { start: 0, end: 2, speaker: 0 },
    { start: 2.1, end: 4, speaker: 1 },
  ];

  it('gives each word the speaker it overlaps most, and the nearest turn between turns', () => {
    const words = [word('a', 0.1, 0.5), word(' b', 1.9, 2.5), word(' c', 2.5, 3), word(' d', 4.5, 5)];
    expect(wordSpeakers(words, turns, 9)).toEqual([0, 1, 1, 1]);
  });

  it('returns a lone word weakly held by another speaker to its neighbours', () => {
    const flicker = [
      { start: 0, end: 1, speaker: 0 },
      { start: 1.05, end: 1.15, speaker: 1 },
      { start: 1.2, end: 3, speaker: 0 },
    ];
    const words = [word('a', 0.2, 0.6), word(' b', 0.9, 1.3), word(' c', 1.4, 2)];
    expect(wordSpeakers(words, flicker, 0)).toEqual([0, 0, 0]);
  });

  it('falls back to the channel speaker when nobody was heard', () => {
    expect(wordSpeakers([word('a', 0, 1)], [], 4)).toEqual([4]);
  });
});

describe('splitBySpeaker', () => {
  it('splits an utterance where the speaker changes, keeping words, times and spacing', () => {
    const words = [
      word('Hello', 0, 0.4, 0.9),
      word(' there', 0.5, 0.9, 0.7),
      word(' Yes', 1.2, 1.5, 0.5),
      word(' indeed', 1.6, 2, 0.6),
    ];
    const speakers = new Map(words.map((w, i) => [w, i < 2 ? 0 : 1]));
    const [first, second, ...rest] = splitBySpeaker([utterance(words)], speakers, () => 0);
    expect(rest).toEqual([]);
    expect(first).toMatchObject({ start: 0, end: 0.9, speaker: 0, text: 'Hello there', confidence: 0.8 });
    expect(second).toMatchObject({ start: 1.2, end: 2, speaker: 1, text: 'Yes indeed', confidence: 0.55 });
    expect(second!.words.map((w) => w.word)).toEqual(['Yes', ' indeed']);
    expect(second!.words[0]!.start).toBe(1.2);
  });

  it('keeps an utterance of one speaker as it was, and gives empty ones the fallback', () => {
    const words = [word('un', 0, 0.3), word('deux', 0.4, 0.8)];
    const u = { ...utterance(words), text: 'un deux' };
    const empty = { ...utterance([word('x', 3, 4)]), words: [], text: '' };
    const out = splitBySpeaker([u, empty], new Map(words.map((w) => [w, 2])), () => 5);
    expect(out[0]).toEqual({ ...u, speaker: 2 });
    expect(out[1]!.speaker).toBe(5);
  });

  it('joins unspaced words with spaces when it splits them', () => {
    const words = [word('one', 0, 0.3), word('two', 0.4, 0.8), word('three', 1, 1.3)];
    const u = { ...utterance(words), text: 'one two three' };
    const out = splitBySpeaker([u], new Map(words.map((w, i) => [w, i === 2 ? 1 : 0])), () => 0);
    expect(out.map((x) => x.text)).toEqual(['one two', 'three']);
  });
});

import { describe, expect, it } from 'vitest';
import type { Utterance } from '../../../shared/transcript';
import { activeWordIndex, flattenWords, summarizeVoices, transcriptText, voiceLabel } from './transcript';

const word = (w: string, start: number, end: number) => ({ word: w, start, end, confidence: 0.9 });
const utterance = (
  start: number,
  words: ReturnType<typeof word>[],
  extra: Partial<Utterance> = {},
): Utterance => ({
  start,
  end: words.at(-1)!.end,
  confidence: 0.9,
  channel: 0,
  words,
  text: words
    .map((w) => w.word)
    .join('')
    .trim(),
  language: 'en',
  ...extra,
});

const utterances = [
  utterance(0.5, [word(' And', 0.5, 0.7), word(' so', 0.8, 1.0)], { speaker: 0 }),
  utterance(3.0, [word(' my', 3.0, 3.2), word(' fellow', 3.3, 3.6)], { speaker: 1 }),
  utterance(5.0, [word(' Americans', 5.0, 5.8)], { speaker: 0 }),
];

describe('transcript helpers', () => {
  it('finds the word being spoken, holding it briefly after its end', () => {
    const words = flattenWords(utterances);
    expect(words).toHaveLength(5);
    expect(activeWordIndex(words, 0.1)).toBe(-1);
    expect(activeWordIndex(words, 0.5)).toBe(0);
    expect(activeWordIndex(words, 0.75)).toBe(0);
    expect(activeWordIndex(words, 0.9)).toBe(1);
    expect(activeWordIndex(words, 1.3)).toBe(1);
    expect(activeWordIndex(words, 2.0)).toBe(-1);
    expect(activeWordIndex(words, 3.5)).toBe(3);
    expect(activeWordIndex(words, 99)).toBe(-1);
    expect(activeWordIndex([], 1)).toBe(-1);
  });

  it('names voices by speaker, else by channel when there are several', () => {
    expect(voiceLabel({ speaker: 0, channel: 1 }, 2)).toBe('Speaker 1');
    expect(voiceLabel({ channel: 1 }, 2)).toBe('Channel 2');
    expect(voiceLabel({ channel: 0 }, 1)).toBeNull();
  });

  it('sums talk time per voice and writes a copyable text', () => {
    const voices = summarizeVoices(utterances, 1);
    expect(voices.map((v) => [v.label, v.utterances, Number(v.seconds.toFixed(2))])).toEqual([
      ['Speaker 1', 2, 1.3],
      ['Speaker 2', 1, 0.6],
    ]);
    expect(transcriptText(utterances, 1)).toBe(
      '[00:00.5] Speaker 1: And so\n[00:03.0] Speaker 2: my fellow\n[00:05.0] Speaker 1: Americans',
    );
  });
});

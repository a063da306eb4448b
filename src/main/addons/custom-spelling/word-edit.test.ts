import { describe, expect, it } from 'vitest';
import { fold, joinWords, replaceWords, usesLeadingSpaces, wordParts } from './word-edit';
import { plainUtterance } from '../custom-vocabulary/fixtures';

describe('wordParts', () => {
  it('splits opening and closing punctuation off a word', () => {
    expect(wordParts(' "¿Qué?"')).toEqual({ lead: ' "¿', core: 'Qué', trail: '?"' });
    expect(wordParts("don't,")).toEqual({ lead: '', core: "don't", trail: ',' });
    expect(wordParts('U.S.')).toEqual({ lead: '', core: 'U.S', trail: '.' });
    expect(wordParts('...')).toEqual({ lead: '', core: '...', trail: '' });
    expect(wordParts('')).toEqual({ lead: '', core: '', trail: '' });
  });
});

describe('fold', () => {
  it('compares without case or width', () => {
    expect(fold('STRASSE')).toBe(fold('straße'));
    expect(fold('ＡＢＣ')).toBe('abc');
    expect(fold('Zoë')).not.toBe(fold('Zoe'));
  });
});

describe('replaceWords', () => {
  const words = [
    { word: 'a', start: 0, end: 1, confidence: 0.5 },
    { word: ' b.', start: 1, end: 2, confidence: 1 },
    { word: ' c', start: 2, end: 3, confidence: 1 },
  ];

  it('merges a span into one word with its times, mean confidence and trailing punctuation', () => {
    const out = replaceWords(words, { index: 0, count: 2, text: 'X' }, true);
    expect(out).toEqual([
      { word: 'X.', start: 0, end: 2, confidence: 0.75 },
      { word: ' c', start: 2, end: 3, confidence: 1 },
    ]);
    expect(joinWords(out)).toBe('X. c');
  });

  it('splits a span into several words, spaced as the input', () => {
    const out = replaceWords(words, { index: 1, count: 1, text: 'New  York' }, true);
    expect(out.map((w) => w.word)).toEqual(['a', ' New', ' York.', ' c']);
    expect(out[1]!.start).toBe(1);
    expect(out[2]!.end).toBe(2);
    const plain = replaceWords(
      words.map((w) => ({ ...w, word: w.word.trim() })),
      { index: 1, count: 1, text: 'New York' },
      false,
    );
    expect(joinWords(plain)).toBe('a New York. c');
  });

  it('drops the span when the replacement is empty', () => {
    expect(replaceWords(words, { index: 1, count: 1, text: ' ' }, true).map((w) => w.word)).toEqual([
      'a',
      ' c',
    ]);
  });
});

describe('usesLeadingSpaces', () => {
  it('tells the pipeline convention from plain words', () => {
    const plain = plainUtterance('one two');
    const spaced = {
      ...plain,
      words: plain.words.map((w, i) => ({ ...w, word: i ? ` ${w.word}` : w.word })),
    };
    expect(usesLeadingSpaces([plain])).toBe(false);
    expect(usesLeadingSpaces([spaced])).toBe(true);
    expect(usesLeadingSpaces([])).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { normaliseWords, wordErrorRate } from './wer';

describe('wordErrorRate', () => {
  it('is 0 for the same words whatever the case and punctuation', () => {
    expect(wordErrorRate('And so, my fellow Americans!', 'and so my fellow americans')).toBe(0);
    expect(wordErrorRate("Don't stop", 'don’t stop')).toBe(0);
  });

  it('counts substitutions, deletions and insertions over the reference length', () => {
    expect(wordErrorRate('a b c d', 'a x c d')).toBe(0.25);
    expect(wordErrorRate('a b c d', 'a c d')).toBe(0.25);
    expect(wordErrorRate('a b c d', 'a b c d e f')).toBe(0.5);
    expect(wordErrorRate('a b', '')).toBe(1);
    expect(wordErrorRate('a b', 'c d e f')).toBe(2);
  });

  it('handles empty references', () => {
    expect(wordErrorRate('', '')).toBe(0);
    expect(wordErrorRate(' ... ', 'word')).toBe(1);
  });

  it('splits hyphenated words and keeps inner apostrophes', () => {
    expect(normaliseWords("Cold-hearted 'quoted' isn't")).toEqual(['cold', 'hearted', 'quoted', "isn't"]);
  });
});

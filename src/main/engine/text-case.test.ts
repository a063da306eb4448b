import { describe, expect, it } from 'vitest';
import { sentenceCase } from './text-case';

describe('sentenceCase', () => {
  it('lower-cases and capitalises the first word', () => {
    expect(sentenceCase(['AND', 'SO', 'MY', 'FELLOW', 'AMERICANS'])).toEqual([
      'And',
      'so',
      'my',
      'fellow',
      'americans',
    ]);
  });

  it('restores the pronoun I and its contractions', () => {
    expect(sentenceCase(["I'M", 'SURE', 'I', "I'LL", "I'VE", "I'D", 'IT', 'IS', 'IN'])).toEqual([
      "I'm",
      'sure',
      'I',
      "I'll",
      "I've",
      "I'd",
      'it',
      'is',
      'in',
    ]);
  });

  it('capitalises the first letter even after leading punctuation, and copes with no words', () => {
    expect(sentenceCase(["'TWAS"])).toEqual(["'Twas"]);
    expect(sentenceCase(['42', 'APPLES'])).toEqual(['42', 'apples']);
    expect(sentenceCase([])).toEqual([]);
  });
});

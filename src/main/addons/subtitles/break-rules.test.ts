import { describe, expect, it } from 'vitest';
import { breakCost, endsSentence, languageWords } from './break-rules';
import type { TimedWord } from './words';

const en = languageWords('en');
const word = (text: string, start = 0, end = 300): TimedWord => ({ text, start, end });
const cost = (a: string, b: string): number => breakCost(word(a, 0, 300), word(b, 350, 600), en);

describe('break rules', () => {
  it('ranks break places: sentence < clause < before a conjunction < plain < after a binding word', () => {
    const sentence = cost('day.', 'When');
    const clause = cost('podcast,', 'we');
    const opener = cost('yesterday', 'but');
    const plain = cost('idea', 'what');
    const dangling = cost('the', 'market');
    expect(sentence).toBe(0);
    expect(sentence).toBeLessThan(clause);
    expect(clause).toBeLessThan(opener);
    expect(opener).toBeLessThan(plain);
    expect(plain).toBeLessThan(dangling);
  });

  it('never treats a title as a sentence end, and keeps it with the name', () => {
    expect(endsSentence('Mr.', en)).toBe(false);
    expect(endsSentence('Dr.', en)).toBe(false);
    expect(endsSentence('done.', en)).toBe(true);
    expect(endsSentence('really?"', en)).toBe(true);
    expect(cost('Mr.', 'Smith')).toBeGreaterThan(cost('idea', 'what'));
  });

  it('sees through quotes, brackets and case', () => {
    expect(cost('"The', 'end')).toBe(cost('the', 'end'));
    expect(cost('word', '(and')).toBe(cost('word', 'and'));
    expect(cost('world,"', 'she')).toBe(cost('world,', 'she'));
  });

  it('makes any break cheaper after a pause', () => {
    const tight = breakCost(word('idea', 0, 300), word('what', 320, 600), en);
    const short = breakCost(word('idea', 0, 300), word('what', 700, 900), en);
    const long = breakCost(word('idea', 0, 300), word('what', 1200, 1500), en);
    expect(short).toBeLessThan(tight);
    expect(long).toBeLessThan(short);
    expect(breakCost(word('end.'), undefined, en)).toBe(0);
  });

  it('knows a few languages and falls back to punctuation only', () => {
    const fr = languageWords('fr-FR');
    expect(breakCost(word('avec'), word('le', 350, 600), fr)).toBeGreaterThan(
      breakCost(word('maison'), word('et', 350, 600), fr),
    );
    const unknown = languageWords('xx');
    expect(breakCost(word('the'), word('end', 350, 600), unknown)).toBe(
      breakCost(word('end'), word('the', 350, 600), unknown),
    );
    expect(breakCost(word('end.'), word('New', 350, 600), unknown)).toBe(0);
    expect(languageWords(undefined)).toBe(unknown);
  });
});

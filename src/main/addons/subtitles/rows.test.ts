import { describe, expect, it } from 'vitest';
import { languageWords } from './break-rules';
import { utterance } from './fixtures';
import { captionsFor } from './index';
import { resolveRules } from './options';
import { prepareWords } from './prepared';
import { breakRows, RowLayout } from './rows';
import { utteranceWords } from './words';

const rowsOf = (text: string, style: 'default' | 'compliance' = 'compliance'): string[][] =>
  captionsFor([utterance(text)], { formats: ['srt'], style }).map((c) => c.lines);

const prepared = (text: string) => prepareWords(utteranceWords(utterance(text)), languageWords('en'));

describe('row breaks', () => {
  it('keeps a caption that fits on one row on one row', () => {
    expect(rowsOf('Welcome back to the show.')).toEqual([['Welcome back to the show.']]);
  });

  it('breaks after punctuation', () => {
    expect(rowsOf('When we started the podcast, we had no idea what we were doing.')).toEqual([
      ['When we started the podcast,', 'we had no idea what we were doing.'],
    ]);
  });

  it('starts a new sentence on a new row', () => {
    expect(rowsOf('That is fine. We can start the meeting now.')).toEqual([
      ['That is fine.', 'We can start the meeting now.'],
    ]);
  });

  it('breaks before a conjunction', () => {
    expect(rowsOf('I wanted to go to the beach yesterday but it was raining all day')).toEqual([
      ['I wanted to go to the beach yesterday', 'but it was raining all day'],
    ]);
  });

  it('never leaves an article, preposition, conjunction or title at the end of a row', () => {
    const text =
      'So I was thinking about this the other day when we started the podcast we had no idea what we were ' +
      'doing and honestly Mr. Smith told us it would work but here we are three hundred episodes later and ' +
      'the audience keeps growing every single week which is amazing';
    for (const style of ['default', 'compliance'] as const) {
      const lines = rowsOf(text, style).flat();
      for (const line of lines) expect(line).not.toMatch(/\b(the|a|an|of|to|and|but|Mr\.|about|we)$/);
    }
  });

  it('balances rows instead of filling the first one', () => {
    for (const style of ['default', 'compliance'] as const) {
      const [rows] = rowsOf('alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo', style);
      const [top, bottom] = rows!.map((row) => row.length);
      expect(Math.abs(top! - bottom!)).toBeLessThanOrEqual(8);
    }
  });

  it('prefers a bottom-heavy shape in the compliance style', () => {
    expect(rowsOf('aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii')).toEqual([
      ['aaaa bbbb cccc dddd', 'eeee ffff gggg hhhh iiii'],
    ]);
  });

  it('lays out more than two rows when allowed', () => {
    const rules = { ...resolveRules({ maximum_rows_per_caption: 3 }), maxCharsPerRow: 20 };
    const words = prepared('one two three four five six seven eight nine ten eleven');
    const rows = breakRows(words, 0, words.words.length, rules);
    expect(rows).toHaveLength(3);
    expect(rows.join(' ')).toBe('one two three four five six seven eight nine ten eleven');
    for (const row of rows) expect(row.length).toBeLessThanOrEqual(20);
  });

  it('refuses words that need more rows than allowed', () => {
    const rules = { ...resolveRules({ maximum_rows_per_caption: 1 }), maxCharsPerRow: 10 };
    const words = prepared('far too many words for one short row');
    expect(() => breakRows(words, 0, words.words.length, rules)).toThrow(RangeError);
    const layout = new RowLayout(words, 7, rules);
    layout.extend();
    expect(() => layout.extend()).toThrow(RangeError);
  });

  it('counts characters, not UTF-16 units', () => {
    const rules = { ...resolveRules({}), maxCharsPerRow: 11 };
    const words = prepared('😀😀😀😀😀 ééééé');
    expect(breakRows(words, 0, 2, rules)).toEqual(['😀😀😀😀😀 ééééé']);
  });
});

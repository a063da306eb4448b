import { describe, expect, it } from 'vitest';
import {
  abaValid,
  cardIssuerKnown,
  ibanValid,
  luhnValid,
  phoneValid,
  ssnPlausible,
  vinValid,
} from './checksums';
import { chunksOf, digitsOf } from './chunks';
import { numberRuns, yearOf } from './spoken-numbers';
import { placeWords, tokenize } from './tokens';

const runs = (text: string) => numberRuns(tokenize(text)).map((r) => ({ digits: r.digits, value: r.value }));
const chunks = (text: string) => chunksOf(tokenize(text)).map((c) => c.text);

describe('spoken numbers', () => {
  it.each([
    ['four one five five five five zero one three two', '4155550132', null],
    ['four fifteen', '415', null],
    ['nineteen eighty two', '1982', null],
    ['twenty twenty', '2020', null],
    ['two thousand and five', '2005', 2005],
    ['five hundred', '500', 500],
    ['one hundred and twenty three', '123', 123],
    ['a hundred', '100', 100],
    ['double five triple seven', '55777', null],
    ['forty point seven four eight', '40.748', 40.748],
    ['twenty first', '21', 21],
    ['oh four twenty six', '0426', null],
    ['415 555 0132', '4155550132', null],
  ])('"%s" reads as %s', (text, digits, value) => {
    expect(runs(text)).toEqual([{ digits, value }]);
  });

  it('stops at punctuation and leaves words alone', () => {
    expect(runs('one two, three. oh no')).toEqual([
      { digits: '12', value: null },
      { digits: '3', value: 3 },
    ]);
    expect(runs('I saw someone')).toEqual([]);
  });

  it('reads years the ways people say them', () => {
    const year = (text: string) => yearOf(numberRuns(tokenize(text))[0]!);
    expect(year('nineteen sixty one')).toBe(1961);
    expect(year('twenty oh five')).toBe(2005);
    expect(year('two thousand and twenty')).toBe(2020);
    expect(year('1984')).toBe(1984);
    expect(year('five')).toBeNull();
    expect(year('twenty first')).toBeNull();
  });
});

describe('chunks', () => {
  it('writes spoken addresses, spelled letters and digit strings as one string', () => {
    expect(chunks('john dot smith at gmail dot com')).toEqual(['john.smith@gmail.com']);
    expect(chunks('w w w dot example dot com slash pricing')).toEqual(['www.example.com/pricing']);
    expect(chunks('g b two nine n w b k')).toEqual(['gb29nwbk']);
    expect(chunks('call plus four four two zero')).toEqual(['call', '+4420']);
    expect(chunks('one nine two dot one six eight dot zero dot one')).toEqual(['192.168.0.1']);
  });

  it('keeps "at" and "dot" as words where they are words', () => {
    expect(chunks('look at me')).toEqual(['look', 'at', 'me']);
    expect(chunks('meet at the office')).toEqual(['meet', 'at', 'the', 'office']);
    expect(chunks('a polka dot')).toEqual(['a', 'polka', 'dot']);
    expect(chunks('i have a b')).toEqual(['i', 'have', 'ab']);
  });

  it('gives the digits of written and spoken numbers', () => {
    const [written] = chunksOf(tokenize('(415) 555-0132'));
    expect(chunksOf(tokenize('(415) 555-0132')).map(digitsOf)).toEqual(['415', '5550132']);
    expect(written!.joined).toBe(false);
    expect(chunksOf(tokenize('two million')).map((c) => c.quantity)).toEqual([true]);
    expect(chunksOf(tokenize('four one five')).map((c) => c.quantity)).toEqual([false]);
  });
});

describe('tokens', () => {
  it('sets punctuation apart and keeps the period of abbreviations out of sentence ends', () => {
    const tokens = tokenize('Dr. Kay said: "Hello, (415) world!"');
    expect(tokens.map((t) => [t.core, t.after])).toEqual([
      ['Dr', ''],
      ['Kay', ''],
      ['said', ':'],
      ['Hello', ','],
      ['(415)', ''],
      ['world', '!"'],
    ]);
    expect(tokens[4]!.start).toBe('Dr. Kay said: "Hello, '.length);
  });

  it('places words in a text that punctuation and casing changed', () => {
    const words = ['call', 'doctor', 'emily', 'ghost', 'watson'].map((word, i) => ({
      word: ` ${word}`,
      start: i,
      end: i + 0.5,
      confidence: 1,
    }));
    expect(placeWords('Call Doctor Emily, Watson.', words)).toEqual([
      { start: 0, end: 4 },
      { start: 5, end: 11 },
      { start: 12, end: 17 },
      null,
      { start: 19, end: 25 },
    ]);
  });
});

describe('checksums', () => {
  it('checks payment cards, routing numbers, IBANs, VINs and SSNs', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(cardIssuerKnown('4111111111111111')).toBe(true);
    expect(cardIssuerKnown('9111111111111111')).toBe(false);
    expect(abaValid('021000021')).toBe(true);
    expect(abaValid('021000022')).toBe(false);
    expect(ibanValid('GB29 NWBK 6016 1331 9268 19')).toBe(true);
    expect(ibanValid('GB29 NWBK 6016 1331 9268 18')).toBe(false);
    expect(vinValid('1HGCM82633A004352')).toBe(true);
    expect(vinValid('1HGCM82633A004353')).toBe(false);
    expect(ssnPlausible('078051120')).toBe(true);
    expect(ssnPlausible('666051120')).toBe(false);
  });

  it('accepts phone numbers of real numbering plans only', () => {
    expect(phoneValid('4155550132', false)).toBe(true);
    expect(phoneValid('14155550132', false)).toBe(true);
    expect(phoneValid('442079460958', true)).toBe(true);
    expect(phoneValid('02079460958', false)).toBe(true);
    expect(phoneValid('1234567890', false)).toBe(false);
    expect(phoneValid('20192020', false)).toBe(false);
  });
});

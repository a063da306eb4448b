import { describe, expect, it } from 'vitest';
import { utterance } from '../subtitles/fixtures';
import { chunkLines, packItems, splitText, transcriptBudget, transcriptLines } from './chunks';
import { parseModelJson, textOf } from './json';

describe('chunking', () => {
  it('packs lines greedily under the budget and splits a line longer than it at sentence ends', () => {
    const lines = ['a'.repeat(40), 'b'.repeat(40), 'c'.repeat(40)];
    expect(chunkLines(lines, 90)).toEqual([`${'a'.repeat(40)}\n${'b'.repeat(40)}`, 'c'.repeat(40)]);
    const long = 'First sentence here. Second sentence here! Third one? Last words without an end';
    const pieces = splitText(long, 30);
    expect(pieces.every((p) => p.length <= 30)).toBe(true);
    expect(pieces.join(' ').replace(/\s+/g, ' ')).toBe(long);
    expect(splitText('x'.repeat(25), 10)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
    expect(packItems([5, 5, 20, 1], (n) => n, 10)).toEqual([[5, 5], [20], [1]]);
  });

  it('keeps a floor under the transcript budget however small the context', () => {
    expect(transcriptBudget({ contextChars: 8000 }, 1000, 0.5)).toBe(3500);
    expect(transcriptBudget({ contextChars: 1000 }, 2000, 0.5)).toBe(400);
  });

  it('writes one prompt line per utterance with its speaker, or the full transcript', () => {
    const t = {
      full_transcript: 'Hello there. Hi.',
      languages: ['en'],
      utterances: [
        utterance('Hello there.', { speaker: 0 }),
        utterance('Hi.', { speaker: 1 }),
        utterance(''),
      ],
    };
    expect(transcriptLines(t)).toEqual(['Speaker 1: Hello there.', 'Speaker 2: Hi.']);
    expect(transcriptLines({ ...t, utterances: [] })).toEqual(['Hello there. Hi.']);
    expect(transcriptLines({ full_transcript: ' ', languages: [], utterances: [] })).toEqual([]);
  });
});

describe('parseModelJson', () => {
  it('reads JSON wrapped in prose, code fences, or with the slips small models make', () => {
    expect(parseModelJson('{"a": [1, 2]}')).toEqual({ a: [1, 2] });
    expect(parseModelJson('Sure! Here it is:\n```json\n{"a": "x"}\n```\nAnything else?')).toEqual({ a: 'x' });
    expect(parseModelJson("{'person': ['Ann', 'Bob',],}")).toEqual({ person: ['Ann', 'Bob'] });
    expect(parseModelJson('{"translations": [{"id": 0, "text": "Bonjour"}, {"id": 1, "text": "Sal')).toEqual({
      translations: [
        { id: 0, text: 'Bonjour' },
        { id: 1, text: 'Sal' },
      ],
    });
    expect(parseModelJson('Result: [1, 2, 3] as asked')).toEqual([1, 2, 3]);
  });

  it('throws a 502 naming the answer when there is no JSON in it', () => {
    expect(() => parseModelJson('I cannot help with that.')).toThrow(
      expect.objectContaining({
        statusCode: 502,
        message: expect.stringContaining('I cannot help with that'),
      }),
    );
  });

  it('turns model values into display text', () => {
    expect(textOf('  a  b ')).toBe('a b');
    expect(textOf(42)).toBe('42');
    expect(textOf({ name: 'Ann', role: 'host' })).toBe('Ann');
    expect(textOf({ role: 'host' })).toBe('{"role":"host"}');
    expect(textOf('')).toBeUndefined();
    expect(textOf(null)).toBeUndefined();
  });
});

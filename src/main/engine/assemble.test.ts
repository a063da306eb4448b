import { describe, expect, it } from 'vitest';
import { buildUtterances, type RecognizedSegment } from './assemble';

function segment(
  channel: number,
  start: number,
  end: number,
  tokens: [string, number][],
  cased = false,
): RecognizedSegment {
  return {
    channel,
    start,
    end,
    result: {
      tokens: tokens.map(([t]) => t),
      timestamps: tokens.map(([, time]) => time),
      logProbs: tokens.map(() => Math.log(0.5)),
      cased,
    },
  };
}

describe('buildUtterances', () => {
  it('joins BPE pieces into words with times offset by the segment start', () => {
    const [u] = buildUtterances(
      [
        segment(0, 10, 13, [
          [' HE', 0.2],
          [' WAS', 0.9],
          [' DIS', 1.0],
          ['PO', 1.1],
          ['SED', 1.2],
        ]),
      ],
      { language: 'en' },
    );
    expect(u!.text).toBe('He was disposed');
    expect(u!.words.map((w) => w.word)).toEqual(['He', 'was', 'disposed']);
    expect(u!.words[0]).toMatchObject({ start: 10.2, end: 10.45, confidence: 0.5 });
    // A word ends at the next word's start when that comes first.
    expect(u!.words[1]!.end).toBe(11);
    expect(u!.words[2]).toMatchObject({ start: 11, end: 11.45 });
    expect(u).toMatchObject({ start: 10.2, end: 11.45, channel: 0, language: 'en', confidence: 0.5 });
  });

  it('splits at pauses of 0.8 s and more, and drops segments without words', () => {
    const utterances = buildUtterances(
      [
        segment(0, 0, 10, [
          [' ONE', 0.1],
          [' TWO', 0.5],
          [' THREE', 2.0],
          [' FOUR', 2.3],
        ]),
        segment(1, 0, 3, []),
        segment(1, 4, 6, [[' ', 0.1]]),
      ],
      { language: 'en' },
    );
    expect(utterances.map((u) => u.text)).toEqual(['One two', 'Three four']);
  });

  it('clamps times to the segment, shifts them by the emission delay and keeps cased text as is', () => {
    const [u] = buildUtterances(
      [
        segment(
          0,
          5,
          6,
          [
            [' Hello', 0.3],
            [',', 0.5],
            [' World', 1.4],
          ],
          true,
        ),
      ],
      {
        language: 'en',
        emissionDelaySec: 0.2,
      },
    );
    expect(u!.words.map((w) => w.word)).toEqual(['Hello,', 'World']);
    expect(u!.words[0]!.start).toBe(5.1);
    expect(u!.words[1]).toMatchObject({ start: 6, end: 6 });
  });

  it('makes each CJK character a word and joins them without spaces', () => {
    const [u] = buildUtterances(
      [
        segment(
          0,
          0,
          3,
          [
            ['你', 0.1],
            ['好', 0.3],
            [' HELLO', 0.6],
          ],
          true,
        ),
      ],
      {
        language: 'zh',
      },
    );
    expect(u!.words.map((w) => w.word)).toEqual(['你', '好', 'HELLO']);
    expect(u!.text).toBe('你好 HELLO');
  });

  it('sorts utterances by start, then channel', () => {
    const utterances = buildUtterances(
      [segment(1, 2, 3, [[' B', 0]]), segment(0, 2, 3, [[' A', 0]]), segment(1, 0, 1, [[' C', 0]])],
      { language: 'en' },
    );
    expect(utterances.map((u) => [u.text, u.channel])).toEqual([
      ['C', 1],
      ['A', 0],
      ['B', 1],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { formatTimestamp, toSrt, toVtt } from './export';
import { parseSrt, parseVtt } from './fixtures';

describe('formatTimestamp', () => {
  it('writes HH:MM:SS with the separator and milliseconds', () => {
    expect(formatTimestamp(0, ',')).toBe('00:00:00,000');
    expect(formatTimestamp(1.5, ',')).toBe('00:00:01,500');
    expect(formatTimestamp(61.007, '.')).toBe('00:01:01.007');
    expect(formatTimestamp(3725.5, ',')).toBe('01:02:05,500');
    expect(formatTimestamp(2 * 3600 + 59 * 60 + 59.999, '.')).toBe('02:59:59.999');
  });

  it('rounds to the millisecond, carrying into seconds, minutes and hours', () => {
    expect(formatTimestamp(0.0004, ',')).toBe('00:00:00,000');
    expect(formatTimestamp(0.0015, ',')).toBe('00:00:00,002');
    expect(formatTimestamp(59.9996, ',')).toBe('00:01:00,000');
    expect(formatTimestamp(3599.9999, ',')).toBe('01:00:00,000');
  });

  it('lets hours grow past two digits', () => {
    expect(formatTimestamp(100 * 3600 + 1, ',')).toBe('100:00:01,000');
  });

  it('never writes a negative or non-finite time', () => {
    expect(formatTimestamp(-3, ',')).toBe('00:00:00,000');
    expect(formatTimestamp(Number.NaN, '.')).toBe('00:00:00.000');
    expect(formatTimestamp(Number.POSITIVE_INFINITY, '.')).toBe('00:00:00.000');
  });
});

const captions = [
  { start: 0.21, end: 2.5, lines: ['And so, my fellow Americans,'] },
  { start: 3725.5, end: 3727, lines: ['ask not what your country', 'can do for you.'] },
];

describe('toSrt', () => {
  it('writes numbered cues with comma milliseconds, each followed by a blank line', () => {
    expect(toSrt(captions)).toBe(
      '1\n00:00:00,210 --> 00:00:02,500\nAnd so, my fellow Americans,\n\n' +
        '2\n01:02:05,500 --> 01:02:07,000\nask not what your country\ncan do for you.\n\n',
    );
  });

  it('writes nothing for no captions', () => {
    expect(toSrt([])).toBe('');
  });

  it('keeps cues well formed whatever the captions hold', () => {
    const srt = toSrt([
      { start: -1, end: -0.5, lines: ['before zero'] },
      { start: 5, end: 5, lines: ['no length'] },
      { start: 6, end: 4, lines: ['backwards'] },
      { start: 7, end: 8, lines: ['two\n\nparagraphs', '   ', ''] },
      { start: 9, end: 10, lines: [] },
      { start: 11, end: 12, lines: ['  \t '] },
    ]);
    const cues = parseSrt(srt);
    expect(cues.map((c) => c.lines)).toEqual([
      ['before zero'],
      ['no length'],
      ['backwards'],
      ['two paragraphs'],
    ]);
    for (const cue of cues) {
      expect(cue.start).toBeGreaterThanOrEqual(0);
      expect(cue.end).toBeGreaterThan(cue.start);
    }
    expect(cues[0]).toMatchObject({ start: 0, end: 0.001 });
    expect(cues[1]).toMatchObject({ start: 5, end: 5.001 });
  });
});

describe('toVtt', () => {
  it('writes the header, then cues with dot milliseconds', () => {
    expect(toVtt(captions)).toBe(
      'WEBVTT\n\n' +
        '00:00:00.210 --> 00:00:02.500\nAnd so, my fellow Americans,\n\n' +
        '01:02:05.500 --> 01:02:07.000\nask not what your country\ncan do for you.\n\n',
    );
    expect(parseVtt(toVtt(captions))).toHaveLength(2);
  });

  it('is just the header for no captions', () => {
    expect(toVtt([])).toBe('WEBVTT\n');
    expect(toVtt([{ start: 1, end: 2, lines: [' '] }])).toBe('WEBVTT\n');
  });

  it('escapes markup characters, so "-->" and tags cannot appear in cue text', () => {
    const vtt = toVtt([{ start: 1, end: 2, lines: ['a --> b <i>x</i> & co'] }]);
    expect(vtt).toContain('a --&gt; b &lt;i&gt;x&lt;/i&gt; &amp; co');
    expect(vtt.match(/-->/g)).toHaveLength(1);
  });
});

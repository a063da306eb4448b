import { describe, expect, it } from 'vitest';
import { resolveRules } from './options';
import { settleTimings, type TimedCaption } from './timing';

const defaults = resolveRules({});
const compliance = resolveRules({ style: 'compliance' });

/** Captions from [start, end] pairs in ms, one channel each unless given. */
const captions = (...spans: Array<[number, number, number?]>): TimedCaption[] =>
  spans.map(([start, end, channel = 0], order) => ({ start, end, lines: [`c${order}`], channel, order }));

const spans = (list: TimedCaption[]): Array<[number, number]> => list.map((c) => [c.start, c.end]);

describe('settleTimings', () => {
  it('leaves captions alone when they are long enough and apart', () => {
    expect(spans(settleTimings(captions([0, 2000], [3000, 5000]), defaults))).toEqual([
      [0, 2000],
      [3000, 5000],
    ]);
  });

  it('extends a short caption to the minimum duration', () => {
    expect(spans(settleTimings(captions([0, 300], [5000, 6000]), defaults))).toEqual([
      [0, 1000],
      [5000, 6000],
    ]);
    expect(spans(settleTimings(captions([5000, 5100]), compliance))).toEqual([[5000, 5833]]);
  });

  it('never extends over the next caption, keeping the style gap', () => {
    expect(spans(settleTimings(captions([0, 300], [600, 2000]), defaults))[0]).toEqual([0, 600]);
    expect(spans(settleTimings(captions([0, 300], [600, 2000]), compliance))[0]).toEqual([0, 517]);
  });

  it('trims a caption that runs into the next one by a little (timestamp jitter)', () => {
    expect(spans(settleTimings(captions([0, 2050], [2000, 4000]), defaults))[0]).toEqual([0, 2000]);
    expect(spans(settleTimings(captions([0, 2050], [2000, 4000]), compliance))[0]).toEqual([0, 1917]);
  });

  it('keeps the 2-frame gap of the compliance style between touching captions', () => {
    const out = settleTimings(captions([0, 2000], [2000, 4000], [4010, 6000]), compliance);
    expect(spans(out)).toEqual([
      [0, 1917],
      [2000, 3927],
      [4010, 6000],
    ]);
  });

  it('closes gaps under half a second in the compliance style, within the maximum duration', () => {
    expect(spans(settleTimings(captions([0, 2000], [2400, 4000]), compliance))[0]).toEqual([0, 2317]);
    expect(spans(settleTimings(captions([0, 2000], [2400, 4000]), defaults))[0]).toEqual([0, 2000]);
    // A gap of 0.5 s or more stays open.
    expect(spans(settleTimings(captions([0, 2000], [2500, 4000]), compliance))[0]).toEqual([0, 2000]);
    expect(spans(settleTimings(captions([0, 2000], [2499, 4000]), compliance))[0]).toEqual([0, 2416]);
    // Closing must not make the caption last longer than the maximum.
    expect(spans(settleTimings(captions([0, 6900], [7100, 8000]), compliance))[0]).toEqual([0, 6900]);
  });

  it('keeps real overlaps (people talking at once) as spoken', () => {
    const out = settleTimings(captions([0, 5000, 0], [1000, 4000, 1], [4600, 6000, 1]), compliance);
    expect(spans(out)).toEqual([
      [0, 5000],
      [1000, 4000],
      [4600, 6000],
    ]);
    // A short caption overlapped most of its length is not cut to a sliver either.
    expect(spans(settleTimings(captions([0, 600], [200, 3000]), defaults))[0]).toEqual([0, 600]);
  });

  it('always ends after it starts, even when the next caption starts at the same time', () => {
    const out = settleTimings(captions([1000, 1000], [1000, 1000], [1010, 1010]), compliance);
    for (const caption of out) expect(caption.end).toBeGreaterThan(caption.start);
    expect(out[2]!.end).toBe(1010 + 833);
  });

  it('never moves a start and keeps the other fields', () => {
    const input = captions([100, 200], [150, 900], [3000, 3001]);
    const out = settleTimings(input, compliance);
    expect(out.map((c) => c.start)).toEqual([100, 150, 3000]);
    expect(out.map((c) => c.lines)).toEqual(input.map((c) => c.lines));
  });
});

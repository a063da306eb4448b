import { describe, expect, it } from 'vitest';
import { diarizationErrorRate } from './der';

const ref = [
  { start: 0, end: 4, speaker: 'A' },
  { start: 5, end: 9, speaker: 'B' },
];

describe('diarizationErrorRate', () => {
  it('is 0 for the reference itself, whatever the hypothesis calls its speakers', () => {
    const hyp = ref.map((t) => ({ ...t, speaker: t.speaker === 'A' ? 7 : 3 }));
    const result = diarizationErrorRate(ref, hyp);
    expect(result.der).toBe(0);
    expect(result.mapping).toEqual(
      new Map([
        ['7', 'A'],
        ['3', 'B'],
      ]),
    );
  });

  it('counts confusion, missed speech and false alarms outside the collar', () => {
    // B's turn given to A: 4 s of confusion, less 0.25 s of collar at each end.
    const confused = diarizationErrorRate(ref, [{ start: 0, end: 9, speaker: 1 }]);
    expect(confused.confusion).toBeCloseTo(3.5, 1);
    expect(confused.falseAlarm).toBeCloseTo(0.5, 1); // 4.25-4.75 between the turns
    expect(confused.scored).toBeCloseTo(7, 1);
    expect(confused.der).toBeCloseTo(4 / 7, 2);

    const missed = diarizationErrorRate(ref, [{ start: 0, end: 4, speaker: 1 }]);
    expect(missed.missed).toBeCloseTo(3.5, 1);
    expect(missed.der).toBeCloseTo(0.5, 2);
  });

  it('ignores boundary errors within the collar and counts them without one', () => {
    const late = [
      { start: 0.2, end: 4.2, speaker: 1 },
      { start: 5.2, end: 9.2, speaker: 2 },
    ];
    expect(diarizationErrorRate(ref, late, 0.25).der).toBe(0);
    expect(diarizationErrorRate(ref, late, 0).der).toBeCloseTo(0.1, 2);
  });

  it('scores overlapping speech', () => {
    const overlap = [...ref, { start: 2, end: 3, speaker: 'C' }];
    const result = diarizationErrorRate(overlap, ref);
    expect(result.missed).toBeCloseTo(0.5, 1); // 2.25-2.75 after the collars
    expect(result.der).toBeGreaterThan(0);
  });
});

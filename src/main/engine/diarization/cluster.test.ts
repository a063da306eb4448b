import { describe, expect, it } from 'vitest';
import { agglomerate, type VoiceModel } from './cluster';
import { addFrame, bicRatio, emptyStats, meanLogLikelihood } from './gaussian';

// A one-dimensional voice: the mean of the values merged into it, weighted by count.
interface Point {
  mean: number;
  n: number;
}
const line: VoiceModel<Point> = {
  distance: (a, b) => Math.abs(a.mean - b.mean),
  merge: (a, b) => ({ mean: (a.mean * a.n + b.mean * b.n) / (a.n + b.n), n: a.n + b.n }),
  threshold: 1,
};
const points = (...values: number[]): Point[] => values.map((mean) => ({ mean, n: 1 }));

describe('agglomerate', () => {
  it('merges items closer than the threshold and numbers clusters by first item', () => {
    expect(agglomerate(points(10, 0, 10.5, 0.2, 5), line)).toEqual([0, 1, 0, 1, 2]);
  });

  it('merges past the threshold down to max or an exact count, and stops at min', () => {
    const items = points(0, 3, 6, 20);
    expect(new Set(agglomerate(items, line, { max: 2 })).size).toBe(2);
    expect(agglomerate(items, line, { exact: 2 })).toEqual([0, 0, 0, 1]);
    expect(new Set(agglomerate(points(0, 0.1, 0.2, 0.3), line, { min: 3 })).size).toBe(3);
    expect(agglomerate(points(0, 0.1), line, { exact: 1 })).toEqual([0, 0]);
  });

  it('lets segmentation evidence tip a near tie either way', () => {
    const items = points(0, 1.1, 5);
    expect(agglomerate(items, line)).toEqual([0, 1, 2]);
    const same = { between: (i: number, j: number) => (i + j === 1 ? 1 : 0), weight: 0.25 };
    expect(agglomerate(items, line, {}, same)).toEqual([0, 0, 1]);
    const apart = { between: (i: number, j: number) => (i + j === 1 ? -1 : 0), weight: 0.25 };
    expect(agglomerate(points(0, 0.9), line, {}, apart)).toEqual([0, 1]);
  });
});

describe('bicRatio', () => {
  // A deterministic pseudo-random source, so the test cannot flake.
  let seed = 7;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const gaussian = () => Math.sqrt(-2 * Math.log(random())) * Math.cos(2 * Math.PI * random());
  const sample = (n: number, mean: number[]) => {
    const stats = emptyStats(mean.length);
    for (let i = 0; i < n; i++)
      addFrame(
        stats,
        mean.map((m) => m + gaussian()),
      );
    return stats;
  };

  it('is small for two samples of one Gaussian and large for two Gaussians, symmetric', () => {
    const a = sample(400, [0, 0, 0]);
    const b = sample(400, [0, 0, 0]);
    const c = sample(400, [2, 0, -1]);
    expect(bicRatio(a, b)).toBeLessThan(1);
    expect(bicRatio(a, c)).toBeGreaterThan(5);
    expect(bicRatio(a, c)).toBeCloseTo(bicRatio(c, a), 9);
  });

  it('scores frames higher under their own Gaussian', () => {
    const a = sample(300, [0, 0]);
    const c = sample(300, [3, 3]);
    const probe = sample(50, [0, 0]);
    expect(meanLogLikelihood(probe, a)).toBeGreaterThan(meanLogLikelihood(probe, c));
  });
});

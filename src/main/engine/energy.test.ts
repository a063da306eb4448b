import { describe, expect, it } from 'vitest';
import { quietestPoint, splitLongSegments } from './energy';
import { padSegments, planChunks, stitchAtBoundaries } from './segments';

/** 1 kHz tone at 16 kHz with silent stretches at the given [startSec, endSec) ranges. */
function toneWithGaps(seconds: number, gaps: [number, number][]): Float32Array {
  const out = new Float32Array(seconds * 16000);
  for (let i = 0; i < out.length; i++) {
    const t = i / 16000;
    out[i] = gaps.some(([a, b]) => t >= a && t < b) ? 0 : 0.5 * Math.sin(2 * Math.PI * 1000 * t);
  }
  return out;
}

describe('quietestPoint', () => {
  it('finds the silent stretch inside the range', () => {
    const samples = toneWithGaps(10, [[6, 6.3]]);
    const point = quietestPoint(samples, 4 * 16000, 9 * 16000) / 16000;
    expect(point).toBeGreaterThanOrEqual(6);
    expect(point).toBeLessThanOrEqual(6.3);
  });

  it('returns the middle of a range too short to judge, clamped to the audio', () => {
    const samples = toneWithGaps(1, []);
    expect(quietestPoint(samples, 100, 300)).toBe(200);
    expect(quietestPoint(samples, 15000, 99999)).toBe(15500);
  });
});

describe('splitLongSegments', () => {
  it('cuts long segments at quiet points into pieces no longer than the cap', () => {
    const samples = toneWithGaps(50, [
      [12, 12.2],
      [31, 31.2],
    ]);
    const pieces = splitLongSegments(samples, [[0, 50 * 16000]], 20 * 16000);
    expect(pieces.length).toBe(3);
    for (const [a, b] of pieces) expect(b - a).toBeLessThanOrEqual(20 * 16000);
    expect(pieces[0]![1] / 16000).toBeCloseTo(12.1, 0);
    expect(pieces[1]![1] / 16000).toBeCloseTo(31.1, 0);
    expect(pieces[2]![1]).toBe(50 * 16000);
  });

  it('leaves short segments alone', () => {
    expect(splitLongSegments(new Float32Array(16000), [[10, 500]], 16000)).toEqual([[10, 500]]);
  });
});

describe('segment planning', () => {
  it('plans VAD chunks that cover the audio, cut at quiet points', () => {
    const samples = toneWithGaps(25, [[10.5, 10.8]]);
    const chunks = planChunks(samples, 10);
    expect(chunks[0]![0]).toBe(0);
    expect(chunks[chunks.length - 1]![1]).toBe(samples.length);
    for (let i = 1; i < chunks.length; i++) expect(chunks[i]![0]).toBe(chunks[i - 1]![1]);
    expect(chunks[0]![1] / 16000).toBeGreaterThanOrEqual(10.5);
    expect(chunks[0]![1] / 16000).toBeLessThanOrEqual(10.8);
    expect(planChunks(new Float32Array(0), 10)).toEqual([]);
  });

  it('stitches segments cut by a chunk boundary unless that makes them too long', () => {
    const stitched = stitchAtBoundaries(
      [
        [1, 2],
        [5, 10],
        [10.1, 12],
        [20, 30],
      ],
      [10, 30],
      20,
    );
    expect(stitched).toEqual([
      [1, 2],
      [5, 12],
      [20, 30],
    ]);
    expect(
      stitchAtBoundaries(
        [
          [0, 10],
          [10, 25],
        ],
        [10],
        20,
      ),
    ).toEqual([
      [0, 10],
      [10, 25],
    ]);
  });

  it('pads segments without crossing the audio edges or meeting neighbours', () => {
    const padded = padSegments(
      [
        [0.1, 1],
        [1.2, 2],
        [3, 3.9],
      ],
      4,
      0.2,
    );
    const expected = [0, 1.1, 1.1, 2.2, 2.8, 4];
    padded.flat().forEach((value, i) => expect(value).toBeCloseTo(expected[i]!, 9));
  });
});

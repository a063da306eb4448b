import { describe, expect, it } from 'vitest';
import { AudioRing } from './audio-ring';

const ramp = (from: number, n: number): Float32Array => Float32Array.from({ length: n }, (_, i) => from + i);

describe('AudioRing', () => {
  it('reads back recent samples by absolute index, across the wrap', () => {
    const ring = new AudioRing(8);
    ring.write(ramp(0, 5));
    ring.write(ramp(5, 6)); // 11 written, 8 held
    expect(ring.end).toBe(11);
    expect(ring.start).toBe(3);
    expect([...ring.read(3, 11)]).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
    expect([...ring.read(6, 9)]).toEqual([6, 7, 8]);
    expect(ring.read(5, 5)).toHaveLength(0);
  });

  it('keeps only the tail of a write longer than itself', () => {
    const ring = new AudioRing(4);
    ring.write(ramp(0, 10));
    expect(ring.end).toBe(10);
    expect([...ring.read(6, 10)]).toEqual([6, 7, 8, 9]);
  });

  it('refuses ranges it does not hold', () => {
    const ring = new AudioRing(4);
    ring.write(ramp(0, 10));
    expect(() => ring.read(5, 10)).toThrow(RangeError);
    expect(() => ring.read(8, 11)).toThrow(RangeError);
    expect(() => ring.read(9, 8)).toThrow(RangeError);
  });

  it('stores what is not a number as silence', () => {
    const ring = new AudioRing(4);
    ring.write(new Float32Array([NaN, Infinity, -Infinity, 0.5]));
    expect([...ring.read(0, 4)]).toEqual([0, 0, 0, 0.5]);
  });
});

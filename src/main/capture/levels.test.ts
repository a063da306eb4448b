import { describe, expect, it } from 'vitest';
import { LevelMeter, MIN_DBFS, toDbfs } from './levels';

/** s16le of `seconds` of a sine at `amplitude` (0..1), interleaved over `channels`. */
function sine(amplitude: number, seconds: number, rate = 16000, channels = 1, hz = 440): Buffer {
  const frames = Math.round(seconds * rate);
  const out = Buffer.alloc(frames * channels * 2);
  for (let i = 0; i < frames; i++) {
    const v = Math.round(amplitude * 32767 * Math.sin((2 * Math.PI * hz * i) / rate));
    for (let c = 0; c < channels; c++) out.writeInt16LE(v, (i * channels + c) * 2);
  }
  return out;
}

describe('toDbfs', () => {
  it('maps full scale to 0, halves to -6 dB, silence to the floor', () => {
    expect(toDbfs(1)).toBe(0);
    expect(toDbfs(0.5)).toBe(-6);
    expect(toDbfs(0.1)).toBe(-20);
    expect(toDbfs(0)).toBe(MIN_DBFS);
    expect(toDbfs(1e-9)).toBe(MIN_DBFS);
    expect(toDbfs(Number.NaN)).toBe(MIN_DBFS);
  });
});

describe('LevelMeter', () => {
  it('gives one level per 50 ms of audio with the sine’s RMS and peak', () => {
    const meter = new LevelMeter(16000, 1);
    const levels = meter.push(sine(0.5, 1));
    expect(levels).toHaveLength(20);
    expect(levels.at(-1)!.time).toBeCloseTo(1, 6);
    for (const level of levels) {
      // A sine's RMS is its amplitude over √2: 0.354, -9 dBFS; its peak 0.5, -6 dBFS.
      expect(level.rms).toBeCloseTo(0.5 / Math.SQRT2, 2);
      expect(level.rmsDb).toBeCloseTo(-9, 0);
      expect(level.peak).toBeCloseTo(0.5, 2);
      expect(level.peakDb).toBeCloseTo(-6, 0);
    }
  });

  it('gives the same levels whatever the chunking, samples split across chunks included', () => {
    const audio = Buffer.concat([sine(0.2, 0.3), sine(0.8, 0.3, 16000, 1, 1000), Buffer.alloc(3200)]);
    const whole = new LevelMeter(16000, 1).push(audio);
    const meter = new LevelMeter(16000, 1);
    const pieces = [];
    // Odd sizes: most chunk boundaries fall inside a sample.
    for (let at = 0, size = 1; at < audio.length; at += size, size = (size * 7 + 3) % 997 || 1) {
      pieces.push(...meter.push(audio.subarray(at, at + size)));
    }
    expect(pieces).toEqual(whole);
    expect(whole.at(-1)!.rmsDb).toBe(MIN_DBFS);
    expect(whole[0]!.rmsDb).toBeLessThan(whole[7]!.rmsDb);
  });

  it('windows by frames, so stereo at 48 kHz still gives 20 levels a second', () => {
    const levels = new LevelMeter(48000, 2).push(sine(0.25, 0.5, 48000, 2));
    expect(levels).toHaveLength(10);
    expect(levels.at(-1)!.time).toBeCloseTo(0.5, 6);
    expect(levels[3]!.peakDb).toBeCloseTo(-12, 0);
  });

  it('reports full-scale clipping as 0 dBFS', () => {
    const clipped = Buffer.alloc(1600);
    for (let i = 0; i < 800; i++) clipped.writeInt16LE(i % 2 ? 32767 : -32768, i * 2);
    const [level] = new LevelMeter(16000, 1).push(clipped);
    expect(level!.peakDb).toBe(0);
    expect(level!.rmsDb).toBe(0);
  });
});

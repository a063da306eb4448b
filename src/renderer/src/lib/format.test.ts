import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatClock,
  formatDuration,
  formatPercent,
  formatTimestamp,
  localDayBoundary,
  meterFraction,
} from './format';

describe('display formats', () => {
  it('formats clocks, durations, timestamps and percentages', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(83.9)).toBe('1:23');
    expect(formatClock(3725)).toBe('1:02:05');
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(4.25)).toBe('4.3 s');
    expect(formatDuration(42)).toBe('42 s');
    expect(formatDuration(185)).toBe('3 min 05 s');
    expect(formatDuration(3720)).toBe('1 h 02 min');
    expect(formatTimestamp(62.34)).toBe('01:02.3');
    expect(formatTimestamp(5)).toBe('00:05.0');
    expect(formatPercent(0.734)).toBe('73 %');
    expect(formatPercent(2)).toBe('100 %');
  });

  it('formats sizes in decimal units', () => {
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1_500_000)).toBe('1.5 MB');
    expect(formatBytes(320_000_000)).toBe('320 MB');
    expect(formatBytes(null)).toBe('—');
  });

  it('turns a local day into the instants bounding it', () => {
    const start = new Date(localDayBoundary('2024-03-10', 'start')!);
    const end = new Date(localDayBoundary('2024-03-10', 'end')!);
    expect([start.getFullYear(), start.getMonth(), start.getDate(), start.getHours()]).toEqual([
      2024, 2, 10, 0,
    ]);
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours()]).toEqual([2024, 2, 11, 0]);
    expect(localDayBoundary('10/03/2024', 'start')).toBeUndefined();
  });

  it('maps linear levels onto a -60..0 dBFS meter', () => {
    expect(meterFraction(0)).toBe(0);
    expect(meterFraction(1)).toBe(1);
    expect(meterFraction(0.001)).toBeCloseTo(0, 5);
    expect(meterFraction(0.0316)).toBeCloseTo(0.5, 2);
  });
});

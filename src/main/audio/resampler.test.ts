import { describe, expect, it } from 'vitest';
import { chunks, concatFloat, dB, rms, sine, toneAmplitude } from './live-test-signals';
import { StreamResampler } from './resampler';

const RATES = [8000, 32000, 44100, 48000];

function resampleAll(input: Float32Array, from: number, sizes?: number[]): Float32Array {
  const resampler = new StreamResampler(from, 16000);
  const parts = sizes ? chunks(new Uint8Array(input.length), sizes) : [input];
  let at = 0;
  const out = parts.map((part) => {
    const chunk = input.subarray(at, at + part.length);
    at += part.length;
    return resampler.process(chunk);
  });
  return concatFloat([...out, resampler.flush()]);
}

/** The part of a 1 s signal away from its edges, where the filter sees only the signal. */
const interior = (x: Float32Array): Float32Array => x.subarray(400, x.length - 400);

describe('StreamResampler', () => {
  it.each(RATES)('turns 1 s at %i Hz into 16000 samples, and 2.5 s into 40000', (rate) => {
    expect(resampleAll(sine(440, rate, rate), rate)).toHaveLength(16000);
    expect(resampleAll(sine(440, rate, rate * 2.5), rate)).toHaveLength(40000);
  });

  it.each(RATES)('keeps a 1 kHz sine at %i Hz in frequency, amplitude and time', (rate) => {
    const out = resampleAll(sine(1000, rate, rate), rate);
    // Same instants as the input: the filter is centred on each output sample, so there is no delay.
    const ideal = sine(1000, 16000, 16000);
    const error = interior(out).map((v, i) => Math.abs(v - ideal[i + 400]!));
    expect(Math.max(...error)).toBeLessThan(2e-3);
    expect(toneAmplitude(interior(out), 1000, 16000)).toBeCloseTo(0.5, 3);
  });

  it.each([32000, 44100, 48000])('passes 7 kHz at %i Hz and strongly attenuates 10 kHz', (rate) => {
    const pass = resampleAll(sine(7000, rate, rate), rate);
    expect(Math.abs(dB(toneAmplitude(interior(pass), 7000, 16000) / 0.5))).toBeLessThan(0.2);
    // 10 kHz cannot exist at 16 kHz; without the low-pass it would fold back to 6 kHz at full strength.
    const stop = resampleAll(sine(10000, rate, rate), rate);
    expect(dB(rms(interior(stop)) / (0.5 / Math.SQRT2))).toBeLessThan(-55);
  });

  it('upsamples 8 kHz without images above the old Nyquist frequency', () => {
    const out = resampleAll(sine(3000, 8000, 8000), 8000);
    expect(toneAmplitude(interior(out), 3000, 16000)).toBeCloseTo(0.5, 2);
    // The image of 3 kHz mirrored at 4 kHz.
    expect(dB(toneAmplitude(interior(out), 5000, 16000) / 0.5)).toBeLessThan(-55);
  });

  it.each(RATES)('gives the same samples at %i Hz whatever the chunking', (rate) => {
    // Speech-like content: several tones and a burst of noise.
    const input = sine(440, rate, rate).map(
      (v, i) => v + 0.3 * Math.sin(i * 0.37) + (i % 997 < 50 ? 0.2 : 0),
    );
    const oneShot = resampleAll(input, rate);
    for (const sizes of [[1], [7, 480, 13], [4410, 1], [rate / 10]]) {
      const chunked = resampleAll(input, rate, sizes);
      expect(chunked).toHaveLength(oneShot.length);
      expect(Math.max(...chunked.map((v, i) => Math.abs(v - oneShot[i]!)))).toBeLessThan(1e-6);
    }
  });

  it('keeps a constant signal constant and silence silent', () => {
    const out = resampleAll(new Float32Array(44100).fill(0.25), 44100);
    for (const v of interior(out)) expect(v).toBeCloseTo(0.25, 5);
    expect(resampleAll(new Float32Array(48000), 48000).every((v) => v === 0)).toBe(true);
  });

  it('emits output as input arrives, holding back only its short look-ahead', () => {
    const resampler = new StreamResampler(48000, 16000);
    let emitted = 0;
    for (let i = 1; i <= 10; i++) {
      emitted += resampler.process(sine(440, 48000, 4800)).length;
      // Less than 2 ms held at any time.
      expect(i * 1600 - emitted).toBeLessThan(32);
    }
    expect(emitted + resampler.flush().length).toBe(16000);
  });

  it('starts over after flush', () => {
    const resampler = new StreamResampler(48000, 16000);
    const input = sine(1000, 48000, 4800);
    const first = concatFloat([resampler.process(input), resampler.flush()]);
    const second = concatFloat([resampler.process(input), resampler.flush()]);
    expect(second).toEqual(first);
    expect(resampler.flush()).toHaveLength(0);
  });

  it('copies 16 kHz input through unchanged', () => {
    const resampler = new StreamResampler(16000, 16000);
    const input = sine(1000, 16000, 1600);
    const out = resampler.process(input);
    expect(out).toEqual(input);
    expect(out).not.toBe(input);
    expect(resampler.flush()).toHaveLength(0);
  });

  it('rejects rates it cannot handle', () => {
    for (const rate of [0, -8000, 7999.5, NaN, 500, 1_000_000]) {
      expect(() => new StreamResampler(rate, 16000)).toThrow(RangeError);
    }
    // 16001 / 16000 would need 16000 filter phases.
    expect(() => new StreamResampler(16001, 16000)).toThrow(/cannot resample/);
  });
});

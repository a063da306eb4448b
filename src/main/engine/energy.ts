// Where to cut audio that has to be cut: the quietest stretch is most likely a pause between words.

const FRAME = 320; // 20 ms at 16 kHz
const SMOOTH = 5; // frames averaged, so a stop consonant inside a word does not pass for a pause

/**
 * Sample index in [from, to) at the centre of the quietest ~100 ms, by mean squared amplitude.
 * Cost is O(to - from); callers keep the range to a few seconds.
 */
export function quietestPoint(samples: Float32Array, from: number, to: number): number {
  const lo = Math.max(0, Math.floor(from));
  const hi = Math.min(samples.length, Math.floor(to));
  const frames = Math.floor((hi - lo) / FRAME);
  if (frames <= SMOOTH) return Math.floor((lo + hi) / 2);
  const energy = new Float64Array(frames);
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    const base = lo + f * FRAME;
    for (let i = base; i < base + FRAME; i++) sum += samples[i]! * samples[i]!;
    energy[f] = sum;
  }
  let window = 0;
  for (let f = 0; f < SMOOTH; f++) window += energy[f]!;
  let best = window;
  let bestFrame = 0;
  for (let f = SMOOTH; f < frames; f++) {
    window += energy[f]! - energy[f - SMOOTH]!;
    if (window < best) {
      best = window;
      bestFrame = f - SMOOTH + 1;
    }
  }
  return lo + (bestFrame + SMOOTH / 2) * FRAME;
}

/**
 * Splits every [start, end) (sample indices) longer than `maxLength` at quiet points, so each piece is at most
 * `maxLength` and, except the last, at least half of it.
 */
export function splitLongSegments(
  samples: Float32Array,
  segments: [number, number][],
  maxLength: number,
): [number, number][] {
  const out: [number, number][] = [];
  for (const [start, end] of segments) {
    let cursor = start;
    while (end - cursor > maxLength) {
      const cut = quietestPoint(samples, cursor + maxLength / 2, cursor + maxLength);
      out.push([cursor, cut]);
      cursor = cut;
    }
    out.push([cursor, end]);
  }
  return out;
}

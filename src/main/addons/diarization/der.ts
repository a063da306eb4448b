import { munkres } from 'munkres';

// Diarization error rate, for tests and benchmarks (munkres is a dev dependency: keep this out of the product).
// As in NIST md-eval: time within `collar` seconds of a reference boundary is not scored, overlapping speech
// is scored, and hypothesis speakers are mapped one-to-one onto reference speakers so as to maximise the time
// they agree on. Scored on a 10 ms grid.

export interface Turn {
  start: number;
  end: number;
  speaker: number | string;
}

export interface DerResult {
  der: number;
  missed: number;
  falseAlarm: number;
  confusion: number;
  /** Scored reference speech, in seconds (the denominator). */
  scored: number;
  /** Hypothesis speaker → reference speaker. */
  mapping: Map<string, string>;
}

const STEP = 0.01;

function activeAt(turns: Turn[], speakers: string[], t: number): boolean[] {
  const out = speakers.map(() => false);
  for (const turn of turns)
    if (turn.start <= t && t < turn.end) out[speakers.indexOf(String(turn.speaker))] = true;
  return out;
}

export function diarizationErrorRate(reference: Turn[], hypothesis: Turn[], collar = 0.25): DerResult {
  const refSpeakers = [...new Set(reference.map((t) => String(t.speaker)))];
  const hypSpeakers = [...new Set(hypothesis.map((t) => String(t.speaker)))];
  const end = Math.max(0, ...reference.map((t) => t.end), ...hypothesis.map((t) => t.end));
  const boundaries = reference.flatMap((t) => [t.start, t.end]);
  const frames: { ref: boolean[]; hyp: boolean[] }[] = [];
  for (let t = STEP / 2; t < end; t += STEP) {
    if (boundaries.some((b) => Math.abs(b - t) < collar)) continue;
    frames.push({ ref: activeAt(reference, refSpeakers, t), hyp: activeAt(hypothesis, hypSpeakers, t) });
  }

  // Agreement of every (hypothesis, reference) pair, then the mapping that maximises the total.
  const agree = hypSpeakers.map(() => refSpeakers.map(() => 0));
  for (const { ref, hyp } of frames) {
    hyp.forEach((h, i) => ref.forEach((r, j) => (agree[i]![j]! += h && r ? 1 : 0)));
  }
  const mapping = new Map<string, string>();
  const mapped = new Map<number, number>();
  if (hypSpeakers.length && refSpeakers.length) {
    for (const [i, j] of munkres(agree.map((row) => row.map((v) => -v)))) {
      mapping.set(hypSpeakers[i]!, refSpeakers[j]!);
      mapped.set(i, j);
    }
  }

  let missed = 0;
  let falseAlarm = 0;
  let confusion = 0;
  let scored = 0;
  for (const { ref, hyp } of frames) {
    const nRef = ref.filter(Boolean).length;
    const nHyp = hyp.filter(Boolean).length;
    let correct = 0;
    hyp.forEach((h, i) => {
      const j = mapped.get(i);
      if (h && j !== undefined && ref[j]) correct++;
    });
    scored += nRef;
    missed += Math.max(0, nRef - nHyp);
    falseAlarm += Math.max(0, nHyp - nRef);
    confusion += Math.min(nRef, nHyp) - correct;
  }
  const seconds = (frames: number): number => frames * STEP;
  return {
    der: scored ? (missed + falseAlarm + confusion) / scored : 0,
    missed: seconds(missed),
    falseAlarm: seconds(falseAlarm),
    confusion: seconds(confusion),
    scored: seconds(scored),
    mapping,
  };
}

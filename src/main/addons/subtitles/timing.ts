import type { CaptionRules } from './options';

/** A caption while it is being timed: whole milliseconds, start from the first word, end from the last. */
export interface TimedCaption {
  start: number;
  end: number;
  lines: string[];
  channel: number;
  speaker?: number;
  /** Creation order, to keep sorting stable. */
  order: number;
}

/** Overlaps up to this long are timestamp jitter or brief crosstalk; longer ones are people talking at once. */
const MAX_TRIMMED_OVERLAP_MS = 500;

/**
 * Sets each caption's end against the caption after it (sorted by start). Starts never move, so the text
 * never shows before it is said:
 * - a caption ending too close to (or slightly over) the next one ends `minGapMs` before it, unless that
 *   would cut away most of it — then the overlap is real simultaneous speech and both stay as spoken;
 * - a caption shorter than `minDurationMs` is extended, up to `minGapMs` before the next one;
 * - a gap shorter than `closeGapMs` is closed down to `minGapMs` (within `maxDurationMs`), so the captions
 *   do not blink off and on;
 * - every caption lasts at least 1 ms, so end > start in the output.
 */
export function settleTimings(captions: TimedCaption[], rules: CaptionRules): TimedCaption[] {
  return captions.map((caption, index) => {
    const next = captions[index + 1];
    const { start } = caption;
    let end = caption.end;
    const floor = start + rules.minDurationMs;
    if (!next) return { ...caption, end: Math.max(end, floor, start + 1) };

    const limit = next.start - rules.minGapMs;
    if (end > limit) {
      const overlap = end - next.start;
      const keepsMost = limit - start >= (end - start) / 2;
      if (overlap <= 0 || (overlap <= MAX_TRIMMED_OVERLAP_MS && keepsMost)) end = limit;
    } else {
      let target = Math.max(end, floor);
      if (next.start - end < rules.closeGapMs && limit - start <= rules.maxDurationMs)
        target = Math.max(target, limit);
      end = Math.min(target, limit);
    }
    return { ...caption, end: Math.max(end, start + 1) };
  });
}

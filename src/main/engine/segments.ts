import { quietestPoint } from './energy';
import { SAMPLE_RATE } from './protocol';

// Main-thread planning around the VAD: long channels are cut into chunks that workers scan in parallel, and the
// speech segments found are stitched and padded before recognition. All of it is cheap (a few seconds of audio
// looked at per chunk boundary), so it does not need a worker.

export type Span = [number, number];

/**
 * Sample ranges of about `chunkSec` covering [0, length). Each cut sits at the quietest point within two
 * seconds of the nominal boundary, so it rarely falls inside a word.
 */
export function planChunks(samples: Float32Array, chunkSec: number): Span[] {
  const nominal = Math.max(1, Math.round(chunkSec * SAMPLE_RATE));
  const search = 2 * SAMPLE_RATE;
  const chunks: Span[] = [];
  let start = 0;
  while (samples.length - start > nominal + search) {
    const cut = quietestPoint(samples, start + nominal - search, start + nominal + search);
    chunks.push([start, cut]);
    start = cut;
  }
  if (samples.length > start) chunks.push([start, samples.length]);
  return chunks;
}

/**
 * Joins a segment cut by a chunk boundary with its continuation in the next chunk, unless the result would
 * exceed `maxSec`. Segments are [startSec, endSec], sorted.
 */
export function stitchAtBoundaries(segments: Span[], boundariesSec: number[], maxSec: number): Span[] {
  const tolerance = 0.3;
  const out: Span[] = [];
  for (const segment of segments) {
    const last = out[out.length - 1];
    const boundary = last && boundariesSec.find((b) => Math.abs(last[1] - b) <= tolerance);
    if (
      last &&
      boundary !== undefined &&
      segment[0] - boundary <= tolerance &&
      segment[0] >= last[1] - tolerance &&
      segment[1] - last[0] <= maxSec
    ) {
      last[1] = segment[1];
    } else {
      out.push([segment[0], segment[1]]);
    }
  }
  return out;
}

/**
 * Widens each segment by `padSec` on both sides (VAD edges clip soft word onsets and endings), never past the
 * audio or more than halfway into the gap to a neighbour.
 */
export function padSegments(segments: Span[], durationSec: number, padSec: number): Span[] {
  return segments.map(([start, end], i) => {
    const previousEnd = i > 0 ? segments[i - 1]![1] : 0;
    const nextStart = i + 1 < segments.length ? segments[i + 1]![0] : durationSec;
    const before = Math.min(padSec, i > 0 ? Math.max(0, (start - previousEnd) / 2) : start);
    const after = Math.min(
      padSec,
      i + 1 < segments.length ? Math.max(0, (nextStart - end) / 2) : durationSec - end,
    );
    return [Math.max(0, start - before), Math.min(durationSec, end + Math.max(0, after))];
  });
}

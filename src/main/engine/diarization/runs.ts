import { LOCAL_SPEAKERS } from './segmentation';
import type { Chains } from './stitch';

// The units of clustering: runs, stretches where one chain speaks alone, broken by a pause or by another
// speaker. A chain is not a unit by itself: the segmentation model sometimes gives two similar voices the same
// local speaker across several windows, and the voice model must be able to pull them apart.

export interface Run {
  chain: number;
  /** First and last global frame where the chain speaks alone. */
  first: number;
  last: number;
  /** Frames spoken alone inside the run. */
  frames: number;
}

/** A pause longer than this (about 0.3 s) ends a run. */
const MAX_PAUSE_FRAMES = 18;

export function findRuns(solo: Int32Array): Run[] {
  const runs: Run[] = [];
  let g = 0;
  while (g < solo.length) {
    const chain = solo[g]!;
    if (chain < 0) {
      g++;
      continue;
    }
    const run: Run = { chain, first: g, last: g, frames: 0 };
    while (g < solo.length && (solo[g] === chain || (solo[g]! < 0 && g - run.last <= MAX_PAUSE_FRAMES))) {
      if (solo[g] === chain) {
        run.last = g;
        run.frames++;
      }
      g++;
    }
    runs.push(run);
    g = run.last + 1;
  }
  return runs;
}

/** Run index of each global frame spoken alone, -1 elsewhere. */
export function runOfFrames(runs: Run[], solo: Int32Array): Int32Array {
  const out = new Int32Array(solo.length).fill(-1);
  runs.forEach((run, r) => {
    for (let g = run.first; g <= run.last; g++) if (solo[g] === run.chain) out[g] = r;
  });
  return out;
}

/** Windows each chain speaks in. */
export function windowsOfChains(chains: Chains): Set<number>[] {
  const out = Array.from({ length: chains.count }, () => new Set<number>());
  chains.chainOf.forEach((chain, slot) => {
    if (chain >= 0) out[chain]!.add(Math.floor(slot / LOCAL_SPEAKERS));
  });
  return out;
}

/**
 * What the segmentation says about two runs: +1 for one chain (one local speaker wherever they met), -1 for
 * chains heard side by side as different local speakers of a window, 0 when no window holds both.
 */
export function runEvidence(runs: Run[], chainWindows: Set<number>[]): (i: number, j: number) => number {
  const meet = new Map<number, boolean>();
  return (i, j) => {
    const a = runs[i]!.chain;
    const b = runs[j]!.chain;
    if (a === b) return 1;
    const key = Math.min(a, b) * chainWindows.length + Math.max(a, b);
    let together = meet.get(key);
    if (together === undefined) {
      together = [...chainWindows[a]!].some((w) => chainWindows[b]!.has(w));
      meet.set(key, together);
    }
    return together ? -1 : 0;
  };
}

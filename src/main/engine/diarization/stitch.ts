import { FRAMES_PER_WINDOW, LOCAL_SPEAKERS } from './segmentation';

// Overlapping windows each number their speakers 0..2 in their own way. Where two windows overlap, a local
// speaker of one and a local speaker of the other that are active on the same frames are the same person, so
// the windows are stitched into chains of local speakers (the stitching of Bredin & Laurent, "End-to-end
// speaker segmentation for overlap-aware resegmentation", 2021). A chain ends where a speaker stays silent for
// about a window; chains are then clustered by voice.

export interface Windows {
  /** Frames between the starts of consecutive windows (window w starts at global frame w·step). */
  step: number;
  /** masks[w][f]: active local speakers (bit k = speaker k) at frame f of window w. */
  masks: Uint8Array[];
  /** Global frames that hold audio; frames past it are padding of the last window. */
  totalFrames: number;
}

export interface Chains {
  /** chainOf[w·3 + k]: the chain of local speaker k of window w, or -1 when that speaker never speaks. */
  chainOf: Int32Array;
  count: number;
}

/** Both windows must agree on at least this share of the frames either of them gives the speaker. */
const MIN_AGREEMENT = 0.5;
/** ...and on at least this many frames (about 0.1 s). */
const MIN_SHARED_FRAMES = 6;

const active = (mask: number, k: number): boolean => (mask & (1 << k)) !== 0;

/** Windows w..w' covering global frame g. */
export function coveringWindows(windows: Windows, frame: number): [number, number] {
  const first = Math.max(0, Math.ceil((frame - FRAMES_PER_WINDOW + 1) / windows.step));
  const last = Math.min(windows.masks.length - 1, Math.floor(frame / windows.step));
  return [first, last];
}

interface Link {
  a: number;
  b: number;
  score: number;
}

/** The best one-to-one matching of the local speakers of two windows over the frames they share. */
function matchPair(windows: Windows, w: number, v: number): Link[] {
  const offset = (v - w) * windows.step;
  const shared = Math.min(FRAMES_PER_WINDOW, windows.totalFrames - w * windows.step) - offset;
  if (shared <= 0) return [];
  const inter = Array.from({ length: LOCAL_SPEAKERS }, () => new Array<number>(LOCAL_SPEAKERS).fill(0));
  const countW = new Array<number>(LOCAL_SPEAKERS).fill(0);
  const countV = new Array<number>(LOCAL_SPEAKERS).fill(0);
  const mw = windows.masks[w]!;
  const mv = windows.masks[v]!;
  for (let f = 0; f < shared; f++) {
    const x = mw[offset + f]!;
    const y = mv[f]!;
    for (let a = 0; a < LOCAL_SPEAKERS; a++) {
      if (active(x, a)) countW[a]!++;
      if (active(y, a)) countV[a]!++;
      if (!active(x, a)) continue;
      for (let b = 0; b < LOCAL_SPEAKERS; b++) if (active(y, b)) inter[a]![b]!++;
    }
  }
  // Three speakers a side: trying the six permutations is the Hungarian algorithm's answer at this size.
  let best: Link[] = [];
  let bestTotal = -1;
  for (const perm of [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
  ]) {
    let total = 0;
    const links: Link[] = [];
    for (let a = 0; a < LOCAL_SPEAKERS; a++) {
      const b = perm[a]!;
      const both = inter[a]![b]!;
      total += both;
      const union = countW[a]! + countV[b]! - both;
      if (both >= MIN_SHARED_FRAMES && both / union >= MIN_AGREEMENT) {
        links.push({ a: w * LOCAL_SPEAKERS + a, b: v * LOCAL_SPEAKERS + b, score: both / union });
      }
    }
    if (total > bestTotal) {
      bestTotal = total;
      best = links;
    }
  }
  return best;
}

/** Chains local speakers across overlapping windows; two speakers of one window never share a chain. */
export function stitchWindows(windows: Windows): Chains {
  const n = windows.masks.length * LOCAL_SPEAKERS;
  const speaks = new Uint8Array(n);
  windows.masks.forEach((mask, w) => {
    for (const m of mask)
      for (let k = 0; k < LOCAL_SPEAKERS; k++) if (active(m, k)) speaks[w * LOCAL_SPEAKERS + k] = 1;
  });

  const links: Link[] = [];
  const reach = Math.ceil(FRAMES_PER_WINDOW / windows.step);
  for (let w = 0; w < windows.masks.length; w++) {
    for (let v = w + 1; v < Math.min(windows.masks.length, w + reach); v++)
      links.push(...matchPair(windows, w, v));
  }
  links.sort((x, y) => y.score - x.score);

  // Union-find whose sets remember the local speaker they hold in each window, to refuse a merge that would
  // put two speakers of one window together.
  const parent = Int32Array.from({ length: n }, (_, i) => i);
  const members = new Map<number, Map<number, number>>();
  for (let i = 0; i < n; i++) if (speaks[i]) members.set(i, new Map([[Math.floor(i / LOCAL_SPEAKERS), i]]));
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  for (const { a, b } of links) {
    let ra = find(a);
    let rb = find(b);
    if (ra === rb) continue;
    let ma = members.get(ra)!;
    let mb = members.get(rb)!;
    if (ma.size < mb.size) [ra, rb, ma, mb] = [rb, ra, mb, ma];
    if ([...mb.keys()].some((window) => ma.has(window))) continue;
    for (const [window, local] of mb) ma.set(window, local);
    members.delete(rb);
    parent[rb] = ra;
  }

  const chainOf = new Int32Array(n).fill(-1);
  const ids = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    if (!speaks[i]) continue;
    const root = find(i);
    if (!ids.has(root)) ids.set(root, ids.size);
    chainOf[i] = ids.get(root)!;
  }
  return { chainOf, count: ids.size };
}

/**
 * For each global frame, the chain that speaks there alone (at least half of the windows covering the frame
 * hear it, and they hear nobody else that often), or -1. These frames are the ones fit to describe a voice.
 */
export function soloFrames(windows: Windows, chains: Chains): Int32Array {
  const out = new Int32Array(windows.totalFrames).fill(-1);
  const votes = new Map<number, number>();
  for (let g = 0; g < windows.totalFrames; g++) {
    const [first, last] = coveringWindows(windows, g);
    votes.clear();
    for (let w = first; w <= last; w++) {
      const mask = windows.masks[w]![g - w * windows.step]!;
      for (let k = 0; k < LOCAL_SPEAKERS; k++) {
        if (!active(mask, k)) continue;
        const chain = chains.chainOf[w * LOCAL_SPEAKERS + k]!;
        votes.set(chain, (votes.get(chain) ?? 0) + 1);
      }
    }
    const half = (last - first + 1) / 2;
    const heard = [...votes].filter(([, count]) => count >= half);
    if (heard.length === 1) out[g] = heard[0]![0];
  }
  return out;
}

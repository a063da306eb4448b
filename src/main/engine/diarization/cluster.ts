// Agglomerative clustering of stretches of speech into speakers. The voice model decides; what the
// segmentation windows say about two stretches (same local speaker, or two different ones side by side) moves
// their distance a little, and the API's speaker-count bounds decide when to stop.

export interface SpeakerBounds {
  /** Exact number of speakers (number_of_speakers); overrides min and max. */
  exact?: number;
  min?: number;
  max?: number;
}

/** How to compare and combine clusters; `distance` below `threshold` means "one speaker". */
export interface VoiceModel<S> {
  distance(a: S, b: S): number;
  merge(a: S, b: S): S;
  threshold: number;
}

export interface Evidence {
  /** +1: the segmentation heard one speaker in both items, -1: two different ones, 0: no opinion. */
  between(i: number, j: number): number;
  /** Distance moved by full agreement of the segmentation, as a share of the voice model's threshold. */
  weight: number;
}

const NO_EVIDENCE: Evidence = { between: () => 0, weight: 0 };

/**
 * Clusters `voices` (one per item) and returns the cluster of each item, numbered 0.. in item order.
 * Merges the closest pair (average segmentation evidence between their members applied) while it is closer
 * than the model's threshold, or while there are more clusters than the bounds allow; never below their minimum.
 */
export function agglomerate<S>(
  voices: S[],
  model: VoiceModel<S>,
  bounds: SpeakerBounds = {},
  evidence: Evidence = NO_EVIDENCE,
): number[] {
  const n = voices.length;
  const voice = [...voices];
  const members = voices.map((_, i) => [i]);
  const alive = new Uint8Array(n).fill(1);
  const shift = evidence.weight * model.threshold;
  // Sums of pairwise evidence between current clusters.
  const agreement = Array.from({ length: n }, (_, i) =>
    Float64Array.from({ length: n }, (_, j) => (i === j ? 0 : evidence.between(i, j))),
  );
  // The evidence between two clusters: their summed pairwise evidence per item of the smaller one, so that a
  // small cluster whose every item the segmentation tied to the big one counts as fully tied.
  const distanceOf = (i: number, j: number): number => {
    const tie = agreement[i]![j]! / Math.min(members[i]!.length, members[j]!.length);
    return model.distance(voice[i]!, voice[j]!) - shift * Math.max(-1, Math.min(1, tie));
  };
  const dist = Array.from({ length: n }, () => new Float64Array(n));
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) dist[i]![j] = dist[j]![i] = distanceOf(i, j);

  // Nearest neighbour of each live cluster, kept up to date so that a merge costs O(n), not O(n²).
  const nearest: number[] = new Array<number>(n).fill(-1);
  const nearestDist = (i: number): number => (nearest[i]! < 0 ? Infinity : dist[i]![nearest[i]!]!);
  const refresh = (i: number): void => {
    nearest[i] = -1;
    for (let j = 0; j < n; j++) {
      if (j !== i && alive[j] && dist[i]![j]! < nearestDist(i)) nearest[i] = j;
    }
  };
  for (let i = 0; i < n; i++) refresh(i);

  const target = bounds.exact && bounds.exact > 0 ? bounds.exact : undefined;
  const min = Math.max(1, target ?? bounds.min ?? 1);
  const max = target ?? (bounds.max && bounds.max > 0 ? bounds.max : Infinity);
  let clusters = n;
  while (clusters > min) {
    let i = -1;
    for (let k = 0; k < n; k++) {
      if (alive[k] && nearest[k]! >= 0 && (i < 0 || nearestDist(k) < nearestDist(i))) i = k;
    }
    if (i < 0) break;
    const j = nearest[i]!;
    if (clusters <= max && dist[i]![j]! >= model.threshold) break;
    voice[i] = model.merge(voice[i]!, voice[j]!);
    members[i]!.push(...members[j]!);
    alive[j] = 0;
    clusters--;
    for (let k = 0; k < n; k++) {
      if (k === i || !alive[k]) continue;
      agreement[i]![k] = agreement[k]![i] = agreement[i]![k]! + agreement[j]![k]!;
      dist[i]![k] = dist[k]![i] = distanceOf(i, k);
    }
    refresh(i);
    for (let k = 0; k < n; k++) {
      if (k === i || !alive[k]) continue;
      if (nearest[k] === i || nearest[k] === j) refresh(k);
      else if (dist[k]![i]! < nearestDist(k)) nearest[k] = i;
    }
  }

  // Clusters are numbered by their first item.
  const label = new Array<number>(n).fill(-1);
  let next = 0;
  const owner = new Int32Array(n);
  for (let i = 0; i < n; i++) if (alive[i]) for (const member of members[i]!) owner[member] = i;
  const numberOf = new Map<number, number>();
  for (let item = 0; item < n; item++) {
    const root = owner[item]!;
    if (!numberOf.has(root)) numberOf.set(root, next++);
    label[item] = numberOf.get(root)!;
  }
  return label;
}

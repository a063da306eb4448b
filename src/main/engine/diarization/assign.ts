import { agglomerate, type SpeakerBounds, type VoiceModel } from './cluster';
import { findRuns, runEvidence, runOfFrames, windowsOfChains, type Run } from './runs';
import { FRAME_SHIFT } from './segmentation';
import { soloFrames, stitchWindows, type Windows } from './stitch';
import { speakerTurns, type SpeakerTurn } from './turns';
import {
  mfccFit,
  mfccVoiceModel,
  mfccVoices,
  neuralFit,
  neuralVoiceModel,
  type NeuralEmbedder,
} from './voices';

// Second half of diarization, after the segmentation windows: stitch the windows into chains, cut the chains
// into runs, describe each run's voice, cluster the runs into speakers, and go back to speaker turns in time.

export interface SpeakerResult {
  turns: SpeakerTurn[];
  speakers: number;
  /** Which voice description clustered the runs. */
  voice: 'mfcc-bic' | 'embedding-model';
}

/** Runs shorter than this are too short to describe and join a speaker afterwards. */
const MIN_RUN_SEC = { mfcc: 1.0, neural: 0.5 };
/** How far the segmentation's opinion moves a distance, as a share of the voice threshold. */
const EVIDENCE_WEIGHT = 0.25;

interface Clustering<S> {
  voices: S[];
  model: VoiceModel<S>;
  fit: (short: S, cluster: S) => number;
  minFrames: number;
}

function clusterRuns<S>(
  runs: Run[],
  c: Clustering<S>,
  bounds: SpeakerBounds,
  chainWindows: Set<number>[],
): Int32Array {
  const speakerOfRun = new Int32Array(runs.length).fill(-1);
  if (runs.length === 0) return speakerOfRun;
  let long = runs.map((_, r) => r).filter((r) => runs[r]!.frames >= c.minFrames);
  if (long.length === 0) {
    // Nothing long enough to compare: the longest run seeds a single speaker.
    long = [runs.reduce((best, run, r) => (run.frames > runs[best]!.frames ? r : best), 0)];
  }
  const evidence = runEvidence(runs, chainWindows);
  const labels = agglomerate(
    long.map((r) => c.voices[r]!),
    c.model,
    bounds,
    { between: (i, j) => evidence(long[i]!, long[j]!), weight: EVIDENCE_WEIGHT },
  );
  long.forEach((r, k) => (speakerOfRun[r] = labels[k]!));
  const speakerVoices: S[] = [];
  long.forEach((r, k) => {
    const s = labels[k]!;
    speakerVoices[s] =
      speakerVoices[s] === undefined ? c.voices[r]! : c.model.merge(speakerVoices[s], c.voices[r]!);
  });

  // Short runs: the speaker of the nearest long run of the same chain (the segmentation heard one voice), else
  // the speaker whose voice fits best, else the speaker of the nearest long run.
  const gap = (a: Run, b: Run): number => Math.max(0, a.first - b.last, b.first - a.last);
  const nearest = (r: number, candidates: number[]): number =>
    candidates.reduce(
      (best, x) => (best < 0 || gap(runs[r]!, runs[x]!) < gap(runs[r]!, runs[best]!) ? x : best),
      -1,
    );
  for (let r = 0; r < runs.length; r++) {
    if (speakerOfRun[r]! >= 0) continue;
    const sameChain = nearest(
      r,
      long.filter((x) => runs[x]!.chain === runs[r]!.chain),
    );
    if (sameChain >= 0) {
      speakerOfRun[r] = speakerOfRun[sameChain]!;
      continue;
    }
    const scores = speakerVoices.map((voice) => c.fit(c.voices[r]!, voice));
    const best = scores.indexOf(Math.min(...scores));
    speakerOfRun[r] = Number.isFinite(scores[best]) ? best : speakerOfRun[nearest(r, long)]!;
  }
  return speakerOfRun;
}

/** Renumbers speakers 0.. in order of their first turn. */
function inOrderOfAppearance(turns: SpeakerTurn[]): { turns: SpeakerTurn[]; speakers: number } {
  const order = new Map<number, number>();
  for (const turn of turns) if (!order.has(turn.speaker)) order.set(turn.speaker, order.size);
  return { turns: turns.map((t) => ({ ...t, speaker: order.get(t.speaker)! })), speakers: order.size };
}

export function assignSpeakers(
  samples: Float32Array,
  windows: Windows,
  bounds: SpeakerBounds,
  embedder?: NeuralEmbedder,
  sampleRate = 16000,
): SpeakerResult {
  const chains = stitchWindows(windows);
  const solo = soloFrames(windows, chains);
  const runs = findRuns(solo);
  const owner = runOfFrames(runs, solo);
  const chainWindows = windowsOfChains(chains);
  const minFrames = (sec: number): number => Math.round((sec * sampleRate) / FRAME_SHIFT);
  const speakerOfRun = embedder
    ? clusterRuns(
        runs,
        {
          voices: embedder.voices(samples, owner, runs.length, sampleRate),
          model: neuralVoiceModel,
          fit: neuralFit,
          minFrames: minFrames(MIN_RUN_SEC.neural),
        },
        bounds,
        chainWindows,
      )
    : clusterRuns(
        runs,
        {
          voices: mfccVoices(samples, owner, runs.length),
          model: mfccVoiceModel,
          fit: mfccFit,
          minFrames: minFrames(MIN_RUN_SEC.mfcc),
        },
        bounds,
        chainWindows,
      );

  // A chain stands for the speaker of its run nearest in time to the frame asked about.
  const runsOfChain = Array.from({ length: chains.count }, () => [] as number[]);
  runs.forEach((run, r) => runsOfChain[run.chain]!.push(r));
  const speakerOf = (chain: number, g: number): number => {
    let best = -1;
    let bestGap = Infinity;
    for (const r of runsOfChain[chain] ?? []) {
      const gap = Math.max(0, runs[r]!.first - g, g - runs[r]!.last);
      if (gap < bestGap) [best, bestGap] = [speakerOfRun[r]!, gap];
    }
    return best;
  };
  const speakers = Math.max(-1, ...speakerOfRun) + 1;
  const duration = samples.length / sampleRate;
  const turns = speakerTurns(windows, chains, speakers, speakerOf, sampleRate)
    .map((t) => ({ ...t, end: Math.min(t.end, duration) }))
    .filter((t) => t.end > t.start);
  return { ...inOrderOfAppearance(turns), voice: embedder ? 'embedding-model' : 'mfcc-bic' };
}

import { FRAME_SHIFT, LOCAL_SPEAKERS, frameCentre } from './segmentation';
import { coveringWindows, type Chains, type Windows } from './stitch';

// From clustered chains back to time: at each frame, as many speakers as the windows covering it hear on
// average, chosen among the clusters by how many of those windows hear them (pyannote's reconstruction).

export interface SpeakerTurn {
  /** Seconds from the start of the channel. */
  start: number;
  end: number;
  speaker: number;
}

/** Pauses of one speaker shorter than this are bridged (about 0.1 s). */
const BRIDGE_FRAMES = 6;

function popcount(mask: number): number {
  let n = 0;
  for (let m = mask; m; m &= m - 1) n++;
  return n;
}

/**
 * Speaker turns in time order. `speakerOf(chain, frame)` is the speaker a chain stands for around a frame (a
 * chain may hold more than one voice when the segmentation confused them), -1 for none.
 */
export function speakerTurns(
  windows: Windows,
  chains: Chains,
  speakers: number,
  speakerOf: (chain: number, frame: number) => number,
  sampleRate = 16000,
): SpeakerTurn[] {
  const frames = windows.totalFrames;
  const activity = Array.from({ length: speakers }, () => new Uint8Array(frames));
  const votes = new Int32Array(speakers);
  const seen = new Int32Array(speakers).fill(-1);

  for (let g = 0; g < frames; g++) {
    const [first, last] = coveringWindows(windows, g);
    votes.fill(0);
    let localCount = 0;
    for (let w = first; w <= last; w++) {
      const mask = windows.masks[w]![g - w * windows.step]!;
      localCount += popcount(mask);
      for (let k = 0; k < LOCAL_SPEAKERS; k++) {
        if (!(mask & (1 << k))) continue;
        const cluster = speakerOf(chains.chainOf[w * LOCAL_SPEAKERS + k]!, g);
        // A window counts once per cluster even when a forced speaker count merged two of its speakers.
        if (cluster < 0 || seen[cluster] === w) continue;
        seen[cluster] = w;
        votes[cluster]!++;
      }
    }
    const count = Math.round(localCount / (last - first + 1));
    const ranked = [...votes.keys()].filter((c) => votes[c]! > 0).sort((a, b) => votes[b]! - votes[a]!);
    for (const cluster of ranked.slice(0, count)) activity[cluster]![g] = 1;
    seen.fill(-1);
  }

  const half = FRAME_SHIFT / 2;
  const turns: SpeakerTurn[] = [];
  activity.forEach((frameActive, speaker) => {
    let g = 0;
    while (g < frames) {
      if (!frameActive[g]) {
        g++;
        continue;
      }
      const startFrame = g;
      let endFrame = g;
      while (g < frames) {
        if (frameActive[g]) endFrame = g;
        else if (g - endFrame > BRIDGE_FRAMES) break;
        g++;
      }
      turns.push({
        start: Math.max(0, frameCentre(startFrame) - half) / sampleRate,
        end: (frameCentre(endFrame) + half) / sampleRate,
        speaker,
      });
    }
  });
  return turns.sort((a, b) => a.start - b.start || a.speaker - b.speaker);
}

import { FRAME_SHIFT, FRAMES_PER_WINDOW, RECEPTIVE_FIELD, type Segmenter } from './segmentation';

// Where the 10 s segmentation windows go. Their starts sit on the model's frame grid so that the frames of
// overlapping windows coincide.

/**
 * Default distance between window starts. pyannote slides by 1 s; 2.5 s keeps every moment in four windows,
 * which the stitching needs, at 40% of the cost (about 50 ms of CPU per window here).
 */
export const DEFAULT_STEP_SEC = 2.5;

export interface WindowPlan {
  /** Frames between window starts. */
  step: number;
  count: number;
  /** Frames whose centre lies inside the audio. */
  totalFrames: number;
}

export function planWindows(
  totalSamples: number,
  stepSec = DEFAULT_STEP_SEC,
  sampleRate = 16000,
): WindowPlan {
  const step = Math.max(1, Math.round((stepSec * sampleRate) / FRAME_SHIFT));
  const centre = RECEPTIVE_FIELD >> 1;
  const totalFrames = totalSamples > centre ? Math.floor((totalSamples - centre - 1) / FRAME_SHIFT) + 1 : 0;
  const count = totalFrames === 0 ? 0 : Math.max(1, Math.ceil((totalFrames - FRAMES_PER_WINDOW) / step) + 1);
  return { step, count, totalFrames };
}

/** Segmentation masks of windows [from, to) of the plan. */
export async function segmentWindows(
  segmenter: Segmenter,
  samples: Float32Array,
  plan: WindowPlan,
  from: number,
  to: number,
): Promise<Uint8Array[]> {
  const masks: Uint8Array[] = [];
  for (let w = from; w < Math.min(to, plan.count); w++) {
    masks.push(await segmenter.segment(samples, w * plan.step * FRAME_SHIFT));
  }
  return masks;
}

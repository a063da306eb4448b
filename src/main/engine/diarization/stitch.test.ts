import { describe, expect, it } from 'vitest';
import { FRAMES_PER_WINDOW } from './segmentation';
import { soloFrames, stitchWindows, type Windows } from './stitch';

/** A window whose frames [from, to) (window frames) have the given local speaker bits. */
function window(...spans: [number, number, number][]): Uint8Array {
  const mask = new Uint8Array(FRAMES_PER_WINDOW);
  for (const [from, to, bits] of spans) mask.fill(bits, from, to);
  return mask;
}

describe('stitchWindows', () => {
  const step = 200;
  // Speaker X talks over global frames 100-300, speaker Y over 400-700. The second window (starting at frame
  // 200) numbers them the other way round.
  const windows: Windows = {
    step,
    masks: [window([100, 300, 0b001], [400, 589, 0b010]), window([0, 100, 0b010], [200, 500, 0b001])],
    totalFrames: 789,
  };

  it('chains the local speakers that are active on the same frames', () => {
    const chains = stitchWindows(windows);
    expect(chains.count).toBe(2);
    // window 0 speaker 0 with window 1 speaker 1; window 0 speaker 1 with window 1 speaker 0.
    expect(chains.chainOf[0]).toBe(chains.chainOf[4]);
    expect(chains.chainOf[1]).toBe(chains.chainOf[3]);
    expect(chains.chainOf[0]).not.toBe(chains.chainOf[1]);
    expect(chains.chainOf[2]).toBe(-1);
  });

  it('never chains two speakers of one window', () => {
    // Window 0's speaker matches window 1's speaker 0 and window 2's speaker 0, which also matches window 1's
    // speaker 1: taking every link would put both speakers of window 1 in one chain.
    const tangled: Windows = {
      step,
      masks: [
        window([400, 589, 0b001]),
        window([200, 300, 0b001], [300, 589, 0b010]),
        window([0, 300, 0b001]),
      ],
      totalFrames: 989,
    };
    const chains = stitchWindows(tangled);
    expect(chains.chainOf[0]).toBe(chains.chainOf[6]);
    expect(chains.chainOf[0]).toBe(chains.chainOf[3]);
    expect(chains.chainOf[3]).not.toBe(chains.chainOf[4]);
  });

  it('marks the frames each chain speaks alone', () => {
    const chains = stitchWindows(windows);
    const solo = soloFrames(windows, chains);
    expect(solo[150]).toBe(chains.chainOf[0]);
    expect(solo[450]).toBe(chains.chainOf[1]);
    expect(solo[350]).toBe(-1);
  });
});

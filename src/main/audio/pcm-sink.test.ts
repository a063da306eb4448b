import { describe, expect, it } from 'vitest';
import { PcmSink } from './pcm-sink';

/** Interleaved f32le bytes where sample (frame f, channel c) holds f * 10 + c. */
function interleaved(frames: number, channels: number): Buffer {
  const data = new Float32Array(frames * channels);
  for (let f = 0; f < frames; f++) for (let c = 0; c < channels; c++) data[f * channels + c] = f * 10 + c;
  return Buffer.from(data.buffer);
}

describe('PcmSink', () => {
  it.each([1, 3])(
    'splits %i channel(s) across chunks that end mid-frame, growing past its first size',
    (channels) => {
      const frames = 40_000; // more than the initial 16000-frame allocation
      const bytes = interleaved(frames, channels);
      const sink = new PcmSink(channels, 0);
      // Odd chunk sizes, copied to odd offsets of a larger buffer so the float views are unaligned.
      for (let at = 0, size = 1; at < bytes.length; at += size, size = (size * 7 + 3) % 5003 || 1) {
        const piece = bytes.subarray(at, Math.min(at + size, bytes.length));
        const host = Buffer.alloc(piece.length + 1);
        piece.copy(host, 1);
        sink.push(host.subarray(1));
      }
      expect(sink.frames).toBe(frames);
      const result = sink.result();
      expect(result).toHaveLength(channels);
      result.forEach((channel, c) => {
        expect(channel).toHaveLength(frames);
        let wrong = -1;
        for (let f = 0; f < frames && wrong < 0; f++) if (channel[f] !== f * 10 + c) wrong = f;
        expect(wrong).toBe(-1);
      });
    },
  );

  it('drops an incomplete trailing frame', () => {
    const sink = new PcmSink(2, 10);
    sink.push(interleaved(5, 2).subarray(0, 5 * 8 - 3));
    expect(sink.frames).toBe(4);
    expect(sink.result()[1]).toEqual(Float32Array.from([1, 11, 21, 31]));
  });
});

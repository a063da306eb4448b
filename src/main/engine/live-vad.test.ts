import { describe, expect, it } from 'vitest';
import { Vad } from 'sherpa-onnx-node';
import {
  MIN_SPEECH_SEC,
  replayLength,
  SpeechDetector,
  VAD_SHIFT,
  VAD_WINDOW,
  type SpeechEdge,
} from './live-vad';
import { loadAudio } from './test-audio';
import { sileroVadModelPath } from './vad';

const config = { threshold: 0.5, minSilenceSec: 0.3, maxSegmentSec: 30 };

function detect(detector: SpeechDetector, samples: Float32Array): SpeechEdge[] {
  const edges: SpeechEdge[] = [];
  while (detector.position + detector.nextBlock <= samples.length) {
    const from = detector.position;
    const edge = detector.accept(samples.subarray(from, from + detector.nextBlock));
    if (edge) edges.push(edge);
  }
  return edges;
}

describe('SpeechDetector', () => {
  it('reports the same segments as sherpa-onnx, as they happen', () => {
    const samples = loadAudio('dialog_dev.wav');
    const detector = new SpeechDetector(config);
    const edges = detect(detector, samples);
    detector.release();

    const vad = new Vad(
      {
        sileroVad: {
          model: sileroVadModelPath(),
          threshold: config.threshold,
          minSpeechDuration: MIN_SPEECH_SEC,
          minSilenceDuration: config.minSilenceSec,
          windowSize: VAD_SHIFT,
          maxSpeechDuration: 100,
        },
        sampleRate: 16000,
        numThreads: 1,
        provider: 'cpu',
        debug: 0,
      },
      60,
    );
    const segments: [number, number][] = [];
    for (let i = 0; i + VAD_SHIFT <= samples.length; i += VAD_SHIFT) {
      vad.acceptWaveform(samples.subarray(i, i + VAD_SHIFT));
      while (!vad.isEmpty()) {
        const s = vad.front(false);
        segments.push([s.start, s.start + s.samples.length]);
        vad.pop();
      }
    }
    expect(segments.length).toBeGreaterThan(3);
    const closed = edges.slice(0, segments.length * 2);
    expect(closed.map((e) => e.at)).toEqual(segments.flat());
    closed.forEach((e, i) => expect(e.type).toBe(i % 2 === 0 ? 'start' : 'end'));
  });

  it('picks up speech that goes on after a restart, and not silence', () => {
    const speech = loadAudio('libri_0870.wav'); // one long sentence
    const detector = new SpeechDetector(config);
    const length = replayLength(0.5);
    expect((length - VAD_WINDOW) % VAD_SHIFT).toBe(0);
    expect(length).toBeGreaterThanOrEqual(0.5 * 16000);
    expect(detector.restart(100_000, speech.subarray(2 * 16000, 2 * 16000 + length))).toBe(true);
    expect(detector.position).toBe(100_000);
    expect(detector.nextBlock).toBe(VAD_SHIFT);
    expect(detector.restart(200_000, new Float32Array(length))).toBe(false);
    expect(() => detector.restart(300_000, new Float32Array(1000))).toThrow(RangeError);
    detector.release();
  });

  it('refuses a silence length that is not positive', () => {
    expect(() => new SpeechDetector({ ...config, minSilenceSec: 0 })).toThrow(RangeError);
  });
});

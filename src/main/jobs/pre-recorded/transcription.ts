import type { Transcription, Utterance } from '../../../shared/transcript';

/**
 * Gives words the spacing of Gladia's output: every word after the first of an utterance carries its leading
 * space, so an utterance's text is the concatenation of its words.
 */
export function spaceWords(utterances: Utterance[]): Utterance[] {
  return utterances.map((u) => {
    const words = u.words.map((w, i) => ({ ...w, word: i === 0 ? w.word.trim() : ` ${w.word.trim()}` }));
    return { ...u, words, text: words.map((w) => w.word).join('') };
  });
}

export function buildTranscription(utterances: Utterance[], languages: string[]): Transcription {
  const sorted = [...utterances].sort((a, b) => a.start - b.start || a.channel - b.channel);
  return {
    full_transcript: sorted
      .map((u) => u.text.trim())
      .filter(Boolean)
      .join(' '),
    languages,
    utterances: sorted,
  };
}

/**
 * Indexes of the channels that carry distinct audio: a stereo file with the same signal on both sides is one
 * speaker, not two (Gladia's `number_of_distinct_channels`).
 */
export function distinctChannels(channels: Float32Array[]): number[] {
  const kept: number[] = [];
  for (let c = 0; c < channels.length; c++) {
    if (!kept.some((k) => sameSignal(channels[k]!, channels[c]!))) kept.push(c);
  }
  return kept;
}

function sameSignal(a: Float32Array, b: Float32Array): boolean {
  if (a.length !== b.length) return false;
  // A strided comparison is enough to tell copies apart from different signals, and costs little on long files.
  const step = Math.max(1, Math.floor(a.length / 200_000));
  for (let i = 0; i < a.length; i += step) {
    if (Math.abs(a[i]! - b[i]!) > 1e-3) return false;
  }
  return true;
}

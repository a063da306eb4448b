import type { Utterance, Word } from '../../../shared/transcript';

/** Where each word of an utterance sits in its text, or null for a word that could not be found there. */
export type WordSpan = { start: number; end: number; word: Word } | null;

/**
 * Finds the utterance's words in its text, in order. Words and text normally agree (custom spelling and
 * redaction rewrite both); a word that does not appear is skipped without moving on, so one mismatch does not
 * shift the rest.
 */
export function locateWords(utterance: Utterance): WordSpan[] {
  const text = utterance.text.toLowerCase();
  let cursor = 0;
  return utterance.words.map((word) => {
    const needle = word.word.trim().toLowerCase();
    if (needle === '') return null;
    const at = text.indexOf(needle, cursor);
    if (at < 0) return null;
    cursor = at + needle.length;
    return { start: at, end: cursor, word };
  });
}

const ms = (seconds: number): number => Math.round(seconds * 1000) / 1000;

/**
 * The time span of the characters [from, to) of the utterance's text: from the first to the last word that
 * overlaps them, or, with no located word there, the utterance's span shared out in proportion to characters.
 */
export function timeOfChars(utterance: Utterance, spans: WordSpan[], from: number, to: number) {
  let start = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  for (const span of spans) {
    if (!span || span.end <= from || span.start >= to) continue;
    start = Math.min(start, span.word.start);
    end = Math.max(end, span.word.end);
  }
  if (start <= end) return { start, end };
  const length = Math.max(1, utterance.text.length);
  const duration = utterance.end - utterance.start;
  return {
    start: ms(utterance.start + (duration * from) / length),
    end: ms(utterance.start + (duration * Math.min(to, length)) / length),
  };
}

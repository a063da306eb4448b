import { capitalise } from '../../engine/text-case';
import { fold, wordParts } from '../custom-spelling/word-edit';

// Sentence casing on top of the engine's (src/main/engine/text-case.ts capitalises the first word of each
// utterance and restores "I"): the first word of every sentence found inside an utterance, English titles
// ("mr" → "Mr."), the name after a title, weekdays and months. It only ever adds capitals, so text a cased model
// wrote keeps its own casing.

const TITLES: Record<string, string> = { mr: 'Mr.', mrs: 'Mrs.', ms: 'Ms.', dr: 'Dr.' };
const ALWAYS_CAPITALISED = new Set(
  (
    'monday tuesday wednesday thursday friday saturday sunday january february april june july august ' +
    'september october november december'
  ).split(' '),
);
/** "march" and "may" are months only in a date context ("in March", "may 5"). */
const AMBIGUOUS_MONTHS = new Set(['march', 'may']);
const DATE_PREPOSITIONS = new Set(['in', 'of', 'since', 'until', 'till', 'during', 'early', 'late', 'mid']);

/** The word with its core replaced, punctuation and spacing around it kept. */
function withCore(word: string, core: string): string {
  const parts = wordParts(word);
  return parts.lead + core + parts.trail;
}

/** English casing fixes for the words of one utterance (texts with their punctuation). */
export function englishCasing(words: string[]): string[] {
  const out = [...words];
  const bare = words.map((w) => fold(wordParts(w).core));
  for (let i = 0; i < out.length; i++) {
    const key = bare[i]!;
    const title = TITLES[key];
    const trail = wordParts(out[i]!).trail;
    if (title && i + 1 < out.length && (trail === '' || trail === '.')) {
      // "mr" → "Mr.", "Mr." stays; either way the name after it is capitalised.
      if (trail === '') out[i] = withCore(out[i]!, title);
      out[i + 1] = capitalise(out[i + 1]!);
    } else if (ALWAYS_CAPITALISED.has(key)) {
      out[i] = capitalise(out[i]!);
    } else if (AMBIGUOUS_MONTHS.has(key)) {
      const before = bare[i - 1] ?? '';
      const after = bare[i + 1] ?? '';
      if (DATE_PREPOSITIONS.has(before) || /^\d/.test(after)) out[i] = capitalise(out[i]!);
    }
  }
  return out;
}

/** Capitalises the words at the given indexes (sentence starts). */
export function capitaliseAt(words: string[], indexes: Iterable<number>): string[] {
  const out = [...words];
  for (const i of indexes) if (out[i] !== undefined) out[i] = capitalise(out[i]!);
  return out;
}

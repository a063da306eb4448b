import type { Word } from '../../../shared/transcript';

/** One whitespace-delimited chunk of an utterance's text, with the punctuation around it set apart. */
export interface Token {
  index: number;
  /** The chunk without the punctuation that wraps it ("France." gives "France"). */
  core: string;
  /** `core` lower-cased, curly apostrophes made straight. */
  lower: string;
  /** Character offsets of `core` in the text. */
  start: number;
  end: number;
  /** Punctuation after the core: a sentence end or a pause stops spoken numbers and names. */
  after: string;
}

const ABBREVIATIONS = new Set(
  'mr mrs ms dr st jr sr prof rev gen col capt lt sgt no vs etc inc ltd co corp ave blvd rd apt dept mt ft jan feb apr aug sept sep oct nov dec approx'.split(
    ' ',
  ),
);
const LEADING = /^["'“”‘’([{¿¡]+/;
const TRAILING = /["'“”‘’.,;:!?)\]}…]+$/;

function stripBrackets(chunk: string): { lead: number; core: string } {
  let lead = 0;
  let core = chunk;
  const leading = LEADING.exec(core);
  // A bracket the chunk closes again is part of it: "(415)" keeps both.
  if (leading && !(leading[0] === '(' && core.includes(')'))) {
    lead = leading[0].length;
    core = core.slice(lead);
  }
  const trailing = TRAILING.exec(core);
  if (trailing) {
    let cut = trailing[0];
    if (cut.startsWith(')') && core.includes('(')) cut = cut.slice(1);
    core = core.slice(0, core.length - cut.length);
  }
  return { lead, core };
}

/** Splits a text into tokens. Chunks that are only punctuation ("-", "…") are left out. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(/\S+/g)) {
    const chunk = match[0];
    const { lead, core } = stripBrackets(chunk);
    if (!/[\p{L}\p{N}@#$€£¥%+]/u.test(core)) continue;
    const start = match.index + lead;
    // The period of "Dr." or "St." ends no sentence.
    const after = chunk.slice(lead + core.length);
    const abbreviated = after.startsWith('.') && ABBREVIATIONS.has(core.toLowerCase());
    tokens.push({
      index: tokens.length,
      core,
      lower: core.toLowerCase().replace(/[’‘]/g, "'"),
      start,
      end: start + core.length,
      after: abbreviated ? after.slice(1) : after,
    });
  }
  return tokens;
}

export const endsSentence = (token: Token | undefined): boolean => !!token && /[.!?…]/.test(token.after);
export const endsClause = (token: Token | undefined): boolean => !!token && /[.!?…,;:]/.test(token.after);

/** Where one word of an utterance sits in its text: character offsets, or null when it cannot be found. */
export type WordPlace = { start: number; end: number } | null;

/**
 * Finds each word in the text, in order. Words are usually the text's chunks (with or without Gladia's leading
 * space), but add-ons that rewrite the text (spelling, punctuation) can make them differ, so the search
 * tolerates case and skips words it cannot place.
 */
export function placeWords(text: string, words: Word[]): WordPlace[] {
  const lower = text.toLowerCase();
  let cursor = 0;
  return words.map((w) => {
    const needle = w.word.trim().toLowerCase();
    if (needle === '') return null;
    const at = lower.indexOf(needle, cursor);
    // A word far ahead of the cursor is more likely a repeat than the word itself: leave it unplaced.
    if (at < 0 || lower.slice(cursor, at).trim().length > 40) return null;
    cursor = at + needle.length;
    return { start: at, end: at + needle.length };
  });
}

/** The first and last words overlapping a character span, or null when no placed word does. */
export function wordsInSpan(places: WordPlace[], start: number, end: number): [number, number] | null {
  let first = -1;
  let last = -1;
  places.forEach((p, i) => {
    if (p && p.start < end && p.end > start) {
      if (first < 0) first = i;
      last = i;
    }
  });
  return first < 0 ? null : [first, last];
}

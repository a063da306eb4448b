import { distance } from 'fastest-levenshtein';
import doubleMetaphone from 'talisman/phonetics/double-metaphone';
import metaphone from 'talisman/phonetics/metaphone';

// How close a run of recognised words is to a vocabulary phrase, in spelling and in sound. Recognisers swap
// words for sound-alikes ("planning claw" for "planning call", "frank for" for "Frankfurt"), so the sound
// counts most: Metaphone codes (full length) and Double Metaphone's two codes per word, compared by edit
// distance. Double Metaphone codes stop at four letters, so they are only compared when no word was cut short.

export interface PhraseForm {
  /** Letters and digits, no case, accents or spaces ("Zoë-Ann" → "zoeann"). */
  letters: string;
  metaphone: string;
  /** Double Metaphone primary and alternate codes of the words, concatenated; null when a code was cut. */
  doubleMetaphone: [string, string] | null;
  /** First sound: the first Metaphone letter (or first letter for scripts Metaphone does not know). */
  onset: string;
}

const MAX_DM = 4;

/** A word reduced to lower-case ASCII-ish letters and digits (diacritics removed, other scripts kept). */
export function letters(word: string): string {
  return word
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

const isLatin = (word: string): boolean => /^[a-z]+$/.test(word);

interface WordCodes {
  metaphone: string;
  /** null when Double Metaphone does not apply (another script) or cut a code at four letters. */
  doubleMetaphone: [string, string] | null;
}

// The phonetic functions cost about 0.1 ms a word, and transcripts repeat their words: codes are kept per word.
const MAX_CACHED_WORDS = 50_000;
const codeCache = new Map<string, WordCodes>();

function wordCodes(word: string): WordCodes {
  let codes = codeCache.get(word);
  if (codes) return codes;
  if (!isLatin(word)) codes = { metaphone: word, doubleMetaphone: null };
  else {
    const [primary, secondary] = doubleMetaphone(word);
    const cut = primary.length >= MAX_DM || secondary.length >= MAX_DM;
    codes = { metaphone: metaphone(word), doubleMetaphone: cut ? null : [primary, secondary] };
  }
  if (codeCache.size >= MAX_CACHED_WORDS) codeCache.clear();
  codeCache.set(word, codes);
  return codes;
}

export function phraseForm(words: string[]): PhraseForm {
  const parts = words.map(letters).filter((w) => w !== '');
  const codes = parts.map(wordCodes);
  let dm: [string, string] | null = ['', ''];
  for (const { doubleMetaphone: code } of codes) {
    dm = dm && code ? [dm[0] + code[0], dm[1] + code[1]] : null;
  }
  const metaphoneKey = codes.map((c) => c.metaphone).join('');
  const joined = parts.join('');
  return {
    letters: joined,
    metaphone: metaphoneKey,
    doubleMetaphone: dm,
    onset: (metaphoneKey.charAt(0) || joined.charAt(0)).toLowerCase(),
  };
}

/** 1 for equal strings, 0 for nothing in common (edit distance over the longer length). */
export function closeness(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  if (longest === 0) return 1;
  return 1 - distance(a, b) / longest;
}

function soundCloseness(a: PhraseForm, b: PhraseForm): number {
  let best = closeness(a.metaphone, b.metaphone);
  if (a.doubleMetaphone && b.doubleMetaphone) {
    for (const x of a.doubleMetaphone) {
      for (const y of b.doubleMetaphone) if (x && y) best = Math.max(best, closeness(x, y));
    }
  }
  return best;
}

/** Below this spelling closeness two phrases are never the same, however alike they sound. */
const MIN_SPELLING = 0.5;
/** Weight of sound against spelling in the score. */
const SOUND_WEIGHT = 0.6;

/** Cheap test that two phrases could be the same: lengths within a factor 1.5, same first sound or letter. */
export function comparable(heard: PhraseForm, wanted: PhraseForm): boolean {
  const ratio = heard.letters.length / wanted.letters.length;
  if (!(ratio >= 2 / 3 && ratio <= 3 / 2)) return false;
  return heard.onset === wanted.onset || heard.letters.charAt(0) === wanted.letters.charAt(0);
}

/**
 * Similarity of a recognised phrase to a vocabulary phrase, 0..1: 1 when they spell the same letters (case,
 * accents, spacing and punctuation aside), else a blend of sound and spelling closeness; 0 when they start
 * with different sounds, spell too differently, or their lengths are too far apart to be the same thing.
 */
export function similarity(heard: PhraseForm, wanted: PhraseForm): number {
  if (heard.letters === '' || wanted.letters === '') return 0;
  if (heard.letters === wanted.letters) return 1;
  if (!comparable(heard, wanted)) return 0;
  const spelling = closeness(heard.letters, wanted.letters);
  // Sound alone is not enough: Double Metaphone's alternate codes make "lying" sound like "launch".
  if (spelling < MIN_SPELLING) return 0;
  return SOUND_WEIGHT * soundCloseness(heard, wanted) + (1 - SOUND_WEIGHT) * spelling;
}

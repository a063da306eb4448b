import type { CustomVocabularyConfig } from '../../../shared/schemas/common';
import type { Transcription, Utterance } from '../../../shared/transcript';
import { languageWords } from '../subtitles/break-rules';
import {
  fold,
  replaceAll,
  usesLeadingSpaces,
  withUtterances,
  withWords,
  wordParts,
  type Replacement,
} from '../custom-spelling/word-edit';
import { phraseTokens } from '../custom-spelling/matcher';
import { closeness, comparable, phraseForm, similarity, type PhraseForm } from './similarity';

// custom_vocabulary after recognition (spec §2.3, §2.5): the engine already biases decoding towards the
// vocabulary (hotwords); what still comes out wrong is corrected here. A run of words that sounds and spells
// close enough to a vocabulary phrase, or to one of its pronunciations, is replaced by the phrase. "Close
// enough" depends on the entry's intensity: 0 only fixes case and spacing ("dash wood" → "Dashwood"), 1
// accepts loose matches. Words the recogniser was sure of need a closer match, and short phrases only ever
// match exactly, because short common words are where corrections go wrong.

/** Intensity used when neither the entry nor the config gives one (the hotwords' default too). */
export const DEFAULT_INTENSITY = 0.5;
/** Phrases, and runs of words, shorter than this (in letters) are only matched exactly. */
const MIN_FUZZY_LETTERS = 5;

interface Target {
  form: PhraseForm;
  /** Folded words of the form, to tell whether a function word at a span's edge is part of it. */
  words: string[];
}

export interface VocabularyEntry {
  value: string;
  intensity: number;
  language?: string;
  targets: Target[];
}

export interface Correction {
  utterance: number;
  index: number;
  count: number;
  from: string;
  to: string;
  score: number;
}

const code = (language: string | undefined): string => (language ?? '').toLowerCase().split(/[-_]/)[0] ?? '';

function target(phrase: string): Target | null {
  const tokens = phraseTokens(phrase);
  const form = phraseForm(tokens);
  if (form.letters === '') return null;
  return { form, words: tokens.map((t) => fold(wordParts(t).core)) };
}

/** The config's entries with their intensity, language and the phonetic forms of value and pronunciations. */
export function vocabularyEntries(config: CustomVocabularyConfig): VocabularyEntry[] {
  const fallback = config.default_intensity ?? DEFAULT_INTENSITY;
  return config.vocabulary.flatMap((item) => {
    const entry = typeof item === 'string' ? { value: item } : item;
    const value = entry.value.trim();
    if (value === '') return [];
    const phrases = [value, ...((typeof item === 'string' ? [] : item.pronunciations) ?? [])];
    const targets = phrases.map(target).filter((t): t is Target => t !== null);
    if (targets.length === 0) return [];
    const intensity = typeof item === 'string' ? fallback : (item.intensity ?? fallback);
    const language = typeof item === 'string' ? undefined : item.language;
    return [{ value, intensity, ...(language && { language: code(language) }), targets }];
  });
}

/**
 * The score a span needs: 0.825 at the default intensity 0.5, down to 0.7 at intensity 1; more for words the
 * recogniser was sure of, less for doubtful ones. At intensity 0 no score is enough: only exact matches (same
 * letters, other case or spacing) are corrected.
 */
export function threshold(intensity: number, meanConfidence: number): number {
  const clamped = Math.min(1, Math.max(0, intensity));
  if (clamped === 0) return Infinity;
  return 0.95 - 0.25 * clamped + 0.15 * (meanConfidence - 0.5);
}

/** Extra score needed for each function word a match takes in that the phrase does not have. */
const ABSORBED_PENALTY = 0.05;

/**
 * How many function words ("and", "the", "for") at the span's edges are not part of the phrase, or null when the
 * span cannot match: it has no other word, or such a word does not sound like that end of the phrase ("frank
 * for" may be "Frankfurt", "and Dashwood" is not "Dashwood").
 */
function absorbedEdges(span: string[], t: Target, binders: ReadonlySet<string>): number | null {
  if (span.every((w) => binders.has(w)) && !span.every((w, k) => w === t.words[k])) return null;
  let absorbed = 0;
  const edges: [string, boolean][] = [[span[0]!, true]];
  if (span.length > 1) edges.push([span[span.length - 1]!, false]);
  for (const [word, atStart] of edges) {
    if (!binders.has(word) || t.words.includes(word)) continue;
    if (!soundsLikeEdge(word, t.form.metaphone, atStart)) return null;
    absorbed += 1;
  }
  return absorbed;
}

function soundsLikeEdge(word: string, phrase: string, atStart: boolean): boolean {
  const sound = phraseForm([word]).metaphone;
  if (sound === '') return false;
  const edge = (length: number) => (atStart ? phrase.slice(0, length) : phrase.slice(-length));
  return Math.max(closeness(sound, edge(sound.length)), closeness(sound, edge(sound.length + 1))) >= 0.6;
}

interface Candidate extends Replacement {
  score: number;
  /** How far the span's word count is from the phrase's (ties go to the closer one). */
  sizeGap: number;
}

interface Indexed {
  entry: VocabularyEntry;
  target: Target;
  size: number;
}

/** The entries' phrases by their letters (exact matches) and by first sound and letter (fuzzy ones). */
class TargetIndex {
  readonly exact = new Map<string, Indexed[]>();
  private readonly bySound = new Map<string, Indexed[]>();
  readonly maxSize: number;

  constructor(entries: VocabularyEntry[]) {
    let maxSize = 0;
    const add = (map: Map<string, Indexed[]>, key: string, item: Indexed) => {
      const list = map.get(key) ?? [];
      if (!list.includes(item)) list.push(item);
      map.set(key, list);
    };
    for (const entry of entries) {
      for (const target of entry.targets) {
        const item = { entry, target, size: target.words.length };
        maxSize = Math.max(maxSize, item.size);
        add(this.exact, target.form.letters, item);
        if (target.form.letters.length < MIN_FUZZY_LETTERS) continue;
        add(this.bySound, `sound:${target.form.onset}`, item);
        add(this.bySound, `letter:${target.form.letters.charAt(0)}`, item);
      }
    }
    this.maxSize = maxSize;
  }

  /** Phrases that start with the same sound or letter as `form`. */
  fuzzy(form: PhraseForm): Indexed[] {
    const bySound = this.bySound.get(`sound:${form.onset}`) ?? [];
    const byLetter = this.bySound.get(`letter:${form.letters.charAt(0)}`) ?? [];
    return byLetter.length === 0 ? bySound : [...new Set([...bySound, ...byLetter])];
  }
}

/** Spans of one to two more words than the phrase has, and one fewer ("dash wood" for "Dashwood"). */
const spanFits = (n: number, size: number): boolean => n >= size - 1 && n <= size + 2;

function spanCandidates(utterance: Utterance, index: TargetIndex, binders: ReadonlySet<string>): Candidate[] {
  const words = utterance.words.map((w) => wordParts(w.word).core);
  const folded = words.map(fold);
  const language = code(utterance.language);
  const speaks = (x: Indexed) => !x.entry.language || x.entry.language === language;
  const found: Candidate[] = [];
  for (let n = 1; n <= index.maxSize + 2; n++) {
    for (let i = 0; i + n <= words.length; i++) {
      const heard = phraseForm(words.slice(i, i + n));
      if (heard.letters === '') continue;
      const add = (x: Indexed, score: number) =>
        found.push({ index: i, count: n, text: x.entry.value, score, sizeGap: Math.abs(n - x.size) });
      for (const x of index.exact.get(heard.letters) ?? []) if (spanFits(n, x.size) && speaks(x)) add(x, 1);
      if (heard.letters.length < MIN_FUZZY_LETTERS) continue;
      const span = utterance.words.slice(i, i + n);
      const confidence = span.reduce((sum, w) => sum + w.confidence, 0) / n;
      for (const x of index.fuzzy(heard)) {
        const t = x.target;
        if (!spanFits(n, x.size) || !speaks(x) || t.form.letters === heard.letters) continue;
        if (!comparable(heard, t.form)) continue;
        const score = similarity(heard, t.form);
        const needed = threshold(x.entry.intensity, confidence);
        if (score < needed) continue;
        const absorbed = absorbedEdges(folded.slice(i, i + n), t, binders);
        if (absorbed === null || score < needed + absorbed * ABSORBED_PENALTY) continue;
        add(x, score);
      }
    }
  }
  return found;
}

/** Best non-overlapping corrections for one utterance. */
function chooseCorrections(candidates: Candidate[]): Candidate[] {
  const sorted = [...candidates].sort(
    (a, b) => b.score - a.score || a.sizeGap - b.sizeGap || b.count - a.count || a.index - b.index,
  );
  const taken: Candidate[] = [];
  for (const c of sorted) {
    const overlaps = taken.some((t) => c.index < t.index + t.count && t.index < c.index + c.count);
    if (!overlaps) taken.push(c);
  }
  return taken;
}

const written = (words: string[]): string => words.join(' ');

/** The corrections for each utterance (without applying them): what matched, where, and its score. */
export function findCorrections(t: Transcription, config: CustomVocabularyConfig): Correction[] {
  const entries = vocabularyEntries(config);
  if (entries.length === 0) return [];
  const index = new TargetIndex(entries);
  return t.utterances.flatMap((u, utterance) => {
    const binders = languageWords(code(u.language)).binders;
    return chooseCorrections(spanCandidates(u, index, binders))
      .map((c) => ({
        utterance,
        index: c.index,
        count: c.count,
        from: written(u.words.slice(c.index, c.index + c.count).map((w) => wordParts(w.word).core)),
        to: c.text,
        score: Math.round(c.score * 1000) / 1000,
      }))
      .filter((c) => c.from !== c.to)
      .sort((a, b) => a.index - b.index);
  });
}

/**
 * The transcription with near-misses of the vocabulary replaced in its words, utterance texts and
 * full_transcript; pure (the input is not changed).
 */
export function correctVocabulary(t: Transcription, config: CustomVocabularyConfig): Transcription {
  const corrections = findCorrections(t, config);
  if (corrections.length === 0) return t;
  const leadingSpaces = usesLeadingSpaces(t.utterances);
  const utterances = t.utterances.map((u, i) => {
    const mine = corrections.filter((c) => c.utterance === i);
    if (mine.length === 0) return u;
    const replacements = mine.map((c) => ({ index: c.index, count: c.count, text: c.to }));
    return withWords(u, replaceAll(u.words, replacements, leadingSpaces));
  });
  return withUtterances(t, utterances);
}

/** One utterance corrected (a live final); returned as is when nothing matched. */
export function correctUtterance(utterance: Utterance, config: CustomVocabularyConfig): Utterance {
  const t: Transcription = { full_transcript: utterance.text, languages: [], utterances: [utterance] };
  return correctVocabulary(t, config).utterances[0]!;
}

/** The vocabulary as engine hotwords: values and pronunciations, boosted by their intensity. */
export function vocabularyHotwords(config: CustomVocabularyConfig): { phrase: string; boost: number }[] {
  const fallback = config.default_intensity ?? DEFAULT_INTENSITY;
  return config.vocabulary.flatMap((item) => {
    if (typeof item === 'string') return [{ phrase: item, boost: fallback }];
    const boost = item.intensity ?? fallback;
    return [item.value, ...(item.pronunciations ?? [])].map((phrase) => ({ phrase, boost }));
  });
}

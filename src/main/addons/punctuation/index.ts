import type { Transcription, Utterance } from '../../../shared/transcript';
import { closingPunctuation, fold, withUtterances, withWords, wordParts } from '../custom-spelling/word-edit';
import { languageWords } from '../subtitles/break-rules';
import { capitaliseAt, englishCasing } from './casing';
import {
  alignOutput,
  coresOf,
  installedPunctuationModels,
  loadPunctuator,
  type TextPunctuator,
} from './model';
import { ruleMarks, type RuleOptions } from './rules';

// punctuation_enhanced (spec §2.3) with sentence casing. Utterances that already carry punctuation (cased
// models such as Parakeet write it) are kept as they are. Others get it from a catalog punctuation model when one
// is installed for their language, else from rules over words and pauses (rules.ts). Punctuation is written
// into the words, and utterance texts and full_transcript are rebuilt from them, so all three agree.

export { ruleMarks, sentenceRanges, type RuleOptions } from './rules';
export { alignOutput, installedPunctuationModels, loadPunctuator, type TextPunctuator } from './model';

export interface PunctuateOptions extends RuleOptions {
  /** Folder where catalog punctuation models are looked for; without it (and `punctuators`) rules are used. */
  modelsDir?: string;
  /** Loaded punctuators to use instead of looking in `modelsDir`. */
  punctuators?: TextPunctuator[];
  /** Told when an installed model cannot be loaded; the rules are used instead. */
  onModelError?: (modelId: string, error: unknown) => void;
}

/** Punctuation that only a punctuated text has: a period can also close an abbreviation ("Mr.", "Inc."). */
const CLAUSE_MARKS = /[,;:!?…。，、；：！？]/u;
const CJK_LANGUAGES = new Set(['zh', 'ja', 'ko', 'yue']);
const SENTENCE_END = /[.!?…。！？]$/u;
const FULL_WIDTH: Record<string, string> = {
  '，': ',',
  '。': '.',
  '？': '?',
  '！': '!',
  '；': ';',
  '：': ':',
};

const languageCode = (language: string): string => language.toLowerCase().split(/[-_]/)[0] ?? '';

/**
 * Whether an utterance already has punctuation of its own (then it is left alone): a sentence mark at its end,
 * a comma, question mark… anywhere, or a period before a capital ("there. How"). A title's period ("Mr. Smith",
 * as a spelling dictionary may write it) is not enough.
 */
export function hasPunctuation(utterance: Utterance): boolean {
  const { words } = utterance;
  const abbreviations = languageWords(languageCode(utterance.language)).abbreviations;
  const isAbbreviation = (word: string) => abbreviations.has(fold(word.trim()));
  return words.some((w, i) => {
    const mark = closingPunctuation(w.word);
    if (CLAUSE_MARKS.test(mark)) return true;
    if (!SENTENCE_END.test(mark) || isAbbreviation(w.word)) return false;
    const next = words[i + 1];
    return !next || /^\s*["'“‘«(¿¡]*\p{Lu}/u.test(next.word);
  });
}

function withTexts(utterance: Utterance, texts: string[]): Utterance {
  const words = utterance.words.map((w, i) => ({ ...w, word: texts[i]! }));
  return withWords(utterance, words);
}

function sentenceCase(texts: string[], language: string, starts: Iterable<number>): string[] {
  const cased = capitaliseAt(texts, starts);
  return languageCode(language) === 'en' ? englishCasing(cased) : cased;
}

/** A word with a mark after it, unless it already ends with a period ("Inc." ends a sentence as it is). */
function withMark(word: string, mark: string): string {
  if (mark === '') return word;
  const trail = wordParts(word).trail;
  if (trail.endsWith('.') && mark !== '?') return word;
  return word + mark;
}

/** Punctuation and sentence casing from the rules, for one utterance. */
export function punctuateUtterance(utterance: Utterance, options: RuleOptions = {}): Utterance {
  if (utterance.words.length === 0 || hasPunctuation(utterance)) return utterance;
  const { marks, sentenceStarts } = ruleMarks(utterance.words, utterance.language, options);
  const texts = utterance.words.map((w, i) => withMark(w.word, marks[i]!));
  return withTexts(utterance, sentenceCase(texts, utterance.language, sentenceStarts));
}

/** Punctuation from a model; null when its output cannot be mapped onto the words. */
function punctuateWithModel(utterance: Utterance, model: TextPunctuator): Utterance | null {
  const code = languageCode(utterance.language);
  const cjk = CJK_LANGUAGES.has(code);
  const cores = coresOf(utterance.words.map((w) => w.word));
  const input = cores.map((c) => (model.casing ? c.toLowerCase() : c)).join(cjk ? '' : ' ');
  const aligned = alignOutput(cores, model.addPunct(input));
  if (!aligned) return null;
  const last = aligned.length - 1;
  const texts = utterance.words.map((w, i) => {
    const parts = wordParts(w.word);
    let trail = [...aligned[i]!.trail].map((ch) => (cjk ? ch : (FULL_WIDTH[ch] ?? ch))).join('');
    if (i === last && !SENTENCE_END.test(trail)) trail += cjk ? '。' : '.';
    return parts.lead + (model.casing ? aligned[i]!.core : parts.core) + trail + parts.trail;
  });
  if (model.casing) return withTexts(utterance, texts);
  const starts = [0, ...texts.flatMap((t, i) => (SENTENCE_END.test(t) && i < last ? [i + 1] : []))];
  return withTexts(utterance, sentenceCase(texts, utterance.language, starts));
}

async function punctuatorsFor(options: PunctuateOptions): Promise<TextPunctuator[]> {
  if (options.punctuators) return options.punctuators;
  if (!options.modelsDir) return [];
  const loaded: TextPunctuator[] = [];
  for (const model of installedPunctuationModels(options.modelsDir)) {
    try {
      loaded.push(await loadPunctuator(options.modelsDir, model));
    } catch (error) {
      options.onModelError?.(model.id, error);
    }
  }
  return loaded;
}

/**
 * The transcription with punctuation and sentence casing in its words, utterance texts and full_transcript;
 * pure (the input is not changed).
 */
export async function punctuate(t: Transcription, options: PunctuateOptions = {}): Promise<Transcription> {
  const pending = t.utterances.filter((u) => u.words.length > 0 && !hasPunctuation(u));
  if (pending.length === 0) return t;
  const punctuators = await punctuatorsFor(options);
  const utterances = t.utterances.map((u) => {
    if (u.words.length === 0 || hasPunctuation(u)) return u;
    const model = punctuators.find((p) => p.languages.includes(languageCode(u.language)));
    return (model && punctuateWithModel(u, model)) ?? punctuateUtterance(u, options);
  });
  return withUtterances(t, utterances);
}

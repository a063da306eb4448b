import type { Word } from '../../../shared/transcript';
import { languageWords } from '../subtitles/break-rules';
import { fold, wordParts } from '../custom-spelling/word-edit';

// Punctuation from the words and the pauses between them, for models that write none. Speech gives two cues: a
// long pause ends a sentence, and English questions open with an inverted auxiliary ("should we", "is it") or
// a wh-word followed by one ("what is", "how do"). A short pause before such an opening also ends the sentence
// before it ("happy to be here | should we start"). Commas go after openers ("yes,", "good morning,"), before
// "but" and at clear pauses inside a sentence. Words that already carry punctuation are left alone.

export interface RuleOptions {
  /** A pause at least this long ends a sentence (unless the word before cannot end one, like "the"). */
  longPauseSec?: number;
  /** A pause at least this long before a question opening ends the sentence before it. */
  shortPauseSec?: number;
  /** A pause at least this long inside a sentence is written as a comma. */
  commaPauseSec?: number;
}

const DEFAULTS: Required<RuleOptions> = { longPauseSec: 0.5, shortPauseSec: 0.1, commaPauseSec: 0.35 };

const set = (words: string): ReadonlySet<string> => new Set(words.split(/\s+/).filter(Boolean));

const AUXILIARIES = set(
  'is are was were am do does did have has had can could will would shall should may might must ' +
    "isn't aren't wasn't weren't don't doesn't didn't haven't hasn't hadn't can't couldn't won't wouldn't " +
    "shouldn't mightn't mustn't",
);
/** What follows an inverted auxiliary in a question: a subject. */
const SUBJECTS = set(
  'i you we they he she it there this that these those someone somebody anyone anybody everyone everybody ' +
    'the a an my your our his her their its any all mr mrs ms dr',
);
const WH_WORDS = set('what why how where when who whom whose which');
/** Words that open a sentence of their own after a pause ("yes", "okay"). */
const INTERJECTIONS = set('yes yeah yep nope okay ok alright hello hi hey oh');
/** Openers followed by a comma only when a clause follows ("no, we", but "no one"; "well, the", but "well done"). */
const CLAUSE_OPENERS = set('no well');
const CLAUSE_STARTS = set('i you we they he she it there this that the a an my your our');
const GREETINGS = set('morning afternoon evening');
/** Words that turn "but" into "except" ("all but", "nothing but", "last but not least"): no comma. */
const BUT_EXCEPT = set('all nothing anything everything none last not');
/** Leading words a question may start with before its auxiliary ("so should we", "and what is"). */
const DISCOURSE = set('so and but okay ok well now oh also then');

interface Context {
  bare: string[];
  gaps: number[];
  binders: ReadonlySet<string>;
  english: boolean;
  options: Required<RuleOptions>;
}

function isQuestionOpening(ctx: Context, j: number): boolean {
  const first = ctx.bare[j] ?? '';
  const second = ctx.bare[j + 1] ?? '';
  if (AUXILIARIES.has(first)) return SUBJECTS.has(second);
  if (WH_WORDS.has(first)) return AUXILIARIES.has(second);
  return false;
}

function isQuestion(ctx: Context, start: number, end: number): boolean {
  let j = start;
  while (j < end && j < start + 2 && DISCOURSE.has(ctx.bare[j]!)) j += 1;
  return j < end && isQuestionOpening(ctx, j);
}

/** Whether a sentence ends after word i (i is not the last word). */
function breaksAfter(ctx: Context, i: number, sentenceStart: number): boolean {
  const gap = ctx.gaps[i]!;
  if (ctx.binders.has(ctx.bare[i]!)) return false;
  if (gap >= ctx.options.longPauseSec) return true;
  if (!ctx.english || gap < ctx.options.shortPauseSec || i - sentenceStart < 1) return false;
  const next = i + 1;
  return isQuestionOpening(ctx, next) || (INTERJECTIONS.has(ctx.bare[next]!) && next + 1 < ctx.bare.length);
}

function commaAfter(ctx: Context, i: number, start: number, end: number): boolean {
  const word = ctx.bare[i]!;
  const next = ctx.bare[i + 1] ?? '';
  const last = end - 1;
  if (i >= last) return false;
  if (i === start && INTERJECTIONS.has(word)) return true;
  if (i === start && CLAUSE_OPENERS.has(word)) return CLAUSE_STARTS.has(next);
  if (i === start + 1 && ctx.bare[start] === 'good' && GREETINGS.has(word)) return true;
  if (ctx.binders.has(word)) return false;
  if (next === 'but' && i - start >= 1 && i + 1 < last && !BUT_EXCEPT.has(word)) return true;
  if (next === 'please' && i + 1 === last && i - start >= 1) return true;
  return ctx.gaps[i]! >= ctx.options.commaPauseSec;
}

/** Sentence ranges [start, end) over the words of one utterance; the utterance's end always ends one. */
export function sentenceRanges(
  words: Word[],
  language: string,
  options: RuleOptions = {},
): [number, number][] {
  const ctx = context(words, language, options);
  const ranges: [number, number][] = [];
  let start = 0;
  for (let i = 0; i < words.length - 1; i++) {
    if (breaksAfter(ctx, i, start)) {
      ranges.push([start, i + 1]);
      start = i + 1;
    }
  }
  if (words.length > 0) ranges.push([start, words.length]);
  return ranges;
}

function context(words: Word[], language: string, options: RuleOptions): Context {
  const code = language.toLowerCase().split(/[-_]/)[0] ?? '';
  return {
    bare: words.map((w) => fold(wordParts(w.word).core)),
    gaps: words.map((w, i) => (words[i + 1] ? words[i + 1]!.start - w.end : 0)),
    binders: languageWords(code).binders,
    english: code === 'en' || code === '',
    options: { ...DEFAULTS, ...options },
  };
}

const CJK_FULL_STOP = new Set(['zh', 'ja']);

/**
 * The punctuation mark to write after each word of one utterance ('' for none): '.' or '?' at the end of each
 * sentence, ',' inside. Sentence starts are returned too, for casing.
 */
export function ruleMarks(
  words: Word[],
  language: string,
  options: RuleOptions = {},
): { marks: string[]; sentenceStarts: number[] } {
  const ctx = context(words, language, options);
  const code = language.toLowerCase().split(/[-_]/)[0] ?? '';
  const cjk = CJK_FULL_STOP.has(code);
  const marks = words.map(() => '');
  const ranges = sentenceRanges(words, language, options);
  for (const [start, end] of ranges) {
    const question = ctx.english && isQuestion(ctx, start, end);
    marks[end - 1] = question ? (cjk ? '？' : '?') : cjk ? '。' : '.';
    if (!ctx.english) continue;
    for (let i = start; i < end - 1; i++) if (commaAfter(ctx, i, start, end)) marks[i] = ',';
  }
  return { marks, sentenceStarts: ranges.map(([start]) => start) };
}

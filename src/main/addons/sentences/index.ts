import type { Sentence, Transcription, Utterance, Word } from '../../../shared/transcript';
import { closingPunctuation, joinWords } from '../custom-spelling/word-edit';
import { hasPunctuation, sentenceRanges, type RuleOptions } from '../punctuation';
import { englishNlp } from '../sentiment/nlp';

// The sentences add-on (spec §2.6): every utterance cut into sentences. A sentence never spans two utterances,
// so it has one speaker and channel. Punctuated text is split by wink-nlp's sentence boundary detection, which
// knows abbreviations ("Mr. Smith", "e.g."); text without punctuation is split where the punctuation rules
// would end a sentence (long pauses, question openings), so both kinds of transcript give the same sentences
// before and after punctuation_enhanced.

const TERMINAL = /[.!?…。！？]/u;
const CJK_LANGUAGES = new Set(['zh', 'ja', 'ko', 'yue', 'th']);
const round = (n: number): number => Math.round(n * 1000) / 1000;

/** Character offset where each word ends in `joinWords(words)`. */
function wordEnds(words: Word[]): number[] {
  const ends: number[] = [];
  let offset = 0;
  words.forEach((w, i) => {
    offset += (i === 0 ? w.word.trimStart() : /^\s/.test(w.word) ? w.word : ` ${w.word}`).length;
    ends.push(offset);
  });
  return ends;
}

/** Indexes of the words after which wink-nlp ends a sentence (only words that end with a full stop mark). */
function detectedEnds(words: Word[]): Set<number> {
  const text = joinWords(words);
  const ends = wordEnds(words);
  const found = new Set<number>();
  let cursor = 0;
  for (const sentence of englishNlp().readDoc(text).sentences().out()) {
    const at = text.indexOf(sentence, cursor);
    if (at < 0) continue;
    cursor = at + sentence.length;
    const index = ends.findIndex((end) => end >= cursor);
    if (index >= 0 && TERMINAL.test(closingPunctuation(words[index]!.word))) found.add(index);
  }
  return found;
}

/** Indexes of the words that end a sentence in a punctuated utterance. */
function punctuatedEnds(utterance: Utterance): Set<number> {
  const code = utterance.language.toLowerCase().split(/[-_]/)[0] ?? '';
  if (!CJK_LANGUAGES.has(code)) return detectedEnds(utterance.words);
  const ends = new Set<number>();
  utterance.words.forEach((w, i) => TERMINAL.test(closingPunctuation(w.word)) && ends.add(i));
  return ends;
}

/** Sentence ranges [start, end) over one utterance's words. */
export function utteranceSentenceRanges(utterance: Utterance, options: RuleOptions = {}): [number, number][] {
  const { words } = utterance;
  if (words.length === 0) return [];
  if (!hasPunctuation(utterance)) return sentenceRanges(words, utterance.language, options);
  const ends = punctuatedEnds(utterance);
  const ranges: [number, number][] = [];
  let start = 0;
  for (let i = 0; i < words.length; i++) {
    if (ends.has(i) || i === words.length - 1) {
      ranges.push([start, i + 1]);
      start = i + 1;
    }
  }
  return ranges;
}

function sentenceOf(utterance: Utterance, words: Word[]): Sentence {
  return {
    text: joinWords(words),
    start: words[0]!.start,
    end: words[words.length - 1]!.end,
    confidence: round(words.reduce((s, w) => s + w.confidence, 0) / words.length),
    channel: utterance.channel,
    ...(utterance.speaker !== undefined && { speaker: utterance.speaker }),
    language: utterance.language,
    words,
  };
}

/** Every utterance's sentences, in transcript order, with their words and times. */
export function buildSentences(t: Transcription, options: RuleOptions = {}): Sentence[] {
  return t.utterances.flatMap((u) =>
    utteranceSentenceRanges(u, options).map(([start, end]) => sentenceOf(u, u.words.slice(start, end))),
  );
}

/** The add-on's `results` (spec §2.6: an array of strings), also what `transcription.sentences` blocks hold. */
export function sentenceTexts(t: Transcription, options: RuleOptions = {}): string[] {
  return buildSentences(t, options)
    .map((s) => s.text)
    .filter((text) => text !== '');
}

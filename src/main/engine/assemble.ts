import type { Utterance, Word } from '../../shared/transcript';
import type { RecognizeResult } from './protocol';
import { sentenceCase } from './text-case';

// Turns per-segment token streams into words and utterances.

export interface RecognizedSegment {
  channel: number;
  /** Seconds from the start of the file: the range that was recognised. */
  start: number;
  end: number;
  result: RecognizeResult;
}

export interface AssembleOptions {
  language: string;
  /** A pause at least this long between two words starts a new utterance. */
  pauseSec?: number;
  /** How long the last token of a word is assumed to last. */
  tokenSec?: number;
  /** Subtracted from token times: streaming models emit a token a little after it was spoken. */
  emissionDelaySec?: number;
}

/**
 * How late a streaming zipformer stamps its tokens: first words came out 0.16-0.26 s (mean 0.21) after the
 * speech onsets of shared/audio/dialog_dev.wav with the 3.3M model. Offline models stamp from the whole input.
 */
export const STREAMING_EMISSION_DELAY_SEC = 0.2;

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const round = (n: number): number => Math.round(n * 1000) / 1000;

/** Token index ranges of the words: a token starting with a space starts a word; each CJK character is one. */
export function wordSpans(tokens: string[]): [number, number][] {
  const spans: [number, number][] = [];
  tokens.forEach((token, i) => {
    const last = spans[spans.length - 1];
    const joinsPrevious =
      last !== undefined && !token.startsWith(' ') && !CJK.test(token) && !CJK.test(tokens[i - 1] ?? '');
    if (joinsPrevious) last[1] = i + 1;
    else spans.push([i, i + 1]);
  });
  return spans;
}

function segmentWords(segment: RecognizedSegment, tokenSec: number, delaySec: number): Word[] {
  const { tokens, timestamps, logProbs } = segment.result;
  const time = (i: number): number =>
    Math.min(segment.end, Math.max(segment.start, segment.start + (timestamps[i] ?? 0) - delaySec));
  const spans = wordSpans(tokens).filter(([a, b]) => tokens.slice(a, b).join('').trim() !== '');
  return spans.map(([a, b], k) => {
    const next = spans[k + 1];
    const start = time(a);
    const end = Math.max(
      Math.min(next ? time(next[0]) : Infinity, time(b - 1) + tokenSec, segment.end),
      Math.min(start + 0.01, segment.end),
    );
    const probs = logProbs.slice(a, b);
    const meanLogProb = probs.length ? probs.reduce((s, p) => s + p, 0) / probs.length : 0;
    return {
      word: tokens.slice(a, b).join('').trim(),
      start: round(start),
      end: round(end),
      confidence: round(Math.min(1, Math.max(0, Math.exp(meanLogProb)))),
    };
  });
}

function splitAtPauses(words: Word[], pauseSec: number): Word[][] {
  const groups: Word[][] = [];
  words.forEach((word, i) => {
    const previous = words[i - 1];
    if (!previous || word.start - previous.end >= pauseSec) groups.push([word]);
    else groups[groups.length - 1]!.push(word);
  });
  return groups;
}

function joinWords(words: string[]): string {
  return words.reduce((text, w, i) => {
    if (i === 0) return w;
    const tight = CJK.test(w.charAt(0)) && CJK.test(text.charAt(text.length - 1));
    return tight ? text + w : `${text} ${w}`;
  }, '');
}

function toUtterance(words: Word[], channel: number, cased: boolean, language: string): Utterance {
  const texts = cased ? words.map((w) => w.word) : sentenceCase(words.map((w) => w.word));
  const cleaned = words.map((w, i) => ({ ...w, word: texts[i]! }));
  return {
    start: cleaned[0]!.start,
    end: cleaned[cleaned.length - 1]!.end,
    confidence: round(cleaned.reduce((s, w) => s + w.confidence, 0) / cleaned.length),
    channel,
    words: cleaned,
    text: joinWords(texts),
    language,
  };
}

/** One utterance per segment and pause-free stretch of it, sorted by start then channel; empty ones dropped. */
export function buildUtterances(segments: RecognizedSegment[], options: AssembleOptions): Utterance[] {
  const pauseSec = options.pauseSec ?? 0.8;
  const tokenSec = options.tokenSec ?? 0.25;
  const delaySec = options.emissionDelaySec ?? 0;
  const utterances: Utterance[] = [];
  for (const segment of segments) {
    const words = segmentWords(segment, tokenSec, delaySec);
    for (const group of splitAtPauses(words, pauseSec)) {
      utterances.push(toUtterance(group, segment.channel, segment.result.cased, options.language));
    }
  }
  return utterances.sort((a, b) => a.start - b.start || a.channel - b.channel);
}

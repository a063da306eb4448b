import { emotionCues, valenceOf, type Emotion } from './emotions';
import { textScore, type NlpSentence, type NlpToken } from './nlp';

export type Sentiment = 'positive' | 'negative' | 'neutral' | 'mixed' | 'unknown';

export interface SentenceFeeling {
  sentiment: Sentiment;
  emotion: Emotion;
  /**
   * How far the lexicon score sits from the decision boundary, 0.5 (on it) … 1 (far from it). It is a margin,
   * not a calibrated probability; a sentence with no sentiment words at all gets 0.9, not 1.
   */
  confidence: number;
}

/** wink-nlp scores are means of word polarities in -1 … 1; below this a sentence reads as neutral. */
export const POLARITY_THRESHOLD = 0.25;
/** A score this far from zero is as clear as the lexicon gets. */
const CLEAR_SCORE = 0.8;
const NO_EVIDENCE_CONFIDENCE = 0.9;

// Discourse markers the lexicon scores as strongly positive ("okay" 0.81, "well" 0.63, "right" 0.53) although in
// speech they only open, close or punctuate a turn. They are left out of the score in those positions.
const MARKERS = new Set(['okay', 'ok', 'alright', 'well', 'right', 'yeah', 'yes', 'sure', 'so', 'please']);
// Those that also close a turn as a tag ("…, right?"); "it went well." keeps its "well".
const TAGS = new Set(['okay', 'ok', 'alright', 'right', 'yeah', 'yes']);
const MARKER_PAIRS: Array<[string, string]> = [
  ['all', 'right'],
  ['as', 'well'],
  ['right', 'now'],
  ['right', 'away'],
  ['right', 'here'],
  ['right', 'there'],
];

// Where one clause ends and another starts, so that "great food but awful service" can be seen as mixed.
const CLAUSE_WORDS = new Set(['but', 'however', 'although', 'though', 'yet', 'whereas', 'and']);
const CLAUSE_PUNCTUATION = /^[,;:–—-]+$/;

const isWord = (token: NlpToken): boolean => token.type !== 'punctuation';
const round3 = (value: number): number => Math.round(value * 1000) / 1000;

/** Indexes of tokens that are discourse markers here rather than opinions. */
function markerIndexes(tokens: NlpToken[]): Set<number> {
  const found = new Set<number>();
  const lower = tokens.map((token) => token.normal.toLowerCase());
  // True while every word so far was a marker: "Okay, well, so…" opens a turn.
  let leading = true;
  for (let i = 0; i < tokens.length; i++) {
    if (MARKER_PAIRS.some(([a, b]) => lower[i] === a && lower[i + 1] === b)) {
      found.add(i).add(i + 1);
      i++;
      continue;
    }
    const next = tokens[i + 1];
    const beforeBreak = next === undefined || next.type === 'punctuation';
    if ((leading && MARKERS.has(lower[i]!)) || (beforeBreak && TAGS.has(lower[i]!))) found.add(i);
    else if (isWord(tokens[i]!)) leading = false;
  }
  return found;
}

/** The tokens' text, spaced as in the original so contractions ("don't") stay whole for the lexicon. */
function textOf(tokens: NlpToken[], skip: Set<number> = new Set()): string {
  let text = '';
  let previous: NlpToken | undefined;
  tokens.forEach((token, i) => {
    if (skip.has(i)) return;
    if (previous) text += token.start > previous.end ? ' ' : '';
    text += token.value;
    previous = token;
  });
  return text;
}

/** The sentence's score without its discourse markers. */
function opinionScore(sentence: NlpSentence): number {
  const markers = markerIndexes(sentence.tokens);
  if (markers.size === 0) return sentence.score;
  const rest = sentence.tokens.filter((token, i) => !markers.has(i) && isWord(token));
  return rest.length === 0 ? 0 : textScore(textOf(sentence.tokens, markers));
}

/** Scores of the sentence's clauses, or [] when it has a single clause. */
function clauseScores(tokens: NlpToken[]): number[] {
  const clauses: NlpToken[][] = [[]];
  for (const token of tokens) {
    const boundary = CLAUSE_PUNCTUATION.test(token.value) || CLAUSE_WORDS.has(token.normal.toLowerCase());
    if (boundary) {
      if (clauses[clauses.length - 1]!.length > 0) clauses.push([]);
    } else {
      clauses[clauses.length - 1]!.push(token);
    }
  }
  const filled = clauses.filter((clause) => clause.some(isWord));
  if (filled.length < 2) return [];
  return filled.map((clause) => {
    const markers = markerIndexes(clause);
    return clause.every((token, i) => markers.has(i) || !isWord(token))
      ? 0
      : textScore(textOf(clause, markers));
  });
}

const margin = (score: number): number =>
  0.5 + 0.5 * Math.min(1, Math.max(0, (score - POLARITY_THRESHOLD) / (CLEAR_SCORE - POLARITY_THRESHOLD)));

function polarityOf(sentence: NlpSentence): { sentiment: Sentiment; confidence: number; score: number } {
  const score = opinionScore(sentence);
  const clauses = clauseScores(sentence.tokens);
  const best = Math.max(0, ...clauses);
  const worst = -Math.min(0, ...clauses);
  if (best >= POLARITY_THRESHOLD && worst >= POLARITY_THRESHOLD) {
    return { sentiment: 'mixed', confidence: margin(Math.min(best, worst)), score };
  }
  if (score >= POLARITY_THRESHOLD) return { sentiment: 'positive', confidence: margin(score), score };
  if (score <= -POLARITY_THRESHOLD) return { sentiment: 'negative', confidence: margin(-score), score };
  const confidence =
    NO_EVIDENCE_CONFIDENCE - (NO_EVIDENCE_CONFIDENCE - 0.5) * (Math.abs(score) / POLARITY_THRESHOLD);
  return { sentiment: 'neutral', confidence, score };
}

const ALLOWED: Record<Exclude<Sentiment, 'unknown'>, (emotion: Emotion) => boolean> = {
  positive: (emotion) => valenceOf(emotion) !== 'negative',
  // Sympathy is a positive feeling that is voiced about bad news.
  negative: (emotion) => valenceOf(emotion) !== 'positive' || emotion === 'sympathy',
  neutral: (emotion) => valenceOf(emotion) === 'neutral',
  mixed: () => true,
};

function emotionOf(sentence: NlpSentence, sentiment: Exclude<Sentiment, 'unknown'>, score: number): Emotion {
  const counts = new Map<Emotion, number>();
  for (const cue of emotionCues(sentence.tokens)) {
    if (ALLOWED[sentiment](cue)) counts.set(cue, (counts.get(cue) ?? 0) + 1);
  }
  // Map keeps insertion order, so ties go to the cue heard first.
  let chosen: Emotion | undefined;
  for (const [emotion, count] of counts)
    if (chosen === undefined || count > counts.get(chosen)!) chosen = emotion;
  if (chosen) return chosen;
  const strong = Math.abs(score) >= 0.6;
  const fallback: Record<Exclude<Sentiment, 'unknown'>, Emotion> = {
    positive: strong ? 'elation' : 'contentment',
    negative: strong ? 'distress' : 'disappointment',
    neutral: 'neutral',
    mixed: 'neutral',
  };
  return fallback[sentiment];
}

// Cues that show a feeling even where the polarity lexicon has no word for it ("Phew, what a relief.").
// Cues that often come without feeling ("I want…", "interesting point", "we won the contract") are left out.
const TELLING = new Set<Emotion>([
  'relief',
  'amusement',
  'awe',
  'ecstatic',
  'elation',
  'positive_surprise',
  'negative_surprise',
  'fear',
  'sadness',
  'anger',
  'disgust',
  'embarrassment',
  'pain',
  'distress',
]);
const TELLING_CONFIDENCE = 0.55;

/** Sentiment, emotion and confidence of one English sentence. */
export function classifySentence(sentence: NlpSentence): SentenceFeeling {
  const { sentiment, confidence, score } = polarityOf(sentence);
  if (sentiment === 'neutral') {
    const telling = emotionCues(sentence.tokens).find((cue) => TELLING.has(cue));
    if (telling) return { sentiment: valenceOf(telling), emotion: telling, confidence: TELLING_CONFIDENCE };
  }
  const polar = sentiment as Exclude<Sentiment, 'unknown'>;
  return { sentiment, emotion: emotionOf(sentence, polar, score), confidence: round3(confidence) };
}

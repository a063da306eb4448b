import type { Transcription, Utterance, Word } from '../../../shared/transcript';

// Word-level edits shared by the text add-ons (spelling, vocabulary, punctuation). Words may carry Gladia's
// leading space (" word") or none; edits keep whichever convention the input uses, and every edit rebuilds the
// utterance's text and times and the transcript's full_transcript from the words, so all three stay consistent.

const LEADING_PUNCT = /^[\s"'“”‘’«»„‚‹›([{¿¡]+/u;
const TRAILING_PUNCT = /[.,;:!?…"'“”‘’«»‹›)\]}。，、；：！？]+$/u;

export interface WordParts {
  /** Whitespace and opening punctuation before the word (quotes, brackets, ¿ ¡). */
  lead: string;
  core: string;
  /** Closing punctuation after the word. */
  trail: string;
}

/** Splits a word into opening punctuation, the word itself and closing punctuation. */
export function wordParts(text: string): WordParts {
  const lead = LEADING_PUNCT.exec(text)?.[0] ?? '';
  const rest = text.slice(lead.length);
  const trail = TRAILING_PUNCT.exec(rest)?.[0] ?? '';
  const core = rest.slice(0, rest.length - trail.length);
  // A word made only of punctuation ("...", "-") keeps it as its core.
  if (core === '' && trail !== '') return { lead, core: trail, trail: '' };
  return { lead, core, trail };
}

/** The punctuation a word ends with; a word that is only punctuation ("。", "?") is all of it. */
export function closingPunctuation(text: string): string {
  const { core, trail } = wordParts(text);
  if (trail !== '') return trail;
  return /^[\p{P}\s]+$/u.test(core) ? core : '';
}

/** Case- and width-insensitive form for comparisons ("STRASSE" = "straße", "Ｉ" = "i"). */
export function fold(text: string): string {
  return text.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFC');
}

const round = (n: number): number => Math.round(n * 1000) / 1000;

/** The utterance text for words with or without leading spaces: one space between words, trimmed. */
export function joinWords(words: Word[]): string {
  return words
    .map((w, i) => {
      if (i === 0) return w.word.trimStart();
      return /^\s/.test(w.word) ? w.word : ` ${w.word}`;
    })
    .join('')
    .trim();
}

/**
 * True when the transcript's words carry Gladia's leading space (every word after the first of an utterance
 * starts with one), as the pipeline writes them.
 */
export function usesLeadingSpaces(utterances: Utterance[]): boolean {
  const long = utterances.filter((u) => u.words.length > 1);
  return long.length > 0 && long.every((u) => u.words.slice(1).every((w) => /^\s/.test(w.word)));
}

/** The utterance with these words: text, start, end and confidence follow from them. */
export function withWords(utterance: Utterance, words: Word[]): Utterance {
  if (words.length === 0) return { ...utterance, words, text: '' };
  const confidence = round(words.reduce((s, w) => s + w.confidence, 0) / words.length);
  return {
    ...utterance,
    start: words[0]!.start,
    end: words[words.length - 1]!.end,
    confidence,
    words,
    text: joinWords(words),
  };
}

/** full_transcript as the pipeline builds it: the utterances' texts, in order, joined by a space. */
export function fullTranscript(utterances: Utterance[]): string {
  return utterances
    .map((u) => u.text.trim())
    .filter(Boolean)
    .join(' ');
}

/** The transcription with new utterances and a full_transcript rebuilt from them; other fields kept. */
export function withUtterances(t: Transcription, utterances: Utterance[]): Transcription {
  return { ...t, utterances, full_transcript: fullTranscript(utterances) };
}

/** Strips `prefix` from the start of `text` when present (used to avoid doubled punctuation). */
function dropPrefix(text: string, prefix: string): string {
  return prefix !== '' && text.startsWith(prefix) ? text.slice(prefix.length) : text;
}

function dropSuffix(text: string, suffix: string): string {
  return suffix !== '' && text.endsWith(suffix) ? text.slice(0, text.length - suffix.length) : text;
}

export interface Replacement {
  /** First word replaced and how many. */
  index: number;
  count: number;
  /** The new text; split at spaces into as many words. */
  text: string;
  /** Opening/closing punctuation that belongs to the matched phrase itself and is not kept from the words. */
  consumedLead?: string;
  consumedTrail?: string;
}

/**
 * Replaces `count` words from `index` by the words of `text`, keeping the punctuation around the span (a
 * replaced "claw." becomes "call."), unless the replacement already ends with it. As many new words as old
 * keep the old words' times and confidences; otherwise the new words share the span's time in proportion to
 * their length, with the old words' mean confidence.
 */
export function replaceWords(words: Word[], r: Replacement, leadingSpaces: boolean): Word[] {
  const span = words.slice(r.index, r.index + r.count);
  if (span.length === 0) return words;
  const first = wordParts(span[0]!.word);
  const last = wordParts(span[span.length - 1]!.word);
  const leadSpace = /^\s*/.exec(first.lead)?.[0] ?? '';
  const leadPunct = dropSuffix(first.lead.slice(leadSpace.length), r.consumedLead ?? '');
  let trail = dropPrefix(last.trail, r.consumedTrail ?? '');
  const tokens = r.text.trim().split(/\s+/u).filter(Boolean);
  if (tokens.length === 0) return [...words.slice(0, r.index), ...words.slice(r.index + r.count)];
  const lastToken = tokens[tokens.length - 1]!;
  // "Inc." followed by the sentence's "." is written once.
  if (trail !== '' && lastToken.endsWith(trail.charAt(0))) trail = trail.slice(1);
  const texts = tokens.map((token, i) => {
    let text = token;
    if (i === 0) text = leadPunct + text;
    if (i === tokens.length - 1) text += trail;
    return text;
  });

  const prefixOf = (i: number) => (i === 0 ? leadSpace : leadingSpaces ? ' ' : '');
  // As many words as before: each keeps its own time and confidence.
  if (texts.length === span.length) {
    const replaced = span.map((w, i) => ({ ...w, word: prefixOf(i) + texts[i]! }));
    return [...words.slice(0, r.index), ...replaced, ...words.slice(r.index + r.count)];
  }
  const start = span[0]!.start;
  const end = span[span.length - 1]!.end;
  const confidence = round(span.reduce((s, w) => s + w.confidence, 0) / span.length);
  const weights = tokens.map((t) => Math.max(1, [...t].length));
  const total = weights.reduce((a, b) => a + b, 0);
  let cursor = start;
  const replaced: Word[] = texts.map((text, i) => {
    const wordStart = cursor;
    const wordEnd = i === texts.length - 1 ? end : round(cursor + ((end - start) * weights[i]!) / total);
    cursor = wordEnd;
    return { word: prefixOf(i) + text, start: round(wordStart), end: round(wordEnd), confidence };
  });
  return [...words.slice(0, r.index), ...replaced, ...words.slice(r.index + r.count)];
}

/**
 * Applies non-overlapping replacements (any order) to the words. Later replacements are applied first so that
 * indexes stay valid.
 */
export function replaceAll(words: Word[], replacements: Replacement[], leadingSpaces: boolean): Word[] {
  const sorted = [...replacements].sort((a, b) => b.index - a.index);
  return sorted.reduce((ws, r) => replaceWords(ws, r, leadingSpaces), words);
}

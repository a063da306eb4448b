import type { Transcription } from '../../../shared/transcript';
import { readText, type NlpToken } from '../sentiment/nlp';

/** A sentence of the transcript, the thing an extractive summary picks. */
export interface Unit {
  /** Position in the transcript. */
  index: number;
  text: string;
  /** Content-word lemmas, lower-cased, in order (with repeats). */
  terms: string[];
  words: number;
}

/**
 * Speech recognition without punctuation gives whole utterances as one "sentence". Past this many words such a
 * run is cut into pieces of at most PIECE_WORDS, at commas where there are any, so a summary can still quote
 * something readable.
 */
export const MAX_UNIT_WORDS = 60;
export const PIECE_WORDS = 35;

// Parts of speech that carry content; pronouns, auxiliaries and the like only add noise to similarity.
const CONTENT_POS = new Set(['NOUN', 'PROPN', 'VERB', 'ADJ', 'ADV', 'NUM']);
const CLAUSE_END = /^[,;:–—]$/;

const isWord = (token: NlpToken): boolean => token.type !== 'punctuation';
const wordCount = (tokens: NlpToken[]): number => tokens.filter(isWord).length;

function termsOf(tokens: NlpToken[]): string[] {
  return tokens
    .filter(
      (token) => isWord(token) && !token.stopWord && CONTENT_POS.has(token.pos) && /\p{L}/u.test(token.value),
    )
    .map((token) => token.lemma.toLowerCase())
    .filter((lemma) => lemma.length > 1);
}

/** Cuts a token run into evenly sized pieces of at most PIECE_WORDS words. */
function evenly(tokens: NlpToken[]): NlpToken[][] {
  const words = wordCount(tokens);
  const size = Math.ceil(words / Math.ceil(words / PIECE_WORDS));
  const out: NlpToken[][] = [[]];
  let inPiece = 0;
  for (const token of tokens) {
    if (isWord(token) && inPiece === size) {
      out.push([]);
      inPiece = 0;
    }
    out[out.length - 1]!.push(token);
    if (isWord(token)) inPiece++;
  }
  return out;
}

/** A sentence as it is, or a run-on one cut at its commas (then evenly) into pieces of at most PIECE_WORDS. */
function pieces(tokens: NlpToken[]): NlpToken[][] {
  if (wordCount(tokens) <= MAX_UNIT_WORDS) return [tokens];
  const clauses: NlpToken[][] = [[]];
  for (const token of tokens) {
    clauses[clauses.length - 1]!.push(token);
    if (CLAUSE_END.test(token.value)) clauses.push([]);
  }
  const parts = clauses.flatMap((clause) => (wordCount(clause) > PIECE_WORDS ? evenly(clause) : [clause]));
  const out: NlpToken[][] = [];
  for (const part of parts) {
    const last = out[out.length - 1];
    if (last && wordCount(last) + wordCount(part) <= PIECE_WORDS) last.push(...part);
    else out.push([...part]);
  }
  return out;
}

/** The transcript's sentences, utterance by utterance (the full transcript when there are no utterances). */
export function transcriptUnits(t: Transcription): Unit[] {
  const texts = (t.utterances ?? []).map((utterance) => utterance.text);
  if (texts.every((text) => text.trim() === '') && (t.full_transcript ?? '').trim() !== '') {
    texts.splice(0, texts.length, t.full_transcript);
  }
  const units: Unit[] = [];
  for (const text of texts) {
    if (text.trim() === '') continue;
    for (const sentence of readText(text)) {
      for (const piece of pieces(sentence.tokens)) {
        const words = piece.filter(isWord).length;
        if (words === 0) continue;
        const from = piece[0]!.start;
        const to = piece[piece.length - 1]!.end;
        units.push({ index: units.length, text: text.slice(from, to), terms: termsOf(piece), words });
      }
    }
  }
  return units;
}

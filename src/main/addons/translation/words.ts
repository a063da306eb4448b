import type { Word } from '../../../shared/transcript';
import { isUnspaced } from '../llm/languages';

/** The words of a translated text: by spaces, or by Intl.Segmenter for languages written without them. */
export function tokenize(text: string, language: string): string[] {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (!clean) return [];
  if (!isUnspaced(language)) return clean.split(' ');
  const tokens: string[] = [];
  for (const { segment, isWordLike } of new Intl.Segmenter(language, { granularity: 'word' }).segment(
    clean,
  )) {
    if (segment.trim() === '') continue;
    // Punctuation joins the word before it, as in the engines' output for spaced languages.
    if (!isWordLike && tokens.length > 0) tokens[tokens.length - 1] += segment;
    else tokens.push(segment);
  }
  return tokens;
}

/** The separator between a language's words and between its utterances in a full transcript. */
export const wordSeparator = (language: string): string => (isUnspaced(language) ? '' : ' ');

/**
 * Translated words timed over the original span: each word gets a share of [start, end] in proportion to its
 * length, back to back, so subtitles built from them fall where the original speech was. Words after the first
 * carry a leading space in spaced languages, as the engines' words do.
 */
export function spreadWords(
  text: string,
  language: string,
  start: number,
  end: number,
  confidence: number,
): Word[] {
  const tokens = tokenize(text, language);
  if (tokens.length === 0) return [];
  const weights = tokens.map((token) => Math.max(1, [...token].length));
  const total = weights.reduce((sum, w) => sum + w, 0);
  const span = Math.max(0, end - start);
  const separator = wordSeparator(language);
  const round = (seconds: number): number => Math.round(seconds * 1000) / 1000;
  let at = start;
  return tokens.map((token, i) => {
    const wordStart = at;
    at = i === tokens.length - 1 ? end : at + (span * weights[i]!) / total;
    return {
      word: i === 0 ? token : `${separator}${token}`,
      start: round(wordStart),
      end: round(Math.max(wordStart, at)),
      confidence,
    };
  });
}

/** Sentences of a translated passage, with Intl.Segmenter's rules for the language. */
export function sentencesOf(text: string, language: string): string[] {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (!clean) return [];
  const segmenter = new Intl.Segmenter(language, { granularity: 'sentence' });
  return [...segmenter.segment(clean)].map((s) => s.segment.trim()).filter(Boolean);
}

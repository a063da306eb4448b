import type { Utterance } from '../../../shared/transcript';

/** A word ready for captioning: trimmed text, times in whole milliseconds, 0 <= start <= end. */
export interface TimedWord {
  text: string;
  start: number;
  end: number;
}

const toMs = (seconds: number): number => Math.max(0, Math.round(seconds * 1000));
const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

// Newlines or tabs inside a word would break the SRT/VTT block structure.
const cleanText = (text: unknown): string =>
  typeof text === 'string' ? text.replace(/\s+/g, ' ').trim() : '';

/** Without word timings, spread the text's words evenly over the utterance. */
function wordsFromText(utterance: Utterance): TimedWord[] {
  const tokens = cleanText(utterance.text).split(' ').filter(Boolean);
  if (tokens.length === 0 || !finite(utterance.start)) return [];
  const start = toMs(utterance.start);
  const end = finite(utterance.end) ? Math.max(start, toMs(utterance.end)) : start;
  const step = (end - start) / tokens.length;
  return tokens.map((text, i) => ({
    text,
    start: Math.round(start + i * step),
    end: Math.round(start + (i + 1) * step),
  }));
}

/**
 * The utterance's words with times made usable: blank words dropped, missing or non-finite times taken
 * from the previous word (or the utterance start), negative times clamped to 0 and end never before start.
 */
export function utteranceWords(utterance: Utterance): TimedWord[] {
  const words = Array.isArray(utterance.words) ? utterance.words : [];
  if (words.length === 0) return wordsFromText(utterance);
  const out: TimedWord[] = [];
  let previousEnd = finite(utterance.start) ? toMs(utterance.start) : 0;
  for (const word of words) {
    const text = cleanText(word?.word);
    if (!text) continue;
    const start = finite(word.start) ? toMs(word.start) : previousEnd;
    const end = finite(word.end) ? Math.max(start, toMs(word.end)) : start;
    out.push({ text, start, end });
    previousEnd = end;
  }
  return out;
}

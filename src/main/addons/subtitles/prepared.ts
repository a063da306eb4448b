import { breakCost, endsSentence, type LanguageWords } from './break-rules';
import type { TimedWord } from './words';

/** Characters as a viewer counts them: code points, so an emoji or accented letter is one. */
export const textLength = (text: string): number => [...text].length;

/** An utterance's words with what the layout asks about them again and again computed once. */
export interface PreparedWords {
  words: readonly TimedWord[];
  /** charsBefore[i] = characters of words[0..i) joined by spaces, plus one trailing space. */
  charsBefore: number[];
  /** sentencesBefore[i] = how many of words[0..i) end a sentence. */
  sentencesBefore: number[];
  /** breakAfter[i] = cost of a break between words[i] and words[i + 1] (0 after the last word). */
  breakAfter: number[];
}

export function prepareWords(words: readonly TimedWord[], language: LanguageWords): PreparedWords {
  const charsBefore = [0];
  const sentencesBefore = [0];
  const breakAfter: number[] = [];
  words.forEach((word, i) => {
    charsBefore.push(charsBefore[i]! + textLength(word.text) + 1);
    sentencesBefore.push(sentencesBefore[i]! + (endsSentence(word.text, language) ? 1 : 0));
    breakAfter.push(breakCost(word, words[i + 1], language));
  });
  return { words, charsBefore, sentencesBefore, breakAfter };
}

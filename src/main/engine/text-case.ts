// Sentence case for models that write in capitals ("AND SO MY FELLOW AMERICANS" → "And so my fellow americans").
// Without a truecaser, names stay lower-case; the pronoun "I" and its contractions are the one safe fix.

const PRONOUN_I = /^i(?:'(?:m|ll|ve|d))?$/;

/** Lower-cases the words, capitalises the first letter of the first one and restores "I", "I'm", "I'll"… */
export function sentenceCase(words: string[]): string[] {
  return words.map((word, index) => {
    const lower = word.toLowerCase();
    if (PRONOUN_I.test(lower)) return `I${lower.slice(1)}`;
    return index === 0 ? capitalise(lower) : lower;
  });
}

/** Upper-cases the first letter, leaving the rest as it is ("¿qué" → "¿Qué"). */
export function capitalise(word: string): string {
  const first = word.search(/\p{L}/u);
  if (first < 0) return word;
  return word.slice(0, first) + word.charAt(first).toUpperCase() + word.slice(first + 1);
}

// talisman 1.1.4 ships no type declarations; these are the two phonetic functions custom_vocabulary uses.

declare module 'talisman/phonetics/double-metaphone' {
  /** Primary and alternate Double Metaphone codes, each at most four letters. */
  export default function doubleMetaphone(word: string): [string, string];
}

declare module 'talisman/phonetics/metaphone' {
  /** The Metaphone code of a word (not truncated). */
  export default function metaphone(word: string): string;
}

import type { TimedWord } from './words';

/**
 * Where text may be broken, between rows or between captions, following timed-text style guides
 * (Netflix, BBC): best after a sentence, then after a clause (comma, semicolon...), then before a
 * conjunction or preposition; never right after an article, a preposition, a conjunction, a possessive
 * or a title, which would leave it dangling away from the words it belongs to.
 */

export interface LanguageWords {
  /** Words a new row or caption may start with: conjunctions and prepositions. */
  openers: ReadonlySet<string>;
  /** Words a row or caption should not end with. */
  binders: ReadonlySet<string>;
  /** Titles and abbreviations that are followed by more of the sentence, so their period ends nothing. */
  abbreviations: ReadonlySet<string>;
}

const set = (words: string): ReadonlySet<string> => new Set(words.split(/\s+/).filter(Boolean));

const CONJ_EN =
  'and but or nor so yet because although though while whereas if unless since when whenever where ' +
  'wherever whether that which who whom whose than as until till before after once';
const PREP_EN =
  'of in on at to for with from by about into onto over under through between among during without ' +
  'within across against around behind beyond toward towards upon like near off via per';
const CONJ_FR = 'et mais ou donc or ni car que qui quand lorsque puisque si comme parce quoique dont';
const PREP_FR =
  'de du des à au aux dans sur sous pour par avec sans chez vers entre contre pendant depuis après avant';
const CONJ_ES = 'y e o u pero sino que porque aunque si cuando como mientras donde pues ni';
const PREP_ES =
  'de del a al en con por para sin sobre entre hacia hasta desde durante contra según tras ante bajo';
const CONJ_DE = 'und aber oder denn sondern dass weil wenn als ob obwohl während damit bevor nachdem sodass';
const PREP_DE =
  'von vom zu zum zur in im an am auf aus bei mit nach seit über unter für durch gegen ohne um vor hinter';

const LANGUAGES: Record<string, LanguageWords> = {
  en: {
    openers: set(`${CONJ_EN} ${PREP_EN}`),
    binders: set(
      `${CONJ_EN} ${PREP_EN} a an the this these those my your his her its our their some any no every each ` +
        'i we they he she mr mrs ms dr st mr. mrs. ms. dr. st. very not',
    ),
    abbreviations: set('mr. mrs. ms. dr. prof. st. vs. e.g. i.e.'),
  },
  fr: {
    openers: set(`${CONJ_FR} ${PREP_FR}`),
    binders: set(
      `${CONJ_FR} ${PREP_FR} le la les l' un une ce cet cette ces mon ma mes ton ta tes son sa ses je tu il elle nous vous ils elles ne`,
    ),
    abbreviations: set('m. mme. mlle. dr. pr. st.'),
  },
  es: {
    openers: set(`${CONJ_ES} ${PREP_ES}`),
    binders: set(
      `${CONJ_ES} ${PREP_ES} el la los las un una unos unas este esta estos estas mi mis tu tus su sus no`,
    ),
    abbreviations: set('sr. sra. srta. dr. dra.'),
  },
  de: {
    openers: set(`${CONJ_DE} ${PREP_DE}`),
    binders: set(
      `${CONJ_DE} ${PREP_DE} der die das den dem des ein eine einen einem einer mein meine dein deine sein seine ihr ihre`,
    ),
    abbreviations: set('dr. hr. fr. prof. z.b. bzw. ca.'),
  },
};

const NO_WORDS: LanguageWords = { openers: new Set(), binders: new Set(), abbreviations: new Set() };

export function languageWords(language: string | undefined): LanguageWords {
  const code = (language ?? '').toLowerCase().split(/[-_]/)[0] ?? '';
  return LANGUAGES[code] ?? NO_WORDS;
}

// Quotes and brackets around a word do not change what it is.
const bare = (text: string): string =>
  text.toLowerCase().replace(/^[\s"'“”‘’«»([{¿¡]+|[\s"'“”‘’«»)\]}]+$/g, '');
const withoutPunctuation = (text: string): string => bare(text).replace(/[.,;:!?…]+$/, '');

const SENTENCE_END = /[.!?…。！？]["'”’»)\]]*$/;
const CLAUSE_END = /[,;:،，；：]["'”’»)\]]*$|[-–—]$/;

export function endsSentence(text: string, words: LanguageWords): boolean {
  return SENTENCE_END.test(text) && !words.abbreviations.has(bare(text));
}

const BREAK = {
  sentence: 0,
  clause: 0.25,
  beforeOpener: 0.5,
  plain: 1,
  dangling: 3,
} as const;

/**
 * Cost of breaking between `word` and `next`: 0 for the best places, higher for worse ones. A pause in
 * the speech makes any break more natural, so it lowers the cost.
 */
export function breakCost(word: TimedWord, next: TimedWord | undefined, words: LanguageWords): number {
  if (!next) return 0;
  let cost: number;
  if (endsSentence(word.text, words)) cost = BREAK.sentence;
  else if (CLAUSE_END.test(word.text)) cost = BREAK.clause;
  else if (words.binders.has(withoutPunctuation(word.text)) || words.abbreviations.has(bare(word.text)))
    cost = BREAK.dangling;
  else if (words.openers.has(withoutPunctuation(next.text))) cost = BREAK.beforeOpener;
  else cost = BREAK.plain;
  const pause = next.start - word.end;
  if (pause >= 700) return cost * 0.25;
  if (pause >= 300) return cost * 0.6;
  return cost;
}

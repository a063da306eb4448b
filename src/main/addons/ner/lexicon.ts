import ISO6391 from 'iso-639-1';
import * as business from './lexicons/business';
import * as health from './lexicons/health';
import * as personal from './lexicons/personal';
import * as places from './lexicons/places';
import { endsClause, type Token } from './tokens';
import { PRIORITY, type Detection, type EntityType } from './types';

// Phrase lists matched on whole tokens, longest phrase first, plus the few phrases that need a word
// around them to mean what they say ("single" after "I'm", "cancer" beside "sign").

type Phrases = Map<string, string[][]>;

function phrases(list: string): Phrases {
  const map: Phrases = new Map();
  for (const phrase of list.split('|')) {
    const words = phrase.trim().split(/\s+/);
    if (words[0] === '') continue;
    const bucket = map.get(words[0]!) ?? [];
    bucket.push(words);
    map.set(words[0]!, bucket);
  }
  for (const bucket of map.values()) bucket.sort((a, b) => b.length - a.length);
  return map;
}

const norm = (t: Token | undefined): string => (t ? t.lower.replace(/'s$/, '') : '');

/** The last token of the longest phrase starting at token i, or -1. A possessive may end the phrase. */
function matchAt(tokens: Token[], i: number, table: Phrases): number {
  const first = tokens[i];
  if (!first) return -1;
  const candidates = [...(table.get(first.lower) ?? []), ...(table.get(norm(first)) ?? [])];
  let best = -1;
  for (const words of candidates) {
    let ok = true;
    for (let k = 0; k < words.length && ok; k++) {
      const t = tokens[i + k];
      const last = k === words.length - 1;
      ok =
        !!t &&
        (k === 0 || !endsClause(tokens[i + k - 1])) &&
        (t.lower === words[k] || (last && norm(t) === words[k]));
    }
    if (ok) best = Math.max(best, i + words.length - 1);
  }
  return best;
}

/** Language names from ISO 639-1, without the few that are everyday words. */
const LANGUAGE_STOP = new Set([
  'ewe',
  'ido',
  'yi',
  'ga',
  'pali',
  'tonga',
  'kongo',
  'sango',
  'herero',
  'avaric',
  'manx',
]);
const LANGUAGES = phrases(
  ISO6391.getAllNames()
    .flatMap((name) => name.toLowerCase().split(/[;,()]/))
    .map((n) => n.trim())
    .filter((n) => n && !LANGUAGE_STOP.has(n))
    .concat([
      'mandarin',
      'cantonese',
      'sign language',
      'american sign language',
      'asl',
      'farsi',
      'tagalog',
      'creole',
    ])
    .join('|'),
);
const LANGUAGE_BEFORE =
  /^(speak|speaks|spoke|speaking|spoken|in|learn|learning|learned|learnt|study|studying|fluent|native|translate|translated|translating|into|understand|understands|read|write|taught|teach|teaches)$/;
const LANGUAGE_AFTER =
  /^(language|speaker|speakers|translation|translator|interpreter|version|subtitles|class|classes|lessons|teacher|course|fluently)$/;

const ORIGINS = phrases(personal.ORIGINS);

const TABLES: Array<[EntityType, Phrases, number]> = [
  ['CONDITION', phrases(health.CONDITIONS), PRIORITY.lexicon],
  ['DRUG', phrases(health.DRUGS), PRIORITY.lexicon],
  ['MEDICAL_PROCESS', phrases(health.MEDICAL_PROCESSES), PRIORITY.lexicon],
  ['INJURY', phrases(health.INJURIES), PRIORITY.lexicon],
  ['RELIGION', phrases(personal.RELIGIONS), PRIORITY.lexicon],
  ['POLITICAL_AFFILIATION', phrases(personal.POLITICAL), PRIORITY.lexicon],
  ['GENDER', phrases(personal.GENDERS), PRIORITY.lexicon],
  ['SEXUALITY', phrases(personal.SEXUALITIES), PRIORITY.lexicon],
  ['MARITAL_STATUS', phrases(personal.MARITAL_STATUSES), PRIORITY.lexicon],
  ['ZODIAC_SIGN', phrases(personal.ZODIAC_SIGNS), PRIORITY.lexicon],
  ['ORIGIN', ORIGINS, PRIORITY.nlp + 1],
  ['PHYSICAL_ATTRIBUTE', phrases(personal.PHYSICAL), PRIORITY.lexicon],
  ['OCCUPATION', phrases(personal.OCCUPATIONS), PRIORITY.lexicon],
  ['EVENT', phrases(business.EVENTS), PRIORITY.lexicon + 2],
  ['PRODUCT', phrases(business.PRODUCTS), PRIORITY.nlp + 1],
  ['CORPORATE_ACTION', phrases(business.CORPORATE_ACTIONS), PRIORITY.lexicon],
  ['FINANCIAL_METRIC', phrases(business.FINANCIAL_METRICS), PRIORITY.lexicon],
  ['LOCATION_COUNTRY', phrases(places.COUNTRIES), PRIORITY.nlp + 1],
  ['LOCATION_STATE', phrases(places.STATES), PRIORITY.nlp + 1],
  ['LOCATION_CITY', phrases(places.CITIES), PRIORITY.nlp + 2],
];

const MARITAL_AFTER = phrases(personal.MARITAL_AFTER_COPULA);
const COPULA = /^(i'm|im|am|is|are|was|were|she's|he's|they're|being|currently|now|recently|got|still)$/;
const SIGNS = phrases(personal.AMBIGUOUS_SIGNS);
const SIGN_CONTEXT = /\b(sign|zodiac|horoscope|star sign|astrology)\b/;
const INJURY_VERBS = phrases(health.INJURY_VERBS);
const BODY_PARTS = phrases(health.BODY_PARTS);
const TREND_WORDS = phrases(business.TREND_WORDS);
const TREND_OBJECTS = phrases(business.TREND_OBJECTS);
const EFFECT_VERBS = phrases(business.EFFECT_VERBS);
const EFFECT_OBJECTS = phrases(business.EFFECT_OBJECTS);
const DETERMINERS = /^(my|his|her|their|your|our|a|the|its|this|that|both)$/;
const BLOOD = /^(a|b|ab|o|a\+|b\+|ab\+|o\+|a-|b-|ab-|o-)$/;
const BLOOD_SIGN = /^(positive|negative|pos|neg)$/;

/** Word pairs with an optional determiner between: "broke my arm", "weighed on earnings". */
function pairAt(tokens: Token[], i: number, first: Phrases, second: Phrases, gap: number): number {
  const a = matchAt(tokens, i, first);
  if (a < 0 || endsClause(tokens[a])) return -1;
  for (let k = a + 1; k <= a + 1 + gap && k < tokens.length; k++) {
    const b = matchAt(tokens, k, second);
    if (b >= 0) return b;
    if (endsClause(tokens[k]) || (k > a + 1 && !DETERMINERS.test(tokens[k - 1]!.lower) && gap === 1)) break;
  }
  return -1;
}

function contextual(tokens: Token[], i: number): Detection | null {
  const before = tokens[i - 1]?.lower ?? '';
  const window = tokens
    .slice(Math.max(0, i - 4), i + 4)
    .map((t) => t.lower)
    .join(' ');
  let end = matchAt(tokens, i, MARITAL_AFTER);
  if (end >= 0 && COPULA.test(before))
    return { type: 'MARITAL_STATUS', first: i, last: end, priority: PRIORITY.lexicon };
  end = matchAt(tokens, i, SIGNS);
  if (
    end >= 0 &&
    (SIGN_CONTEXT.test(window) || (before === 'a' && COPULA.test(tokens[i - 2]?.lower ?? '')))
  ) {
    return { type: 'ZODIAC_SIGN', first: i, last: end, priority: PRIORITY.lexicon + 1 };
  }
  end = pairAt(tokens, i, INJURY_VERBS, BODY_PARTS, 1);
  if (end >= 0) return { type: 'INJURY', first: i, last: end, priority: PRIORITY.lexicon };
  end = pairAt(tokens, i, TREND_WORDS, TREND_OBJECTS, 1);
  if (end >= 0) return { type: 'TREND', first: i, last: end, priority: PRIORITY.lexicon };
  end = pairAt(tokens, i, EFFECT_VERBS, EFFECT_OBJECTS, 1);
  if (end >= 0) return { type: 'EFFECT', first: i, last: end, priority: PRIORITY.lexicon };
  // Blood types: "O negative", "type AB positive"; "a"/"b" only after "type" or "blood".
  const w = tokens[i]!.lower;
  if (BLOOD.test(w)) {
    const signed = /[+-]$/.test(w);
    const next = tokens[i + 1]?.lower ?? '';
    const cued = /\b(type|blood|group)\b/.test(
      tokens
        .slice(Math.max(0, i - 3), i)
        .map((t) => t.lower)
        .join(' '),
    );
    if (
      (signed && cued) ||
      (BLOOD_SIGN.test(next) && !endsClause(tokens[i]) && (cued || /^(ab|o)$/.test(w)))
    ) {
      return { type: 'BLOOD_TYPE', first: i, last: signed ? i : i + 1, priority: PRIORITY.grammar };
    }
  }
  end = matchAt(tokens, i, LANGUAGES);
  if (end >= 0 && (languageContext(tokens, i, end) || matchAt(tokens, i, ORIGINS) < 0)) {
    return { type: 'LANGUAGE', first: i, last: end, priority: PRIORITY.nlp + 2 };
  }
  return null;
}

/**
 * Whether a language name is used as a language: "speak french", "french lessons", or listed after one
 * ("speak french, spanish and german").
 */
function languageContext(tokens: Token[], i: number, end: number, depth = 0): boolean {
  const before = tokens[i - 1]?.lower ?? '';
  if (LANGUAGE_BEFORE.test(before) || LANGUAGE_AFTER.test(tokens[end + 1]?.lower ?? '')) return true;
  const listed = /^(and|or)$/.test(before) ? i - 2 : /,$/.test(tokens[i - 1]?.after ?? '') ? i - 1 : -1;
  if (listed < 0 || depth > 4) return false;
  let start = listed;
  while (start > 0 && matchAt(tokens, start, LANGUAGES) !== listed) start--;
  return matchAt(tokens, start, LANGUAGES) === listed && languageContext(tokens, start, listed, depth + 1);
}

/** Project names: "project phoenix", "operation overlord". */
const PROJECT_CUE = /^(project|operation|codename|initiative)$/;
const NOT_PROJECT_NAMES = new Set(
  'manager management managers plan plans team teams lead leads deadline deadlines budget budgets meeting meetings scope proposal timeline status update updates report reports is was will would should can could has had have and or but the a an to of in on for with that this it we i you they he she went goes'.split(
    ' ',
  ),
);

function project(tokens: Token[], i: number, tags: Set<string>[]): Detection | null {
  if (!PROJECT_CUE.test(tokens[i]!.lower) || endsClause(tokens[i])) return null;
  const next = tokens[i + 1];
  if (!next || NOT_PROJECT_NAMES.has(next.lower) || !/^\p{L}[\p{L}\d-]*$/u.test(next.core)) return null;
  const t = tags[i + 1]!;
  if (t.has('Verb') || t.has('Adverb') || t.has('Adjective') || t.has('Preposition') || t.has('Plural'))
    return null;
  return { type: 'PROJECT', first: i, last: i + 1, priority: PRIORITY.nlp + 1 };
}

export function detectLexicon(tokens: Token[], tags: Set<string>[]): Detection[] {
  const found: Detection[] = [];
  for (let i = 0; i < tokens.length; i++) {
    for (const [type, table, priority] of TABLES) {
      const end = matchAt(tokens, i, table);
      if (end >= 0) found.push({ type, first: i, last: end, priority });
    }
    const special = contextual(tokens, i) ?? project(tokens, i, tags);
    if (special) found.push(special);
  }
  return found;
}

import type { Transcription, Utterance } from '../../../shared/transcript';
import { classesOf, moderationLexicon, type Classification } from './lexicon';

export type { Classification } from './lexicon';

export type ModerationType = 'HATEFUL' | 'VIOLENT' | 'SEXUAL' | 'PROFANE';
export type Severity = 'LOW' | 'MEDIUM' | 'HIGH';

/**
 * One utterance that needs moderating. Gladia's docs (content moderation page) show `utterance_id`, `text` with
 * the offending words starred out, `type`, `severity` and `classifications`; the timing and speaker fields are
 * added so a client can find the passage without looking the utterance up.
 */
export interface ModerationResult {
  /** Index of the utterance in `transcription.utterances`. */
  utterance_id: number;
  text: string;
  type: ModerationType;
  severity: Severity;
  classifications: Classification[];
  start: number;
  end: number;
  channel: number;
  speaker?: number;
}

const SEVERITY_OF: Record<Classification, Severity> = {
  SLUR: 'HIGH',
  THREAT: 'HIGH',
  INSULT: 'MEDIUM',
  SEXUAL: 'MEDIUM',
  VULGARITY: 'LOW',
};
const LEVELS: Severity[] = ['LOW', 'MEDIUM', 'HIGH'];
/** From this many flagged terms in one utterance, severity goes up a level. */
const PILE_UP = 3;

// Ordered by precedence: an utterance with a slur and swearing is hateful before it is profane.
const TYPE_RULES: Array<[ModerationType, Classification[]]> = [
  ['HATEFUL', ['SLUR', 'INSULT']],
  ['VIOLENT', ['THREAT']],
  ['SEXUAL', ['SEXUAL']],
  ['PROFANE', ['VULGARITY']],
];
const CLASS_ORDER: Classification[] = ['SLUR', 'THREAT', 'INSULT', 'SEXUAL', 'VULGARITY'];

// Ordinary words and phrases that contain a listed term.
const BENIGN = [/\bshiitakes?\b/gi, /\b(?:magna |summa )?cum laude\b/gi, /\bscunthorpe\b/gi];

/** Only English is covered by the word list; in other languages it finds false friends ("negro" = black). */
const isEnglish = (language: string): boolean => language === '' || /^en(\b|[-_])/i.test(language);

interface Hit {
  start: number;
  /** Exclusive. */
  end: number;
  classes: Classification[];
}

function benignSpans(text: string): Array<[number, number]> {
  return BENIGN.flatMap((re) =>
    [...text.matchAll(re)].map((m): [number, number] => [m.index, m.index + m[0].length]),
  );
}

/** Terms found in the text, with their classes, in order. */
export function findTerms(text: string): Hit[] {
  const { dataset, matcher } = moderationLexicon();
  const benign = benignSpans(text);
  const hits: Hit[] = [];
  for (const match of matcher.getAllMatches(text, true)) {
    const term = dataset.getPayloadWithPhraseMetadata(match).phraseMetadata?.originalWord ?? '';
    const start = match.startIndex;
    const end = match.endIndex + 1;
    if (benign.some(([from, to]) => start >= from && end <= to)) continue;
    // A pattern may match twice at one place (obscenity lists "shit" under two patterns).
    if (hits.some((hit) => hit.start === start && hit.end === end)) continue;
    hits.push({ start, end, classes: classesOf(term) });
  }
  return hits;
}

const WORD_CHAR = /[\p{L}\p{N}*]/u;

/** The text with every offensive word starred out whole ("fucking" → "*******"); threats are left readable. */
export function maskTerms(text: string, hits: Hit[]): string {
  // UTF-16 code units, the indexes the matcher reports.
  const units = text.split('');
  for (const hit of hits) {
    if (hit.classes.every((c) => c === 'THREAT')) continue;
    let from = hit.start;
    let to = hit.end;
    while (from > 0 && WORD_CHAR.test(units[from - 1]!)) from--;
    while (to < units.length && WORD_CHAR.test(units[to]!)) to++;
    for (let i = from; i < to; i++) if (!/\s/.test(units[i]!)) units[i] = '*';
  }
  return units.join('');
}

function severityOf(hits: Hit[], classes: Classification[]): Severity {
  let level = Math.max(...classes.map((c) => LEVELS.indexOf(SEVERITY_OF[c])));
  if (hits.length >= PILE_UP) level = Math.min(LEVELS.length - 1, level + 1);
  return LEVELS[level]!;
}

/** The moderation verdict on one utterance, or null when there is nothing to moderate. */
export function moderateUtterance(utterance: Utterance, index: number): ModerationResult | null {
  if (!isEnglish(utterance.language ?? '')) return null;
  const hits = findTerms(utterance.text);
  if (hits.length === 0) return null;
  const present = new Set(hits.flatMap((hit) => hit.classes));
  const classifications = CLASS_ORDER.filter((c) => present.has(c));
  const type = TYPE_RULES.find(([, classes]) => classes.some((c) => present.has(c)))?.[0] ?? 'PROFANE';
  return {
    utterance_id: index,
    text: maskTerms(utterance.text, hits),
    type,
    severity: severityOf(hits, classifications),
    classifications,
    start: utterance.start,
    end: utterance.end,
    channel: utterance.channel,
    ...(typeof utterance.speaker === 'number' ? { speaker: utterance.speaker } : {}),
  };
}

/** The moderation add-on: one entry per utterance that holds offensive or threatening language. */
export function moderate(t: Transcription): ModerationResult[] {
  return (t.utterances ?? []).flatMap((utterance, index) => moderateUtterance(utterance, index) ?? []);
}

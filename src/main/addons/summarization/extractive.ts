import type { Transcription } from '../../../shared/transcript';
import { cosine, pageRank, similarityGraph, tfidfVectors } from './textrank';
import { transcriptUnits, type Unit } from './units';

export type SummaryType = 'general' | 'bullet_points' | 'concise';

/** Sentences with fewer content words than this ("Yes.", "Thanks, everyone.") are not worth quoting. */
const MIN_TERMS = 3;
/** A candidate this similar to a sentence already picked would repeat it. */
const REDUNDANCY = 0.5;
/** A general summary stops growing past this many characters. */
const GENERAL_CHARS = 900;
/** A concise summary adds a second sentence when the first is shorter than this many words. */
const CONCISE_SHORT_WORDS = 14;

/** How many sentences a general or bullet summary keeps: about the square root of the count, 3 to 7. */
export function keyCount(sentences: number): number {
  return Math.min(sentences, Math.max(3, Math.min(7, Math.round(Math.sqrt(sentences)))));
}

/** Sentence case and a closing full stop: ASR text often has neither, and a summary reads as prose. */
export function polish(text: string): string {
  const clean = text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\s*[,;:–—-]+$/u, '');
  if (clean === '') return clean;
  const cased = clean.charAt(0).toUpperCase() + clean.slice(1);
  return /[.!?…。！？]["')\]]*$/u.test(cased) ? cased : `${cased}.`;
}

interface Ranked extends Unit {
  score: number;
  vector: Map<string, number>;
}

function ranked(units: Unit[]): Ranked[] {
  const vectors = tfidfVectors(units.map((unit) => unit.terms));
  const scores = pageRank(similarityGraph(vectors));
  return units.map((unit, i) => ({ ...unit, score: scores[i]!, vector: vectors[i]! }));
}

/** The best sentences by rank, skipping near-repeats, until `enough` says stop; returned in transcript order. */
function pick(candidates: Ranked[], enough: (picked: Ranked[]) => boolean): Ranked[] {
  const byRank = [...candidates].sort((a, b) => b.score - a.score || a.index - b.index);
  const picked: Ranked[] = [];
  for (const candidate of byRank) {
    if (enough(picked)) break;
    if (picked.some((other) => cosine(other.vector, candidate.vector) > REDUNDANCY)) continue;
    picked.push(candidate);
  }
  return picked.sort((a, b) => a.index - b.index);
}

const chars = (units: Unit[]): number => units.reduce((sum, unit) => sum + unit.text.length + 1, 0);

/** The sentences an extractive summary of this type quotes, in transcript order. */
export function selectSentences(t: Transcription, type: SummaryType): string[] {
  const units = transcriptUnits(t);
  if (units.length === 0) return [];
  const all = ranked(units);
  const rich = all.filter((unit) => unit.terms.length >= MIN_TERMS);
  const candidates = rich.length > 0 ? rich : all;
  let chosen: Ranked[];
  if (type === 'concise') {
    chosen = pick(candidates, (picked) => {
      if (picked.length === 0) return false;
      return picked.length >= 2 || picked[0]!.words >= CONCISE_SHORT_WORDS;
    });
  } else {
    const count = keyCount(candidates.length);
    chosen = pick(
      candidates,
      (picked) => picked.length >= count || (type === 'general' && chars(picked) >= GENERAL_CHARS),
    );
  }
  return chosen.map((unit) => polish(unit.text));
}

/** Extractive summary: `general` is one paragraph, `bullet_points` "- " lines, `concise` one or two sentences. */
export function extractiveSummary(t: Transcription, type: SummaryType): string {
  const sentences = selectSentences(t, type);
  return type === 'bullet_points'
    ? sentences.map((sentence) => `- ${sentence}`).join('\n')
    : sentences.join(' ');
}

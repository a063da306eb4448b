import type { Utterance } from '../../../shared/transcript';
import { chunksOf } from './chunks';
import { detectDates } from './dates';
import { detectIdentifiers } from './identifiers';
import { detectLexicon } from './lexicon';
import { detectNames } from './names';
import { detectNlp, tagTokens } from './nlp';
import { detectQuantities } from './quantities';
import { numberRuns, type NumberRun } from './spoken-numbers';
import { endsSentence, placeWords, tokenize, wordsInSpan, type Token } from './tokens';
import type { Detection, EntityPart, EntityType, PlacedEntity } from './types';

/** Values typed as they are: a trailing "'s" belongs to them. */
const VERBATIM_TYPES = /^(PASSWORD|USERNAME|FILENAME|URL|EMAIL_ADDRESS)$/;

/** Keeps the best detection wherever two overlap: higher priority first, then the longer span. */
export function resolveOverlaps(detections: Detection[]): Detection[] {
  const ranked = [...detections].sort(
    (a, b) => b.priority - a.priority || b.last - b.first - (a.last - a.first) || a.first - b.first,
  );
  const kept: Detection[] = [];
  for (const d of ranked) {
    if (kept.every((k) => d.last < k.first || d.first > k.last)) kept.push(d);
  }
  return kept.sort((a, b) => a.first - b.first);
}

const TOWN_STOP = new Set(['in', 'and', 'or', 'but', 'the', 'a', 'to', 'of', 'is', 'was', 'i', 'we', 'my']);
const ADDRESS_TAIL = new Set(['LOCATION_CITY', 'LOCATION_STATE', 'LOCATION_ZIP', 'LOCATION_COUNTRY']);

/**
 * A street address takes in the city, state, zip and country right after it ("145 windsor street, perth,
 * 6000"); a state takes a five-digit zip after it.
 */
function joinAddresses(tokens: Token[], kept: Detection[], runs: Map<number, NumberRun>): Detection[] {
  const out: Detection[] = [];
  for (const d of kept) {
    const prev = out[out.length - 1];
    if (
      prev &&
      prev.type === 'LOCATION_ADDRESS' &&
      ADDRESS_TAIL.has(d.type) &&
      !endsSentence(tokens[prev.last])
    ) {
      const between = tokens.slice(prev.last + 1, d.first);
      const glue = between.length <= 1 && between.every((t) => t.lower === 'in');
      // A town the tagger does not know, between the street and the state: "... street, springfield, illinois".
      const town =
        d.type === 'LOCATION_STATE' &&
        between.length >= 1 &&
        between.length <= 3 &&
        between.every((t) => /^\p{L}+$/u.test(t.core) && !TOWN_STOP.has(t.lower) && !endsSentence(t));
      if (glue || town) {
        const parts = prev.parts ?? [];
        if (town) parts.push({ type: 'LOCATION_CITY', first: prev.last + 1, last: d.first - 1 });
        parts.push({ type: d.type, first: d.first, last: d.last });
        prev.parts = parts;
        prev.last = d.last;
        continue;
      }
    }
    out.push({ ...d, parts: d.parts ? [...d.parts] : undefined });
  }
  for (const d of out) {
    if (
      d.type !== 'LOCATION_STATE' &&
      !(d.type === 'LOCATION_ADDRESS' && d.parts?.some((p) => p.type === 'LOCATION_STATE'))
    )
      continue;
    const zip = runs.get(d.last + 1);
    if (!zip || endsSentence(tokens[d.last]) || !/^\d{5}(\d{4})?$/.test(zip.digits) || zip.quantity) continue;
    if (out.some((o) => o !== d && o.first <= zip.last && o.last >= zip.first)) continue;
    if (d.type === 'LOCATION_STATE') {
      out.push({ type: 'LOCATION_ZIP', first: zip.first, last: zip.last, priority: d.priority });
    } else {
      d.parts = [...(d.parts ?? []), { type: 'LOCATION_ZIP', first: zip.first, last: zip.last }];
      d.last = zip.last;
    }
  }
  return out.sort((a, b) => a.first - b.first);
}

/** Every entity of one text, as token spans. */
export function detectText(text: string): { tokens: Token[]; detections: Detection[] } {
  const tokens = tokenize(text);
  if (tokens.length === 0) return { tokens, detections: [] };
  const runs = new Map(numberRuns(tokens).map((r) => [r.first, r]));
  const chunks = chunksOf(tokens);
  const tagged = tagTokens(text, tokens);
  const all = [
    ...detectIdentifiers(tokens, chunks, text),
    ...detectDates(tokens, runs),
    ...detectQuantities(tokens, runs, text),
    ...detectNlp(tokens, tagged),
    ...detectNames(tokens, tagged.tags, chunks),
    ...detectLexicon(tokens, tagged.tags),
  ];
  return { tokens, detections: joinAddresses(tokens, resolveOverlaps(all), runs) };
}

/** The text an utterance is read from: its text, or its words when it has none. */
export function utteranceText(u: Utterance): string {
  if (u.text.trim() !== '') return u.text;
  return u.words.map((w) => w.word.trim()).join(' ');
}

/** The entities of one utterance with their character spans and times. */
export function detectUtterance(u: Utterance, index: number): PlacedEntity[] {
  const text = utteranceText(u);
  const { tokens, detections } = detectText(text);
  const places = placeWords(text, u.words);
  const place = (
    first: number,
    last: number,
    type: EntityType,
  ): Omit<PlacedEntity, 'parts' | 'utterance' | 'type'> => {
    const from = tokens[first]!.start;
    let to = tokens[last]!.end;
    // "john's car": the possessive is not part of the name.
    if (!VERBATIM_TYPES.test(type) && /['’]s$/i.test(tokens[last]!.core) && to - from > 2) to -= 2;
    const words = wordsInSpan(places, from, to);
    return {
      text: text.slice(from, to),
      from,
      to,
      start: words ? u.words[words[0]]!.start : u.start,
      end: words ? u.words[words[1]]!.end : u.end,
    };
  };
  return detections.map((d) => ({
    type: d.type,
    ...place(d.first, d.last, d.type),
    utterance: index,
    parts: (d.parts ?? [])
      .filter((p: EntityPart) => p.first >= d.first && p.last <= d.last)
      .map((p) => ({ type: p.type, ...place(p.first, p.last, p.type) })),
  }));
}

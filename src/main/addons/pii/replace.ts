import type { Word } from '../../../shared/transcript';
import type { EntityType } from '../ner';
import type { WordPlace } from '../ner/tokens';

export type ProcessedTextType = 'MARKER' | 'MASK';

/** Every visible character becomes "#"; spaces and line breaks stay, so the text keeps its shape. */
export const mask = (text: string): string => text.replace(/\S/gu, '#');

const valueKey = (type: EntityType, text: string): string =>
  `${type}|${text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}@.+]+/gu, ' ')
    .trim()}`;

/**
 * Markers numbered per type in order of first appearance, the same value always getting the same marker:
 * "John Smith" is [NAME_1] wherever it is said in the job.
 */
export class MarkerBook {
  private readonly byValue = new Map<string, string>();
  private readonly counts = new Map<EntityType, number>();

  markerFor(type: EntityType, text: string): string {
    const key = valueKey(type, text);
    let marker = this.byValue.get(key);
    if (!marker) {
      const n = (this.counts.get(type) ?? 0) + 1;
      this.counts.set(type, n);
      marker = `[${type}_${n}]`;
      this.byValue.set(key, marker);
    }
    return marker;
  }
}

/** A piece of a text to replace: characters `from..to` by `replacement`. */
export interface Replacement {
  from: number;
  to: number;
  replacement: string;
}

/** Applies non-overlapping replacements to a text. */
export function replaceSpans(text: string, spans: readonly Replacement[]): string {
  let out = '';
  let cursor = 0;
  for (const s of [...spans].sort((a, b) => a.from - b.from)) {
    if (s.from < cursor) continue;
    out += text.slice(cursor, s.from) + s.replacement;
    cursor = s.to;
  }
  return out + text.slice(cursor);
}

const leadingSpace = (word: string): string => /^\s*/.exec(word)![0];

/**
 * Redacts a word list the way its text was redacted. MASK masks each word's covered characters, so words
 * and times stay as they are. MARKER puts the marker in the first word an entity covers and folds the
 * other covered words into it: the word keeps the entity's first start and last end, so joining the words
 * still gives the redacted text and no word outlives its entity.
 */
export function redactWords(
  words: readonly Word[],
  places: readonly WordPlace[],
  text: string,
  spans: readonly Replacement[],
  type: ProcessedTextType,
): Word[] {
  const sorted = [...spans].sort((a, b) => a.from - b.from);
  const overlapping = (from: number, to: number): Replacement[] =>
    sorted.filter((s) => s.from < to && s.to > from);
  const out: Word[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const place = places[i];
    const hits = place ? overlapping(place.start, place.end) : [];
    if (!place || hits.length === 0) {
      out.push({ ...word });
      continue;
    }
    if (type === 'MASK') {
      let core = word.word.trim();
      for (const s of hits) {
        const a = Math.max(0, s.from - place.start);
        const b = Math.min(core.length, s.to - place.start);
        core = core.slice(0, a) + mask(core.slice(a, b)) + core.slice(b);
      }
      out.push({ ...word, word: leadingSpace(word.word) + core });
      continue;
    }
    // MARKER: extend over the following words while an entity runs on.
    let last = i;
    let end = place.end;
    for (let grew = true; grew;) {
      grew = false;
      const reach = Math.max(...overlapping(place.start, end).map((s) => s.to));
      while (reach > end && last + 1 < words.length && places[last + 1] && places[last + 1]!.start < reach) {
        last++;
        end = Math.max(end, places[last]!.end);
        grew = true;
      }
    }
    const region = overlapping(place.start, end).map((s) => ({
      ...s,
      from: Math.max(s.from, place.start) - place.start,
      to: Math.min(s.to, end) - place.start,
    }));
    const merged = words.slice(i, last + 1);
    out.push({
      word: leadingSpace(word.word) + replaceSpans(text.slice(place.start, end), region),
      start: word.start,
      end: merged[merged.length - 1]!.end,
      confidence: Math.min(...merged.map((w) => w.confidence)),
    });
    i = last;
  }
  return out;
}

/** A found value and what replaces it, for texts redacted by matching (subtitles, sentences). */
export interface SurfaceReplacement {
  text: string;
  replacement: (matched: string) => string;
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Finds, in any text, the values redacted elsewhere, and replaces them the same way. */
export interface SurfaceRedactor {
  find(text: string): Replacement[];
  redact(text: string): string;
}

/**
 * Looks for the values already redacted elsewhere: longest first, whole words only, any run of spaces or
 * line breaks between their words. One pass, so replacements are never matched again.
 */
export function surfaceRedactor(values: readonly SurfaceReplacement[]): SurfaceRedactor {
  const byKey = new Map<string, SurfaceReplacement>();
  for (const v of values) {
    const key = v.text.toLowerCase().replace(/\s+/g, ' ').trim();
    if (key !== '' && !byKey.has(key)) byKey.set(key, v);
  }
  const keys = [...byKey.keys()].sort((a, b) => b.length - a.length);
  const pattern =
    keys.length === 0
      ? null
      : new RegExp(
          `(?<![\\p{L}\\p{N}])(?:${keys.map((k) => k.split(' ').map(escape).join('\\s+')).join('|')})(?![\\p{L}\\p{N}])`,
          'giu',
        );
  const find = (text: string): Replacement[] => {
    if (!pattern) return [];
    return [...text.matchAll(pattern)].flatMap((m) => {
      const v = byKey.get(m[0].toLowerCase().replace(/\s+/g, ' '));
      return v ? [{ from: m.index, to: m.index + m[0].length, replacement: v.replacement(m[0]) }] : [];
    });
  };
  return { find, redact: (text) => replaceSpans(text, find(text)) };
}

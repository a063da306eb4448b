import type { Transcription, Utterance, Word } from '../../../shared/transcript';

/** One spelling to replace everywhere, and the spelling that replaces it. */
export interface NameMapping {
  from: string;
  to: string;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Scripts written without spaces: a name there has no word boundary around it.
const UNSPACED_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Tibetan}]/u;

/**
 * A spelling written in mixed case ("Kathryn") is matched in that case only, so "Mark" leaves "mark my words"
 * alone; an all-lower or all-upper spelling comes from an uncased transcript and is matched in any case.
 */
export const isCaseSensitive = (name: string): boolean =>
  name !== name.toLowerCase() && name !== name.toUpperCase();

/** Matches the spelling as a whole word (any run of spaces inside a multi-word name). */
export function namePattern(name: string): RegExp {
  const body = name.trim().split(/\s+/).map(escapeRegExp).join('\\s+');
  const flags = isCaseSensitive(name) ? 'gu' : 'giu';
  if (UNSPACED_SCRIPT.test(name)) return new RegExp(body, flags);
  return new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`, flags);
}

/** Replaces every mapping in a text; counts the replacements that changed something. */
export function replaceInText(text: string, mappings: NameMapping[], counts?: Map<string, number>): string {
  let out = text;
  for (const mapping of mappings) {
    out = out.replace(namePattern(mapping.from), (match) => {
      if (match === mapping.to) return match;
      counts?.set(mapping.from, (counts.get(mapping.from) ?? 0) + 1);
      return mapping.to;
    });
  }
  return out;
}

// A possessive ending stays with the punctuation, so "Kathryn's" is the name "Kathryn" plus "'s".
const PUNCT_EDGES = /^([\s\p{P}\p{S}]*)(.*?)((?:['’]s)?[\p{P}\p{S}]*)$/su;
const squash = (text: string, keepCase: boolean): string =>
  (keepCase ? text : text.toLowerCase()).replace(/\s+/g, '');

interface WordParts {
  lead: string;
  core: string;
  trail: string;
}

function partsOf(word: string): WordParts {
  const [, lead = '', core = '', trail = ''] = PUNCT_EDGES.exec(word) ?? [];
  return { lead, core, trail };
}

/**
 * How many words from `index` spell the name, or 0. Words are compared by their letters joined without spaces,
 * so "Mc Donald" matches the words "Mc" "Donald" and also "McDonald", in spaced and unspaced scripts alike.
 */
function matchLength(words: WordParts[], index: number, target: string, keepCase: boolean): number {
  let joined = '';
  for (let i = index; i < words.length; i++) {
    // Punctuation inside a multi-word match ("Smith, John") means these are not one name.
    if (i > index && (words[i - 1]!.trail || words[i]!.lead.trim())) return 0;
    joined += squash(words[i]!.core, keepCase);
    if (joined === target) return i - index + 1;
    if (joined.length >= target.length || !target.startsWith(joined)) return 0;
  }
  return 0;
}

/** The replacement words for `count` words from `index`, spread over their time span when the count changes. */
function replacementWords(
  words: Word[],
  parts: WordParts[],
  index: number,
  count: number,
  to: string,
): Word[] {
  const first = words[index]!;
  const last = words[index + count - 1]!;
  const spaced = !UNSPACED_SCRIPT.test(to);
  const tokens = spaced ? to.trim().split(/\s+/) : [to.trim()];
  const lead = parts[index]!.lead;
  const trail = parts[index + count - 1]!.trail;
  const confidence = Math.min(...words.slice(index, index + count).map((w) => w.confidence));
  const step = (last.end - first.start) / tokens.length;
  return tokens.map((token, i) => {
    const keepTimes = tokens.length === count;
    const source = words[index + i]!;
    return {
      word: `${i === 0 ? lead : ' '}${token}${i === tokens.length - 1 ? trail : ''}`,
      start: keepTimes ? source.start : first.start + i * step,
      end: keepTimes ? source.end : first.start + (i + 1) * step,
      confidence: keepTimes ? source.confidence : confidence,
    };
  });
}

function replaceInWords(words: Word[], mappings: NameMapping[]): Word[] {
  let out = words;
  for (const mapping of mappings) {
    const keepCase = isCaseSensitive(mapping.from);
    const target = squash(mapping.from, keepCase);
    if (!target) continue;
    const parts = out.map((w) => partsOf(w.word));
    const next: Word[] = [];
    for (let i = 0; i < out.length;) {
      const count = matchLength(parts, i, target, keepCase);
      if (count === 0) {
        next.push(out[i]!);
        i++;
        continue;
      }
      next.push(...replacementWords(out, parts, i, count, mapping.to));
      i += count;
    }
    out = next;
  }
  return out;
}

function applyToUtterance(
  utterance: Utterance,
  mappings: NameMapping[],
  counts: Map<string, number>,
): Utterance {
  const words = replaceInWords(utterance.words ?? [], mappings);
  // When the text is its words joined (our engines' output), rebuilding it keeps the two identical.
  const joinedBefore = (utterance.words ?? [])
    .map((w) => w.word)
    .join('')
    .trim();
  const replaced = replaceInText(utterance.text, mappings, counts);
  const rebuild = joinedBefore !== '' && joinedBefore === utterance.text.trim();
  const text = rebuild
    ? words
        .map((w) => w.word)
        .join('')
        .trim()
    : replaced;
  return { ...utterance, words, text };
}

/**
 * A copy of the transcription with every mapping applied to `full_transcript`, each utterance's text and its
 * words (times kept; spread over the span when a name changes its number of words). Returns the copy and how
 * many times each spelling was replaced in utterance texts (or in the full transcript when there are none).
 */
export function applyNameMappings(
  t: Transcription,
  mappings: NameMapping[],
): { transcription: Transcription; counts: Map<string, number> } {
  // Longer spellings first, so "Jon Smyth" is replaced before "Jon".
  const ordered = [...mappings].sort((a, b) => b.from.length - a.from.length);
  const counts = new Map<string, number>();
  const utterances = (t.utterances ?? []).map((u) => applyToUtterance(u, ordered, counts));
  const fullCounts = utterances.length === 0 ? counts : undefined;
  const transcription: Transcription = {
    ...t,
    full_transcript: replaceInText(t.full_transcript ?? '', ordered, fullCounts),
    utterances,
  };
  return { transcription, counts };
}

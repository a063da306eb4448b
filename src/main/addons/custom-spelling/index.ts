import type { CustomSpellingConfig } from '../../../shared/schemas/common';
import type { AddonResult, Transcription, Utterance } from '../../../shared/transcript';
import { SpellingMatcher } from './matcher';
import { replaceAll, usesLeadingSpaces, withUtterances, withWords } from './word-edit';

// custom_spelling (spec §2.3): `spelling_dictionary` maps a correct spelling to the variants the transcript
// may contain; every variant is replaced by its key in the words, the utterances' texts, full_transcript and
// the sentences. Subtitles are built from the words, so they follow once rebuilt.

export { SpellingMatcher } from './matcher';

function matcherOf(config: CustomSpellingConfig | SpellingMatcher): SpellingMatcher {
  return config instanceof SpellingMatcher ? config : new SpellingMatcher(config.spelling_dictionary ?? {});
}

/** Applies the dictionary to one utterance's words; the utterance is returned as is when nothing matched. */
export function spellUtterance(
  utterance: Utterance,
  config: CustomSpellingConfig | SpellingMatcher,
  leadingSpaces = usesLeadingSpaces([utterance]),
): Utterance {
  const matcher = matcherOf(config);
  const replacements = matcher.match(utterance.words.map((w) => w.word));
  if (replacements.length === 0) return utterance;
  return withWords(utterance, replaceAll(utterance.words, replacements, leadingSpaces));
}

/**
 * Applies the dictionary to free text (a sentence, a summary line): words are what lies between spaces, and the
 * spacing around unchanged words is kept.
 */
export function spellText(text: string, config: CustomSpellingConfig | SpellingMatcher): string {
  const matcher = matcherOf(config);
  if (matcher.empty) return text;
  // Each token carries the whitespace before it, so concatenating the tokens gives the text back.
  const tokens = text.match(/\s*\S+/gu) ?? [];
  const tail = text.slice(tokens.join('').length);
  const replacements = matcher.match(tokens);
  if (replacements.length === 0) return text;
  const words = tokens.map((word) => ({ word, start: 0, end: 0, confidence: 1 }));
  return (
    replaceAll(words, replacements, true)
      .map((w) => w.word)
      .join('') + tail
  );
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

/** Sentences blocks (`transcription.sentences`) carry texts: spelled like the rest. */
function spellSentences(
  sentences: AddonResult<string[]>[] | undefined,
  matcher: SpellingMatcher,
): AddonResult<string[]>[] | undefined {
  if (!sentences) return sentences;
  return sentences.map((block) =>
    isStringList(block.results)
      ? { ...block, results: block.results.map((s) => spellText(s, matcher)) }
      : block,
  );
}

/**
 * The transcription with the spelling dictionary applied to every word, utterance text, full_transcript and
 * sentence; pure (the input is not changed). Subtitles are not rewritten here: they are built from the words.
 */
export function applyCustomSpelling(t: Transcription, config: CustomSpellingConfig): Transcription {
  const matcher = matcherOf(config);
  if (matcher.empty) return t;
  const leadingSpaces = usesLeadingSpaces(t.utterances);
  const utterances = t.utterances.map((u) => spellUtterance(u, matcher, leadingSpaces));
  const changed = utterances.some((u, i) => u !== t.utterances[i]);
  const sentences = spellSentences(t.sentences, matcher);
  if (!changed && sentences === t.sentences) return t;
  const result = changed ? withUtterances(t, utterances) : { ...t };
  if (sentences) result.sentences = sentences;
  return result;
}

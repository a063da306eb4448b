import type {
  AddonError as AddonErrorShape,
  Subtitle,
  Transcription,
  Utterance,
} from '../../../shared/transcript';
import { runAddon } from '../run-addon';
import type { LlmClient } from '../llm/client';
import { llmNotConfigured } from '../llm/errors';
import { buildSubtitles, type SubtitlesOptions } from '../subtitles';
import { translateLines, type BatchSettings } from './batch';
import { passagesOf, utterancesFromPassages } from './passages';
import type { SourceLine } from './prompt';
import { spreadWords, wordSeparator } from './words';

export { spreadWords, tokenize } from './words';

/** `translation_config` (spec §2.5); defaults as the schema fills them. */
export interface TranslationOptions {
  target_languages: readonly string[];
  model?: 'base' | 'batch' | 'enhanced' | undefined;
  match_original_utterances?: boolean | undefined;
  lipsync?: boolean | undefined;
  context_adaptation?: boolean | undefined;
  context?: string | undefined;
  informal?: boolean | undefined;
}

/** What the job adds to each language's result when the request asked for it. */
export interface TranslationExtras {
  /** `subtitles_config` when `subtitles` is on: each language gets subtitles built from its timed words. */
  subtitles?: SubtitlesOptions | undefined;
  /** The sentences add-on, run over each translated transcription when `sentences` is on. */
  sentences?: ((translated: Transcription) => unknown[]) | undefined;
}

/** One target language's result (spec §2.6: an item of the translation add-on's `results`). */
export interface TranslationResultItem {
  error: AddonErrorShape | null;
  full_transcript: string;
  languages: string[];
  utterances: Utterance[];
  sentences?: unknown[];
  subtitles?: Subtitle[];
}

/**
 * The translation add-on: one result per target language, in the order asked. With `match_original_utterances`
 * (the default) every utterance is translated on its own and keeps its times, speaker and channel; without it,
 * consecutive utterances of a speaker are translated as passages and re-cut into sentences. Translated words are
 * spread over the original time span, so subtitles fall where the speech was. A language that fails carries its
 * own `error`; when every language fails the first error is thrown. Without a configured model it throws 501.
 */
export async function translate(
  t: Transcription,
  config: TranslationOptions,
  llm: LlmClient | null,
  extras: TranslationExtras = {},
): Promise<TranslationResultItem[]> {
  if (!llm) throw llmNotConfigured('translation');
  const failures: unknown[] = [];
  const items: TranslationResultItem[] = [];
  for (const target of config.target_languages) {
    const outcome = await runAddon(`translation to ${target}`, async () => {
      try {
        return resultFor(await translateTo(t, target, config, llm), target, extras);
      } catch (error) {
        failures.push(error);
        throw error;
      }
    });
    items.push(
      outcome.results ?? { error: outcome.error, full_transcript: '', languages: [target], utterances: [] },
    );
  }
  if (failures.length > 0 && failures.length === config.target_languages.length) throw failures[0];
  return items;
}

/**
 * One utterance into one language, for the live `translation` message (PROTOCOL §5.4): its text translated and
 * its words spread over its times. Throws the AddonError of the failure.
 */
export async function translateUtterance(
  u: Utterance,
  target: string,
  config: Omit<TranslationOptions, 'target_languages'>,
  llm: LlmClient | null,
): Promise<Utterance> {
  const single: Transcription = { full_transcript: u.text, languages: [u.language], utterances: [u] };
  const options = { ...config, target_languages: [target], match_original_utterances: true };
  const [item] = await translate(single, options, llm);
  return item!.utterances[0]!;
}

/** `is_empty` for the add-on: no language has any translated text. */
export const translationIsEmpty = (items: TranslationResultItem[]): boolean =>
  items.every((item) => item.full_transcript.trim() === '');

function resultFor(
  utterances: Utterance[],
  target: string,
  extras: TranslationExtras,
): TranslationResultItem {
  const full = utterances
    .map((u) => u.text.trim())
    .filter(Boolean)
    .join(wordSeparator(target));
  const item: TranslationResultItem = { error: null, full_transcript: full, languages: [target], utterances };
  if (extras.sentences)
    item.sentences = extras.sentences({ full_transcript: full, languages: [target], utterances });
  if (extras.subtitles) item.subtitles = buildSubtitles(utterances, extras.subtitles);
  return item;
}

const needsTranslation = (u: Utterance, target: string): boolean =>
  u.text.trim() !== '' && u.language !== target;

async function translateTo(
  t: Transcription,
  target: string,
  config: TranslationOptions,
  llm: LlmClient,
): Promise<Utterance[]> {
  const utterances = [...(t.utterances ?? [])].sort((a, b) => a.start - b.start || a.channel - b.channel);
  const contextAdaptation = config.context_adaptation ?? true;
  const pending = utterances.filter((u) => needsTranslation(u, target));
  const languages = new Set(pending.map((u) => u.language));
  const settings: BatchSettings = {
    target,
    source: languages.size === 1 ? [...languages][0] : undefined,
    // `context` is the request's hint for context adaptation; with adaptation off it is not used.
    context: contextAdaptation ? config.context?.trim() || undefined : undefined,
    informal: config.informal ?? false,
    lipsync: (config.lipsync ?? true) && (config.match_original_utterances ?? true),
    contextAdaptation,
  };
  if (config.match_original_utterances ?? true) {
    const lines: SourceLine[] = [];
    utterances.forEach((u, id) => {
      if (needsTranslation(u, target)) lines.push({ id, text: u.text.replace(/\s+/g, ' ').trim() });
    });
    const translated = await translateLines(llm, lines, settings);
    return utterances.map((u, id) => retimed(u, translated.get(id), target));
  }
  const passages = passagesOf(utterances, (u) => needsTranslation(u, target));
  const lines = passages.map((p, id) => ({ id, text: p.text }));
  const translated = await translateLines(
    llm,
    lines.filter((_, i) => passages[i]!.translate),
    settings,
  );
  return utterancesFromPassages(passages, translated, target);
}

/** An utterance with translated text and words spread over its time span; untranslated ones keep their words. */
export function retimed(u: Utterance, text: string | undefined, target: string): Utterance {
  if (text === undefined) return { ...u, words: [...(u.words ?? [])] };
  const words = spreadWords(text, target, u.start, u.end, u.confidence);
  return { ...u, words, text: words.map((w) => w.word).join(''), language: target };
}

import type { SummarizationConfig } from '../../shared/schemas/pre-recorded';
import type { AddonResult, Transcription } from '../../shared/transcript';
import type { LlmClient } from './llm';
import { recognizeEntities } from './ner';
import { runAddon } from './run-addon';
import { analyzeSentiment } from './sentiment';
import { summarizeBest } from './summarization/best';
import {
  translate,
  translationIsEmpty,
  type TranslationExtras,
  type TranslationOptions,
  type TranslationResultItem,
} from './translation';

// The result blocks that pre-recorded jobs and live sessions (post_final_transcript) both carry, built one way.

export const entitiesBlock = (t: Transcription) =>
  runAddon('named_entity_recognition', () => recognizeEntities(t));

/** The spec (§2.6) and the SDK type the sentiment result as a string: the array travels as JSON text. */
export const sentimentBlock = (t: Transcription): Promise<AddonResult<string>> =>
  runAddon(
    'sentiment_analysis',
    () => JSON.stringify(analyzeSentiment(t)),
    (json) => json === '[]',
  );

export const translationBlock = (
  t: Transcription,
  config: TranslationOptions,
  llm: LlmClient | null,
  extras?: TranslationExtras,
): Promise<AddonResult<TranslationResultItem[]>> =>
  runAddon('translation', () => translate(t, config, llm, extras), translationIsEmpty);

export const summaryBlock = (
  t: Transcription,
  config: Partial<SummarizationConfig> | undefined,
  llm: LlmClient | null,
  warn: (message: string) => void,
): Promise<AddonResult<string>> => runAddon('summarization', () => summarizeBest(t, config, llm, warn));

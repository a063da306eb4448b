import { z } from 'zod';
import { TRANSCRIPTION_LANGUAGES, TRANSLATION_LANGUAGES } from './languages';

// Building blocks shared by the pre-recorded and live schemas (spec §2.5). Objects are loose: unknown keys are
// kept verbatim because real clients send undocumented ones (PROTOCOL §1.5) and they are echoed in request_params.

/** Clients built on Go structs and Python dataclasses send `null` for unset options: treat it as absent. */
export const nn = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === null ? undefined : value), schema);

/** An optional field that also accepts `null` (dropped from the output). */
export const opt = <T extends z.ZodType>(schema: T) => nn(schema.optional());

/** A boolean add-on flag with its default. */
export const flag = (value = false) => nn(z.boolean().default(value));

export const httpUrl = z.url({ protocol: /^https?$/ });

export const transcriptionLanguage = z.enum(TRANSCRIPTION_LANGUAGES);
export const translationLanguage = z.enum(TRANSLATION_LANGUAGES);

/** Max length of `JSON.stringify(custom_metadata)` (Gladia docs, custom-metadata page). */
export const CUSTOM_METADATA_MAX_CHARS = 2000;

export const customMetadata = z.record(z.string(), z.unknown()).check(
  z.refine((value) => JSON.stringify(value).length <= CUSTOM_METADATA_MAX_CHARS, {
    message: `must be at most ${CUSTOM_METADATA_MAX_CHARS} characters once serialized as JSON`,
  }),
);

/** `language_config` as sent; the pre-recorded schema merges legacy fields into it before filling defaults. */
export const languageConfigInput = z.looseObject({
  languages: opt(z.array(transcriptionLanguage)),
  code_switching: opt(z.boolean()),
});

export const languageConfig = z.looseObject({
  languages: nn(z.array(transcriptionLanguage).default([])),
  code_switching: flag(),
});
export type LanguageConfig = z.output<typeof languageConfig>;

const intensity = z.number().min(0).max(1);

export const customVocabularyEntry = z.looseObject({
  value: z.string(),
  intensity: opt(intensity),
  pronunciations: opt(z.array(z.string())),
  language: opt(transcriptionLanguage),
});
export type CustomVocabularyEntry = z.output<typeof customVocabularyEntry>;

export const customVocabularyItem = z.union([z.string(), customVocabularyEntry]);

export const customVocabularyConfig = z.looseObject({
  vocabulary: z.array(customVocabularyItem),
  default_intensity: opt(intensity),
});
export type CustomVocabularyConfig = z.output<typeof customVocabularyConfig>;

export const customSpellingConfig = z.looseObject({
  spelling_dictionary: z.record(z.string(), z.array(z.string())),
});
export type CustomSpellingConfig = z.output<typeof customSpellingConfig>;

export const translationConfig = z.looseObject({
  target_languages: z.array(translationLanguage).min(1),
  model: nn(z.enum(['base', 'batch', 'enhanced']).default('base')),
  match_original_utterances: flag(true),
  lipsync: flag(true),
  context_adaptation: flag(true),
  context: opt(z.string()),
  informal: flag(false),
});
export type TranslationConfig = z.output<typeof translationConfig>;

export const summarizationConfig = z.looseObject({
  type: nn(z.enum(['general', 'bullet_points', 'concise']).default('general')),
});
export type SummarizationConfig = z.output<typeof summarizationConfig>;

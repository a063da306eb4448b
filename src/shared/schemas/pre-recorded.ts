import { z } from 'zod';
import {
  customMetadata,
  customSpellingConfig,
  customVocabularyConfig,
  customVocabularyItem,
  flag,
  httpUrl,
  languageConfigInput,
  nn,
  opt,
  summarizationConfig,
  transcriptionLanguage,
  translationConfig,
} from './common';
import { PII_ENTITY_TYPES } from './languages';
import { validateBody, type Validation } from './validation';

export type {
  CustomSpellingConfig,
  CustomVocabularyConfig,
  CustomVocabularyEntry,
  LanguageConfig,
  SummarizationConfig,
  TranslationConfig,
} from './common';

/** What the SDK sends (`solaria-*`) and the spec's neutral names (`alpha-*`); the value sent is echoed back. */
export const PRE_RECORDED_MODELS = [
  'solaria-1',
  'solaria-3',
  'solaria-fusion',
  'alpha-1',
  'alpha-3',
  'alpha-fusion',
] as const;
export type PreRecordedModel = (typeof PRE_RECORDED_MODELS)[number];

const isNumber = (value: unknown): value is number => typeof value === 'number';

const subtitlesConfig = z
  .looseObject({
    formats: nn(
      z
        .array(z.enum(['srt', 'vtt']))
        .min(1)
        .default(['srt']),
    ),
    minimum_duration: opt(z.number().min(0)),
    maximum_duration: opt(z.number().min(1).max(30)),
    maximum_characters_per_row: opt(z.int().min(1)),
    maximum_rows_per_caption: opt(z.int().min(1).max(5)),
    style: nn(z.enum(['default', 'compliance']).default('default')),
  })
  .check(
    // `when` lets this run even if another subtitles field failed, so every problem is reported at once.
    z.superRefine(
      (config, ctx) => {
        const { minimum_duration: min, maximum_duration: max } = config as Record<string, unknown>;
        if (isNumber(min) && isNumber(max) && min > max) {
          ctx.addIssue({
            code: 'custom',
            path: ['minimum_duration'],
            message: 'must be less than or equal to maximum_duration',
          });
        }
      },
      { when: () => true },
    ),
  );
export type SubtitlesConfig = z.output<typeof subtitlesConfig>;

/**
 * The Gladia CLI sends every count, zeroed when unset, so 0 is accepted everywhere and means "not set";
 * in particular `max_speakers: 0` puts no upper bound.
 */
const diarizationConfig = z
  .looseObject({
    number_of_speakers: opt(z.int().min(0)),
    min_speakers: opt(z.int().min(0)),
    max_speakers: opt(z.int().min(0)),
    enhanced: opt(z.boolean()),
  })
  .check(
    z.superRefine(
      (config, ctx) => {
        const { min_speakers: min, max_speakers: max } = config as Record<string, unknown>;
        if (isNumber(min) && isNumber(max) && max > 0 && min > max) {
          ctx.addIssue({
            code: 'custom',
            path: ['min_speakers'],
            message: 'must be less than or equal to max_speakers',
          });
        }
      },
      { when: () => true },
    ),
  );
export type DiarizationConfig = z.output<typeof diarizationConfig>;

const callbackConfig = z.looseObject({
  url: httpUrl,
  method: nn(z.enum(['POST', 'PUT']).default('POST')),
});
export type CallbackConfig = z.output<typeof callbackConfig>;

const audioToLlmConfig = z.looseObject({
  prompts: z.array(z.string()).min(1),
  model: opt(z.string()),
});
export type AudioToLlmConfig = z.output<typeof audioToLlmConfig>;

const piiEntityType = z.enum(PII_ENTITY_TYPES);
/** The SDK types `entity_types` as a single value, the docs as a list: accept both, output a list. */
const piiRedactionConfig = z.looseObject({
  entity_types: opt(z.union([z.array(piiEntityType), piiEntityType.transform((type) => [type])])),
  processed_text_type: opt(z.enum(['MARKER', 'MASK'])),
});
export type PiiRedactionConfig = z.output<typeof piiRedactionConfig>;

/** Fields only older clients send (PROTOCOL §1.5): checked, echoed, and merged into their modern form. */
const legacyFields = {
  language: opt(transcriptionLanguage),
  detect_language: opt(z.boolean()),
  enable_code_switching: opt(z.boolean()),
  code_switching_config: opt(z.looseObject({ languages: opt(z.array(transcriptionLanguage)) })),
  context_prompt: opt(z.string()),
  structured_data_extraction_config: opt(z.looseObject({ classes: z.array(z.string()) })),
};

/** Add-ons that cannot run without their config: asking for one without it is a 400, not a silent no-op. */
const CONFIG_REQUIRED_BY = [
  ['translation', 'translation_config'],
  ['custom_spelling', 'custom_spelling_config'],
  ['audio_to_llm', 'audio_to_llm_config'],
  ['structured_data_extraction', 'structured_data_extraction_config'],
] as const;

const schema = z
  .looseObject({
    audio_url: nn(httpUrl),
    model: nn(z.enum(PRE_RECORDED_MODELS).default('solaria-1')),
    language_config: opt(languageConfigInput),
    // A string array here is the v1 form the CLI still sends; it becomes custom_vocabulary_config below.
    custom_vocabulary: opt(z.union([z.boolean(), z.array(customVocabularyItem)])),
    custom_vocabulary_config: opt(customVocabularyConfig),
    callback_url: opt(httpUrl),
    callback: flag(),
    callback_config: opt(callbackConfig),
    subtitles: flag(),
    subtitles_config: opt(subtitlesConfig),
    diarization: flag(),
    diarization_config: opt(diarizationConfig),
    translation: flag(),
    translation_config: opt(translationConfig),
    summarization: flag(),
    summarization_config: opt(summarizationConfig),
    named_entity_recognition: flag(),
    custom_spelling: flag(),
    custom_spelling_config: opt(customSpellingConfig),
    sentiment_analysis: flag(),
    audio_to_llm: flag(),
    audio_to_llm_config: opt(audioToLlmConfig),
    pii_redaction: flag(),
    pii_redaction_config: opt(piiRedactionConfig),
    sentences: flag(),
    punctuation_enhanced: flag(),
    // Flags named in the spec's sample params (§2.3) and sent by @ai-sdk/gladia.
    moderation: flag(),
    name_consistency: flag(),
    structured_data_extraction: flag(),
    display_mode: flag(),
    chapterization: flag(),
    accurate_words_timestamps: flag(),
    diarization_enhanced: flag(),
    audio_enhancer: flag(),
    custom_metadata: opt(customMetadata),
    ...legacyFields,
  })
  .check(
    z.superRefine(
      (body, ctx) => {
        const { callback, callback_config, callback_url } = body as Record<string, unknown>;
        // A callback_config without url is already reported by its own schema.
        if (callback === true && callback_config == null && typeof callback_url !== 'string') {
          ctx.addIssue({
            code: 'custom',
            path: ['callback_config', 'url'],
            message: 'is required when callback is true (or give callback_url)',
          });
        }
        const fields = body as Record<string, unknown>;
        for (const [flagName, configName] of CONFIG_REQUIRED_BY) {
          if (fields[flagName] === true && fields[configName] == null) {
            ctx.addIssue({
              code: 'custom',
              path: [configName],
              message: `is required when ${flagName} is true`,
            });
          }
        }
      },
      { when: () => true },
    ),
  )
  .transform((body) => {
    const { custom_vocabulary: vocabulary, language_config: languageConfig, ...rest } = body;
    const legacyVocabulary = Array.isArray(vocabulary) ? vocabulary : undefined;
    const vocabularyConfig =
      body.custom_vocabulary_config ??
      (legacyVocabulary?.length ? { vocabulary: legacyVocabulary } : undefined);
    return {
      ...rest,
      language_config: {
        ...languageConfig,
        languages:
          languageConfig?.languages ??
          (body.language ? [body.language] : (body.code_switching_config?.languages ?? [])),
        code_switching:
          languageConfig?.code_switching ??
          body.enable_code_switching ??
          body.code_switching_config !== undefined,
      },
      custom_vocabulary: legacyVocabulary ? legacyVocabulary.length > 0 : (vocabulary ?? false),
      ...(vocabularyConfig && { custom_vocabulary_config: vocabularyConfig }),
    };
  });

/** The effective parameters of a pre-recorded job, echoed as its `request_params` (unknown fields included). */
export type PreRecordedParams = z.output<typeof schema> & { [field: string]: unknown };

/**
 * Validates a `POST /v2/pre-recorded` body and returns the effective parameters: defaults filled in, legacy fields
 * merged into their modern form (and kept), unknown fields kept verbatim.
 */
export function parsePreRecordedRequest(body: unknown): Validation<PreRecordedParams> {
  return validateBody(schema, body);
}

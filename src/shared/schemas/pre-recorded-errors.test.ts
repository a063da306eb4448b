import { describe, expect, it } from 'vitest';
import { parsePreRecordedRequest } from './pre-recorded';

const AUDIO = 'https://example.com/audio.wav';

const errors = (body: unknown): string[] => {
  const result = parsePreRecordedRequest(body);
  if (result.ok) throw new Error(`expected errors for ${JSON.stringify(body)}`);
  return result.errors;
};

describe('parsePreRecordedRequest: errors', () => {
  it.each([[[]], ['{"audio_url":"x"}'], [null], [7]])('refuses a body that is not an object: %j', (body) => {
    expect(errors(body)).toEqual(['Body must be a JSON object']);
  });

  it.each([
    [{}, 'Field "audio_url" is required'],
    [{ audio_url: null }, 'Field "audio_url" is required'],
    [{ audio_url: 42 }, 'Field "audio_url" must be a string'],
    [{ audio_url: 'audio.wav' }, 'Field "audio_url" must be a valid http(s) URL'],
    [{ audio_url: 'ftp://example.com/a.wav' }, 'Field "audio_url" must be a valid http(s) URL'],
    [{ audio_url: 'file:///tmp/a.wav' }, 'Field "audio_url" must be a valid http(s) URL'],
  ])('checks audio_url: %j', (body, message) => {
    expect(errors(body)).toEqual([message]);
  });

  const LANGS = 'af, am, ar, as, az, ba, be, bg, bn, bo, br, bs, ... (99 values)';
  const TRANSLATION_LANGS = 'af, am, ar, as, az, ba, be, bg, bn, bo, br, bs, ... (100 values)';
  it.each([
    [
      { model: 'solaria-2' },
      'Field "model" must be one of: solaria-1, solaria-3, solaria-fusion, alpha-1, alpha-3, alpha-fusion',
    ],
    [{ language_config: 'en' }, 'Field "language_config" must be an object'],
    [{ language_config: { languages: 'en' } }, 'Field "language_config.languages" must be an array'],
    [
      { language_config: { languages: ['en', 'english'] } },
      `Field "language_config.languages.1" must be one of: ${LANGS}`,
    ],
    [
      { language_config: { languages: ['wo'] } },
      `Field "language_config.languages.0" must be one of: ${LANGS}`,
    ],
    [
      { language_config: { code_switching: 'no' } },
      'Field "language_config.code_switching" must be a boolean',
    ],
    [{ custom_vocabulary: 'Gladia' }, 'Field "custom_vocabulary" must be a boolean or an array'],
    [{ custom_vocabulary: [3] }, 'Field "custom_vocabulary.0" must be a string or an object'],
    [{ custom_vocabulary_config: 'x' }, 'Field "custom_vocabulary_config" must be an object'],
    [{ custom_vocabulary_config: {} }, 'Field "custom_vocabulary_config.vocabulary" is required'],
    [
      { custom_vocabulary_config: { vocabulary: 'x' } },
      'Field "custom_vocabulary_config.vocabulary" must be an array',
    ],
    [
      { custom_vocabulary_config: { vocabulary: [{ intensity: 0.5 }] } },
      'Field "custom_vocabulary_config.vocabulary.0.value" is required',
    ],
    [
      { custom_vocabulary_config: { vocabulary: [{ value: 'a', intensity: 1.1 }] } },
      'Field "custom_vocabulary_config.vocabulary.0.intensity" must be less than or equal to 1',
    ],
    [
      { custom_vocabulary_config: { vocabulary: [{ value: 'a', intensity: -0.1 }] } },
      'Field "custom_vocabulary_config.vocabulary.0.intensity" must be greater than or equal to 0',
    ],
    [
      { custom_vocabulary_config: { vocabulary: [{ value: 'a', pronunciations: 'ah' }] } },
      'Field "custom_vocabulary_config.vocabulary.0.pronunciations" must be an array',
    ],
    [
      { custom_vocabulary_config: { vocabulary: [{ value: 'a', pronunciations: [1] }] } },
      'Field "custom_vocabulary_config.vocabulary.0.pronunciations.0" must be a string',
    ],
    [
      { custom_vocabulary_config: { vocabulary: [{ value: 'a', language: 'xx' }] } },
      `Field "custom_vocabulary_config.vocabulary.0.language" must be one of: ${LANGS}`,
    ],
    [
      { custom_vocabulary_config: { vocabulary: [], default_intensity: 2 } },
      'Field "custom_vocabulary_config.default_intensity" must be less than or equal to 1',
    ],
    [
      { custom_vocabulary_config: { vocabulary: [], default_intensity: '0.5' } },
      'Field "custom_vocabulary_config.default_intensity" must be a number',
    ],
    [{ callback_url: 'not a url' }, 'Field "callback_url" must be a valid http(s) URL'],
    [{ callback_url: 5 }, 'Field "callback_url" must be a string'],
    [{ callback_config: {} }, 'Field "callback_config.url" is required'],
    [{ callback_config: { url: 'ws://h/x' } }, 'Field "callback_config.url" must be a valid http(s) URL'],
    [
      { callback_config: { url: 'https://h/x', method: 'GET' } },
      'Field "callback_config.method" must be one of: POST, PUT',
    ],
    [
      { callback: true },
      'Field "callback_config.url" is required when callback is true (or give callback_url)',
    ],
    [{ subtitles_config: { formats: [] } }, 'Field "subtitles_config.formats" must contain at least 1 item'],
    [
      { subtitles_config: { formats: ['ass'] } },
      'Field "subtitles_config.formats.0" must be one of: srt, vtt',
    ],
    [{ subtitles_config: { formats: 'srt' } }, 'Field "subtitles_config.formats" must be an array'],
    [
      { subtitles_config: { minimum_duration: -1 } },
      'Field "subtitles_config.minimum_duration" must be greater than or equal to 0',
    ],
    [
      { subtitles_config: { maximum_duration: 0.5 } },
      'Field "subtitles_config.maximum_duration" must be greater than or equal to 1',
    ],
    [
      { subtitles_config: { maximum_duration: 31 } },
      'Field "subtitles_config.maximum_duration" must be less than or equal to 30',
    ],
    [
      { subtitles_config: { maximum_duration: '10' } },
      'Field "subtitles_config.maximum_duration" must be a number',
    ],
    [
      { subtitles_config: { maximum_characters_per_row: 0 } },
      'Field "subtitles_config.maximum_characters_per_row" must be greater than or equal to 1',
    ],
    [
      { subtitles_config: { maximum_characters_per_row: 40.5 } },
      'Field "subtitles_config.maximum_characters_per_row" must be an integer',
    ],
    [
      { subtitles_config: { maximum_rows_per_caption: 0 } },
      'Field "subtitles_config.maximum_rows_per_caption" must be greater than or equal to 1',
    ],
    [
      { subtitles_config: { maximum_rows_per_caption: 6 } },
      'Field "subtitles_config.maximum_rows_per_caption" must be less than or equal to 5',
    ],
    [
      { subtitles_config: { style: 'fancy' } },
      'Field "subtitles_config.style" must be one of: default, compliance',
    ],
    [
      { subtitles_config: { minimum_duration: 6, maximum_duration: 5 } },
      'Field "subtitles_config.minimum_duration" must be less than or equal to maximum_duration',
    ],
    [{ diarization_config: [] }, 'Field "diarization_config" must be an object'],
    [
      { diarization_config: { number_of_speakers: -1 } },
      'Field "diarization_config.number_of_speakers" must be greater than or equal to 0',
    ],
    [
      { diarization_config: { number_of_speakers: 1.5 } },
      'Field "diarization_config.number_of_speakers" must be an integer',
    ],
    [
      { diarization_config: { min_speakers: 'two' } },
      'Field "diarization_config.min_speakers" must be a number',
    ],
    [
      { diarization_config: { min_speakers: -1 } },
      'Field "diarization_config.min_speakers" must be greater than or equal to 0',
    ],
    [
      { diarization_config: { max_speakers: -2 } },
      'Field "diarization_config.max_speakers" must be greater than or equal to 0',
    ],
    [
      { diarization_config: { min_speakers: 4, max_speakers: 2 } },
      'Field "diarization_config.min_speakers" must be less than or equal to max_speakers',
    ],
    [{ translation_config: {} }, 'Field "translation_config.target_languages" is required'],
    [
      { translation_config: { target_languages: [] } },
      'Field "translation_config.target_languages" must contain at least 1 item',
    ],
    [
      { translation_config: { target_languages: ['klingon'] } },
      `Field "translation_config.target_languages.0" must be one of: ${TRANSLATION_LANGS}`,
    ],
    [
      { translation_config: { target_languages: ['fr'], model: 'gpt' } },
      'Field "translation_config.model" must be one of: base, batch, enhanced',
    ],
    [
      { translation_config: { target_languages: ['fr'], match_original_utterances: 'y' } },
      'Field "translation_config.match_original_utterances" must be a boolean',
    ],
    [
      { translation_config: { target_languages: ['fr'], lipsync: 1 } },
      'Field "translation_config.lipsync" must be a boolean',
    ],
    [
      { translation_config: { target_languages: ['fr'], context_adaptation: 'n' } },
      'Field "translation_config.context_adaptation" must be a boolean',
    ],
    [
      { translation_config: { target_languages: ['fr'], context: 5 } },
      'Field "translation_config.context" must be a string',
    ],
    [
      { translation_config: { target_languages: ['fr'], informal: 0 } },
      'Field "translation_config.informal" must be a boolean',
    ],
    [
      { summarization_config: { type: 'long' } },
      'Field "summarization_config.type" must be one of: general, bullet_points, concise',
    ],
    [{ custom_spelling_config: {} }, 'Field "custom_spelling_config.spelling_dictionary" is required'],
    [
      { custom_spelling_config: { spelling_dictionary: [] } },
      'Field "custom_spelling_config.spelling_dictionary" must be an object',
    ],
    [
      { custom_spelling_config: { spelling_dictionary: { SQL: 'sequel' } } },
      'Field "custom_spelling_config.spelling_dictionary.SQL" must be an array',
    ],
    [
      { custom_spelling_config: { spelling_dictionary: { SQL: [1] } } },
      'Field "custom_spelling_config.spelling_dictionary.SQL.0" must be a string',
    ],
    [{ audio_to_llm_config: {} }, 'Field "audio_to_llm_config.prompts" is required'],
    [
      { audio_to_llm_config: { prompts: [] } },
      'Field "audio_to_llm_config.prompts" must contain at least 1 item',
    ],
    [{ audio_to_llm_config: { prompts: [{}] } }, 'Field "audio_to_llm_config.prompts.0" must be a string'],
    [
      { audio_to_llm_config: { prompts: ['p'], model: 4 } },
      'Field "audio_to_llm_config.model" must be a string',
    ],
    [
      { pii_redaction_config: { entity_types: ['GDPR', 'SECRETS'] } },
      'Field "pii_redaction_config.entity_types.1" must be one of: APPI, APPI_SENSITIVE, CCI, CORE_ENTITIES, CPRA, GDPR, GDPR_SENSITIVE, HEALTH_INFORMATION, HIPAA_SAFE_HARBOR, LIDI, NUMERICAL_EXCL_PCI, PCI, ... (82 values)',
    ],
    [
      { pii_redaction_config: { entity_types: 'SECRETS' } },
      'Field "pii_redaction_config.entity_types" must be one of: APPI, APPI_SENSITIVE, CCI, CORE_ENTITIES, CPRA, GDPR, GDPR_SENSITIVE, HEALTH_INFORMATION, HIPAA_SAFE_HARBOR, LIDI, NUMERICAL_EXCL_PCI, PCI, ... (82 values)',
    ],
    [
      { pii_redaction_config: { processed_text_type: 'BLUR' } },
      'Field "pii_redaction_config.processed_text_type" must be one of: MARKER, MASK',
    ],
    [{ custom_metadata: [] }, 'Field "custom_metadata" must be an object'],
    [{ custom_metadata: 'user=1' }, 'Field "custom_metadata" must be an object'],
  ])('checks %j', (body, message) => {
    expect(errors({ audio_url: AUDIO, ...body })).toEqual([message]);
  });

  it('reports every problem at once', () => {
    expect(
      errors({
        audio_url: 'nope',
        model: 'whisper',
        diarization: 'yes',
        subtitles_config: { maximum_duration: 31, minimum_duration: 40 },
        translation_config: { target_languages: [] },
        callback: true,
        unknown_field: 'kept, not an error',
      }),
    ).toEqual([
      'Field "audio_url" must be a valid http(s) URL',
      'Field "model" must be one of: solaria-1, solaria-3, solaria-fusion, alpha-1, alpha-3, alpha-fusion',
      'Field "subtitles_config.maximum_duration" must be less than or equal to 30',
      'Field "subtitles_config.minimum_duration" must be less than or equal to maximum_duration',
      'Field "diarization" must be a boolean',
      'Field "translation_config.target_languages" must contain at least 1 item',
      'Field "callback_config.url" is required when callback is true (or give callback_url)',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { parsePreRecordedRequest, type PreRecordedParams } from './pre-recorded';

// Bodies as the real clients build them (PROTOCOL §1.5): they must be accepted, their legacy fields checked,
// echoed, and merged into the modern fields the server acts on.

const AUDIO = 'https://api.gladia.io/file/6c09400e-23d2-4bd2-be55-96a5ececfa3b';

const ok = (body: Record<string, unknown>): PreRecordedParams => {
  const result = parsePreRecordedRequest(body);
  if (!result.ok) throw new Error(`unexpected errors: ${result.errors.join('; ')}`);
  return result.value;
};

const errors = (body: Record<string, unknown>): string[] => {
  const result = parsePreRecordedRequest({ audio_url: AUDIO, ...body });
  if (result.ok) throw new Error(`expected errors for ${JSON.stringify(body)}`);
  return result.errors;
};

describe('Gladia CLI bodies', () => {
  // pkg/client TranscriptionRequest: no omitempty, so nil pointers and slices arrive as null and counts as 0.
  const cliBody = {
    audio_url: AUDIO,
    diarization: false,
    diarization_config: { min_speakers: 0, max_speakers: 0, number_of_speakers: 0 },
    enable_code_switching: false,
    detect_language: true,
    summarization: false,
    summarization_config: null,
    translation: false,
    translation_config: null,
    custom_vocabulary: null,
  };

  it('accepts the zeroed diarization_config and the nulls', () => {
    const params = ok(cliBody);
    expect(params.diarization_config).toEqual({ min_speakers: 0, max_speakers: 0, number_of_speakers: 0 });
    expect(params.language_config).toEqual({ languages: [], code_switching: false });
    expect(params.custom_vocabulary).toBe(false);
    expect(params).not.toHaveProperty('summarization_config');
    expect(params).not.toHaveProperty('translation_config');
    expect(params).toMatchObject({ enable_code_switching: false, detect_language: true });
  });

  it('turns a custom_vocabulary string array into custom_vocabulary + its config', () => {
    const params = ok({ ...cliBody, custom_vocabulary: ['Gladia', 'Solaria'] });
    expect(params.custom_vocabulary).toBe(true);
    expect(params.custom_vocabulary_config).toEqual({ vocabulary: ['Gladia', 'Solaria'] });
  });

  it('treats an empty custom_vocabulary array as no vocabulary', () => {
    const params = ok({ ...cliBody, custom_vocabulary: [] });
    expect(params.custom_vocabulary).toBe(false);
    expect(params).not.toHaveProperty('custom_vocabulary_config');
  });

  it('accepts the diarize command body (1..8 speakers, 4 expected)', () => {
    const params = ok({
      audio_url: AUDIO,
      diarization: true,
      diarization_config: { min_speakers: 1, max_speakers: 8, number_of_speakers: 4 },
      enable_code_switching: false,
      detect_language: true,
      summarization: false,
      summarization_config: null,
      translation: false,
      translation_config: null,
      custom_vocabulary: null,
    });
    expect(params.diarization).toBe(true);
    expect(params.diarization_config).toEqual({ min_speakers: 1, max_speakers: 8, number_of_speakers: 4 });
  });

  it('maps the older CLI language + enable_code_switching fields', () => {
    const params = ok({
      audio_url: AUDIO,
      language: 'fr',
      enable_code_switching: true,
      context_prompt: 'A podcast',
    });
    expect(params.language_config).toEqual({ languages: ['fr'], code_switching: true });
    expect(params).toMatchObject({
      language: 'fr',
      enable_code_switching: true,
      context_prompt: 'A podcast',
    });
  });
});

describe('@ai-sdk/gladia bodies', () => {
  // Every provider option set: gladia-transcription-model.ts maps each camelCase option to these keys.
  const aiSdkBody = {
    audio_url: AUDIO,
    context_prompt: 'A talk about speech recognition',
    custom_vocabulary: true,
    detect_language: false,
    enable_code_switching: true,
    language: 'en',
    callback: true,
    subtitles: true,
    diarization: true,
    translation: true,
    summarization: true,
    moderation: true,
    named_entity_recognition: true,
    chapterization: true,
    name_consistency: true,
    custom_spelling: true,
    structured_data_extraction: true,
    structured_data_extraction_config: { classes: ['person', 'organization'] },
    sentiment_analysis: true,
    audio_to_llm: true,
    audio_to_llm_config: { prompts: ['Extract the key points'] },
    custom_metadata: { source: 'ai-sdk', attempt: 1 },
    sentences: true,
    display_mode: true,
    punctuation_enhanced: true,
    custom_vocabulary_config: {
      vocabulary: [
        'Gladia',
        { value: 'Solaria', intensity: 0.5, pronunciations: ['so-la-ria'], language: 'en' },
      ],
      default_intensity: 0.6,
    },
    code_switching_config: { languages: ['en', 'fr'] },
    callback_config: { url: 'https://example.com/cb', method: 'POST' },
    subtitles_config: {
      formats: ['srt', 'vtt'],
      minimum_duration: 1,
      maximum_duration: 10,
      maximum_characters_per_row: 40,
      maximum_rows_per_caption: 2,
      style: 'default',
    },
    diarization_config: { number_of_speakers: 2, min_speakers: 1, max_speakers: 3, enhanced: true },
    translation_config: { target_languages: ['fr'], model: 'enhanced', match_original_utterances: true },
    summarization_config: { type: 'concise' },
    custom_spelling_config: { spelling_dictionary: { Gladia: ['gladya'] } },
  };

  it('accepts every legacy field and keeps it in the echo', () => {
    const params = ok(aiSdkBody);
    expect(params).toMatchObject({
      context_prompt: 'A talk about speech recognition',
      detect_language: false,
      enable_code_switching: true,
      language: 'en',
      code_switching_config: { languages: ['en', 'fr'] },
      structured_data_extraction_config: { classes: ['person', 'organization'] },
      diarization_config: { number_of_speakers: 2, min_speakers: 1, max_speakers: 3, enhanced: true },
      moderation: true,
      chapterization: true,
      name_consistency: true,
      structured_data_extraction: true,
      display_mode: true,
      sentences: true,
      punctuation_enhanced: true,
      custom_metadata: { source: 'ai-sdk', attempt: 1 },
    });
  });

  it('merges language and enable_code_switching into language_config (language wins over the list)', () => {
    expect(ok(aiSdkBody).language_config).toEqual({ languages: ['en'], code_switching: true });
  });

  it('takes the code_switching_config languages when no single language is given', () => {
    const { language: _language, enable_code_switching: _switching, ...body } = aiSdkBody;
    expect(ok(body).language_config).toEqual({ languages: ['en', 'fr'], code_switching: true });
  });

  it('lets an explicit language_config win over the legacy fields', () => {
    const params = ok({ ...aiSdkBody, language_config: { languages: ['de'], code_switching: false } });
    expect(params.language_config).toEqual({ languages: ['de'], code_switching: false });
    expect(params.language).toBe('en');
  });

  it('keeps an explicit custom_vocabulary_config over a legacy vocabulary array', () => {
    const params = ok({
      audio_url: AUDIO,
      custom_vocabulary: ['old'],
      custom_vocabulary_config: { vocabulary: ['new'] },
    });
    expect(params.custom_vocabulary).toBe(true);
    expect(params.custom_vocabulary_config).toEqual({ vocabulary: ['new'] });
  });

  it('accepts the 3.0.40 form, which resolves the legacy options into language_config itself', () => {
    const params = ok({ audio_url: AUDIO, language_config: { languages: ['en'] }, custom_vocabulary: true });
    expect(params.language_config).toEqual({ languages: ['en'], code_switching: false });
  });
});

describe('@gladiaio/sdk body', () => {
  it('accepts a typed PreRecordedV2InitTranscriptionRequest', () => {
    const params = ok({
      audio_url: AUDIO,
      model: 'solaria-1',
      language_config: { languages: ['en'], code_switching: false },
      diarization: true,
      diarization_config: { number_of_speakers: 2 },
      pii_redaction: true,
      pii_redaction_config: { entity_types: 'GDPR', processed_text_type: 'MARKER' },
    });
    expect(params.pii_redaction_config).toEqual({ entity_types: ['GDPR'], processed_text_type: 'MARKER' });
    expect(params.diarization_config).toEqual({ number_of_speakers: 2 });
  });
});

describe('legacy fields are still checked', () => {
  const LANGS = 'af, am, ar, as, az, ba, be, bg, bn, bo, br, bs, ... (99 values)';
  it.each([
    [{ language: 'english' }, `Field "language" must be one of: ${LANGS}`],
    [{ language: 5 }, `Field "language" must be one of: ${LANGS}`],
    [{ detect_language: 'yes' }, 'Field "detect_language" must be a boolean'],
    [{ enable_code_switching: 1 }, 'Field "enable_code_switching" must be a boolean'],
    [
      { code_switching_config: { languages: 'en' } },
      'Field "code_switching_config.languages" must be an array',
    ],
    [
      { code_switching_config: { languages: ['xx'] } },
      `Field "code_switching_config.languages.0" must be one of: ${LANGS}`,
    ],
    [{ context_prompt: 5 }, 'Field "context_prompt" must be a string'],
    [
      { structured_data_extraction_config: {} },
      'Field "structured_data_extraction_config.classes" is required',
    ],
    [
      { structured_data_extraction_config: { classes: 'x' } },
      'Field "structured_data_extraction_config.classes" must be an array',
    ],
    [{ diarization_config: { enhanced: 'yes' } }, 'Field "diarization_config.enhanced" must be a boolean'],
    [{ custom_vocabulary: [{ value: 1 }] }, 'Field "custom_vocabulary.0.value" must be a string'],
  ])('checks %j', (body, message) => {
    expect(errors(body)).toEqual([message]);
  });
});

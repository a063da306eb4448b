import { describe, expect, it } from 'vitest';
import { parsePreRecordedRequest, PRE_RECORDED_MODELS, type PreRecordedParams } from './pre-recorded';

const AUDIO = 'https://example.com/audio.wav';

const ok = (body: Record<string, unknown>): PreRecordedParams => {
  const result = parsePreRecordedRequest({ audio_url: AUDIO, ...body });
  if (!result.ok) throw new Error(`unexpected errors: ${result.errors.join('; ')}`);
  return result.value;
};

const errors = (body: Record<string, unknown>): string[] => {
  const result = parsePreRecordedRequest({ audio_url: AUDIO, ...body });
  if (result.ok) throw new Error(`expected errors for ${JSON.stringify(body)}`);
  return result.errors;
};

const FLAGS = [
  'custom_vocabulary',
  'callback',
  'subtitles',
  'diarization',
  'translation',
  'summarization',
  'named_entity_recognition',
  'custom_spelling',
  'sentiment_analysis',
  'audio_to_llm',
  'pii_redaction',
  'sentences',
  'punctuation_enhanced',
  'moderation',
  'name_consistency',
  'structured_data_extraction',
  'display_mode',
  'chapterization',
  'accurate_words_timestamps',
  'diarization_enhanced',
  'audio_enhancer',
];

describe('parsePreRecordedRequest: effective parameters', () => {
  it('fills every default for a minimal body', () => {
    expect(ok({})).toEqual({
      audio_url: AUDIO,
      model: 'solaria-1',
      language_config: { languages: [], code_switching: false },
      ...Object.fromEntries(FLAGS.map((name) => [name, false])),
    });
  });

  it.each(PRE_RECORDED_MODELS)('accepts and echoes model %s', (model) => {
    expect(ok({ model }).model).toBe(model);
  });

  it('keeps booleans that were sent', () => {
    const params = ok({
      ...Object.fromEntries(FLAGS.map((name) => [name, true])),
      callback_url: 'https://h.example/cb',
      translation_config: { target_languages: ['fr'] },
      custom_spelling_config: { spelling_dictionary: {} },
      audio_to_llm_config: { prompts: ['Summarize'] },
      structured_data_extraction_config: { classes: ['person'] },
    });
    for (const name of FLAGS) expect(params[name]).toBe(true);
  });

  it.each([
    ['translation', 'translation_config'],
    ['custom_spelling', 'custom_spelling_config'],
    ['audio_to_llm', 'audio_to_llm_config'],
    ['structured_data_extraction', 'structured_data_extraction_config'],
  ])('refuses %s without %s', (flagName, configName) => {
    expect(errors({ audio_url: 'https://h.example/a.wav', [flagName]: true }).join('\n')).toContain(
      configName,
    );
  });

  it('fills the defaults of each config that is given', () => {
    const params = ok({
      language_config: { languages: ['fr'] },
      subtitles_config: {},
      translation_config: { target_languages: ['en', 'wo'] },
      summarization_config: {},
      callback_config: { url: 'http://127.0.0.1:9000/hook' },
      custom_vocabulary_config: { vocabulary: ['Gladia', { value: 'Solaria', intensity: 0.8 }] },
      diarization_config: { min_speakers: 1, max_speakers: 3 },
      audio_to_llm_config: { prompts: ['Summarise'] },
      pii_redaction_config: { entity_types: ['GDPR', 'EMAIL_ADDRESS'], processed_text_type: 'MASK' },
      custom_spelling_config: { spelling_dictionary: { SQL: ['sequel'] } },
    });
    expect(params.language_config).toEqual({ languages: ['fr'], code_switching: false });
    expect(params.subtitles_config).toEqual({ formats: ['srt'], style: 'default' });
    expect(params.translation_config).toEqual({
      target_languages: ['en', 'wo'],
      model: 'base',
      match_original_utterances: true,
      lipsync: true,
      context_adaptation: true,
      informal: false,
    });
    expect(params.summarization_config).toEqual({ type: 'general' });
    expect(params.callback_config).toEqual({ url: 'http://127.0.0.1:9000/hook', method: 'POST' });
    expect(params.custom_vocabulary_config).toEqual({
      vocabulary: ['Gladia', { value: 'Solaria', intensity: 0.8 }],
    });
    expect(params.diarization_config).toEqual({ min_speakers: 1, max_speakers: 3 });
    expect(params.audio_to_llm_config).toEqual({ prompts: ['Summarise'] });
    expect(params.pii_redaction_config).toEqual({
      entity_types: ['GDPR', 'EMAIL_ADDRESS'],
      processed_text_type: 'MASK',
    });
    expect(params.custom_spelling_config).toEqual({ spelling_dictionary: { SQL: ['sequel'] } });
  });

  it('keeps values given over defaults', () => {
    const params = ok({
      subtitles_config: {
        formats: ['vtt', 'srt'],
        minimum_duration: 1,
        maximum_duration: 30,
        maximum_characters_per_row: 42,
        maximum_rows_per_caption: 5,
        style: 'compliance',
      },
      translation_config: {
        target_languages: ['de'],
        model: 'enhanced',
        match_original_utterances: false,
        lipsync: false,
        context_adaptation: false,
        context: 'A medical talk',
        informal: true,
      },
      summarization_config: { type: 'bullet_points' },
      callback_config: { url: 'https://hooks.example.com/x', method: 'PUT' },
    });
    expect(params.subtitles_config).toEqual({
      formats: ['vtt', 'srt'],
      minimum_duration: 1,
      maximum_duration: 30,
      maximum_characters_per_row: 42,
      maximum_rows_per_caption: 5,
      style: 'compliance',
    });
    expect(params.translation_config?.context).toBe('A medical talk');
    expect(params.translation_config?.informal).toBe(true);
    expect(params.summarization_config).toEqual({ type: 'bullet_points' });
    expect(params.callback_config).toEqual({ url: 'https://hooks.example.com/x', method: 'PUT' });
  });

  it('outputs a single PII entity type (the SDK typing) as a list', () => {
    expect(ok({ pii_redaction_config: { entity_types: 'GDPR' } }).pii_redaction_config).toEqual({
      entity_types: ['GDPR'],
    });
  });

  it('keeps unknown fields verbatim, top-level and nested', () => {
    const params = ok({
      future_flag: { a: [1, 2] },
      subtitles_config: { experimental: 'x' },
      translation_config: { target_languages: ['fr'], extra: 1 },
    });
    expect(params.future_flag).toEqual({ a: [1, 2] });
    expect(params.subtitles_config).toMatchObject({ experimental: 'x', formats: ['srt'] });
    expect(params.translation_config).toMatchObject({ extra: 1, model: 'base' });
  });

  it('keeps custom_metadata up to 2000 characters of JSON', () => {
    const custom_metadata = { note: 'x'.repeat(1990) }; // {"note":"…"} is 1990 + 11 = 2001 chars
    expect(errors({ audio_url: AUDIO, custom_metadata })).toEqual([
      'Field "custom_metadata" must be at most 2000 characters once serialized as JSON',
    ]);
    const fits = { note: 'x'.repeat(1989) };
    expect(ok({ custom_metadata: fits }).custom_metadata).toEqual(fits);
  });

  it('accepts callback with callback_config.url or with the legacy callback_url', () => {
    expect(ok({ callback: true, callback_config: { url: 'https://h.example/cb' } }).callback).toBe(true);
    expect(ok({ callback: true, callback_url: 'https://h.example/cb' }).callback_url).toBe(
      'https://h.example/cb',
    );
    expect(ok({ callback_config: { url: 'https://h.example/cb' } }).callback).toBe(false);
  });

  it('accepts subtitles minimum_duration equal to maximum_duration and 0 speakers as unset', () => {
    expect(
      ok({ subtitles_config: { minimum_duration: 5, maximum_duration: 5 } }).subtitles_config,
    ).toMatchObject({
      minimum_duration: 5,
    });
    expect(ok({ diarization_config: { min_speakers: 3, max_speakers: 0 } }).diarization_config).toEqual({
      min_speakers: 3,
      max_speakers: 0,
    });
  });

  it('treats null as absent', () => {
    expect(ok({ diarization: null, subtitles_config: null, model: null })).toEqual(ok({}));
    const params = ok({ translation_config: { target_languages: ['fr'], context: null, model: null } });
    expect(params.translation_config).not.toHaveProperty('context');
    expect(params.translation_config?.model).toBe('base');
    expect(ok({ subtitles_config: null })).not.toHaveProperty('subtitles_config');
  });
});

describe('parsePreRecordedRequest: flags', () => {
  // custom_vocabulary also takes the legacy array form: see its own case below.
  it.each(FLAGS.filter((name) => name !== 'custom_vocabulary'))('refuses a non-boolean %s', (name) => {
    expect(errors({ audio_url: AUDIO, [name]: 'yes' })).toEqual([`Field "${name}" must be a boolean`]);
  });
});

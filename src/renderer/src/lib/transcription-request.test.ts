import { describe, expect, it } from 'vitest';
import { parsePreRecordedRequest } from '../../../shared/schemas/pre-recorded';
import {
  buildTranscriptionOptions,
  DEFAULT_FORM,
  MetadataSyntaxError,
  parseSpelling,
} from './transcription-request';

const audio = { audio_url: 'http://127.0.0.1:8080/v2/upload/file' };

describe('the New transcription form as a POST /v2/pre-recorded body', () => {
  it('sends only the model for an untouched form, and the API accepts it', () => {
    const body = buildTranscriptionOptions(DEFAULT_FORM);
    expect(body).toEqual({ model: 'solaria-1' });
    expect(parsePreRecordedRequest({ ...audio, ...body }).ok).toBe(true);
  });

  it('builds every add-on config in the shape the API validates', () => {
    const body = buildTranscriptionOptions({
      ...DEFAULT_FORM,
      languages: ['en', 'fr'],
      codeSwitching: true,
      subtitles: true,
      subtitleFormats: ['srt', 'vtt'],
      subtitleMaxDuration: '6',
      subtitleMaxRows: ' 2 ',
      diarization: true,
      minSpeakers: '2',
      maxSpeakers: '3',
      translation: true,
      targetLanguages: ['de'],
      summarization: true,
      summaryType: 'bullet_points',
      namedEntityRecognition: true,
      sentimentAnalysis: true,
      piiRedaction: true,
      piiEntityTypes: ['NAME'],
      customVocabulary: true,
      vocabulary: 'Gladia\n\n  sherpa onnx ',
      vocabularyIntensity: '0.5',
      customSpelling: true,
      spelling: 'SQL: sequel, s q l\nnot a rule',
      audioToLlm: true,
      prompts: 'Who speaks?\n',
      customMetadata: '{"project":"demo"}',
    });
    expect(body).toMatchObject({
      language_config: { languages: ['en', 'fr'], code_switching: true },
      subtitles: true,
      subtitles_config: { formats: ['srt', 'vtt'], maximum_duration: 6, maximum_rows_per_caption: 2 },
      diarization_config: { min_speakers: 2, max_speakers: 3 },
      translation_config: { target_languages: ['de'], model: 'base' },
      summarization_config: { type: 'bullet_points' },
      pii_redaction_config: { entity_types: ['NAME'], processed_text_type: 'MARKER' },
      custom_vocabulary_config: { vocabulary: ['Gladia', 'sherpa onnx'], default_intensity: 0.5 },
      custom_spelling_config: { spelling_dictionary: { SQL: ['sequel', 's q l'] } },
      audio_to_llm_config: { prompts: ['Who speaks?'] },
      custom_metadata: { project: 'demo' },
    });
    expect(body.subtitles_config).not.toHaveProperty('minimum_duration');
    const parsed = parsePreRecordedRequest({ ...audio, ...body });
    expect(parsed.ok ? [] : parsed.errors).toEqual([]);
  });

  it('passes out-of-range values through so the API reports them', () => {
    const body = buildTranscriptionOptions({ ...DEFAULT_FORM, subtitles: true, subtitleMaxDuration: '60' });
    const parsed = parsePreRecordedRequest({ ...audio, ...body });
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? [] : parsed.errors).toEqual([
      'Field "subtitles_config.maximum_duration" must be less than or equal to 30',
    ]);
  });

  it('refuses custom metadata that is not JSON before anything is uploaded', () => {
    expect(() => buildTranscriptionOptions({ ...DEFAULT_FORM, customMetadata: '{project: demo}' })).toThrow(
      MetadataSyntaxError,
    );
  });

  it('parses spelling rules line by line', () => {
    expect(parseSpelling('A: b, c\nA: d\n: x\nno colon')).toEqual({ A: ['b', 'c', 'd'] });
  });
});

import { describe, expect, it } from 'vitest';
import { parseLiveRequest, type LiveParams } from './live';

const ok = (body: unknown): LiveParams => {
  const result = parseLiveRequest(body);
  if (!result.ok) throw new Error(`unexpected errors: ${result.errors.join('; ')}`);
  return result.value;
};

const errors = (body: unknown): string[] => {
  const result = parseLiveRequest(body);
  if (result.ok) throw new Error(`expected errors for ${JSON.stringify(body)}`);
  return result.errors;
};

const MESSAGE_FLAGS = [
  'receive_partial_transcripts',
  'receive_final_transcripts',
  'receive_speech_events',
  'receive_pre_processing_events',
  'receive_realtime_processing_events',
  'receive_post_processing_events',
  'receive_acknowledgments',
  'receive_errors',
  'receive_lifecycle_events',
];

/** Every default of spec §2.4, §6.1 and §6.2. */
const DEFAULTS = {
  encoding: 'wav/pcm',
  bit_depth: 16,
  sample_rate: 16000,
  channels: 1,
  model: 'solaria-1',
  endpointing: 0.05,
  maximum_duration_without_endpointing: 5,
  language_config: { languages: [], code_switching: false },
  pre_processing: { audio_enhancer: false, speech_threshold: 0.6 },
  realtime_processing: {
    custom_vocabulary: false,
    custom_spelling: false,
    translation: false,
    named_entity_recognition: false,
    sentiment_analysis: false,
  },
  post_processing: { summarization: false, chapterization: false },
  messages_config: {
    receive_partial_transcripts: false,
    receive_final_transcripts: true,
    receive_speech_events: true,
    receive_pre_processing_events: true,
    receive_realtime_processing_events: true,
    receive_post_processing_events: true,
    receive_acknowledgments: true,
    receive_errors: true,
    receive_lifecycle_events: false,
  },
  callback: false,
  callback_config: {
    receive_partial_transcripts: false,
    receive_final_transcripts: true,
    receive_speech_events: false,
    receive_pre_processing_events: true,
    receive_realtime_processing_events: true,
    receive_post_processing_events: true,
    receive_acknowledgments: false,
    receive_errors: false,
    receive_lifecycle_events: true,
  },
};

describe('parseLiveRequest: effective parameters', () => {
  it('fills every default for an empty body', () => {
    expect(ok({})).toEqual(DEFAULTS);
  });

  it('accepts the exact init body of @gladiaio/sdk 2.1.0 (PROTOCOL §5.1)', () => {
    const body = JSON.parse(
      '{"encoding":"wav/pcm","sample_rate":16000,"bit_depth":16,"channels":1,' +
        '"messages_config":{"receive_lifecycle_events":true,"receive_acknowledgments":true}}',
    );
    expect(ok(body)).toEqual({
      ...DEFAULTS,
      messages_config: {
        ...DEFAULTS.messages_config,
        receive_lifecycle_events: true,
        receive_acknowledgments: true,
      },
    });
  });

  it('accepts a pipecat body (model, custom_metadata, base64 keep-alives do not matter here)', () => {
    const params = ok({
      encoding: 'wav/pcm',
      bit_depth: 16,
      sample_rate: 16000,
      channels: 1,
      model: 'solaria-1',
      custom_metadata: { pipecat: '0.0.90' },
      maximum_duration_without_endpointing: 10,
      language_config: { languages: ['fr'] },
      pre_processing: { speech_threshold: 0.8 },
      messages_config: { receive_partial_transcripts: true },
    });
    expect(params.custom_metadata).toEqual({ pipecat: '0.0.90' });
    expect(params.maximum_duration_without_endpointing).toBe(10);
    expect(params.language_config).toEqual({ languages: ['fr'], code_switching: false });
    expect(params.pre_processing).toEqual({ audio_enhancer: false, speech_threshold: 0.8 });
    expect(params.messages_config.receive_partial_transcripts).toBe(true);
    expect(params.messages_config.receive_final_transcripts).toBe(true);
  });

  it('accepts the livekit words_accurate_timestamps flag and unknown fields, kept verbatim', () => {
    const params = ok({ realtime_processing: { words_accurate_timestamps: true }, region: 'eu-west' });
    expect(params.realtime_processing).toEqual({
      ...DEFAULTS.realtime_processing,
      words_accurate_timestamps: true,
    });
    expect(params.region).toBe('eu-west');
  });

  it('fills the sub-config defaults that are given', () => {
    const params = ok({
      model: 'alpha-1',
      realtime_processing: {
        translation: true,
        translation_config: { target_languages: ['wo'] },
        custom_vocabulary_config: { vocabulary: ['Gladia'] },
        custom_spelling_config: { spelling_dictionary: { SQL: ['sequel'] } },
      },
      post_processing: { summarization: true, summarization_config: {} },
      callback: true,
      callback_config: { url: 'https://hooks.example.com/live', receive_partial_transcripts: true },
    });
    expect(params.model).toBe('alpha-1');
    expect(params.realtime_processing.translation_config).toEqual({
      target_languages: ['wo'],
      model: 'base',
      match_original_utterances: true,
      lipsync: true,
      context_adaptation: true,
      informal: false,
    });
    expect(params.realtime_processing.custom_vocabulary_config).toEqual({ vocabulary: ['Gladia'] });
    expect(params.post_processing).toEqual({
      summarization: true,
      summarization_config: { type: 'general' },
      chapterization: false,
    });
    expect(params.callback_config).toEqual({
      ...DEFAULTS.callback_config,
      url: 'https://hooks.example.com/live',
      receive_partial_transcripts: true,
    });
  });

  it('defaults bit_depth to 8 for A-law and mu-law', () => {
    expect(ok({ encoding: 'wav/alaw' }).bit_depth).toBe(8);
    expect(ok({ encoding: 'wav/ulaw', bit_depth: 8 }).bit_depth).toBe(8);
    expect(ok({ encoding: 'wav/pcm', bit_depth: 8 }).bit_depth).toBe(8);
    expect(ok({ bit_depth: 32, sample_rate: 48000, channels: 8 })).toMatchObject({
      bit_depth: 32,
      channels: 8,
    });
  });

  it('accepts the bounds themselves', () => {
    expect(ok({ endpointing: 0.01, maximum_duration_without_endpointing: 60 })).toMatchObject({
      endpointing: 0.01,
    });
    expect(ok({ endpointing: 10, pre_processing: { speech_threshold: 0 } })).toMatchObject({
      endpointing: 10,
    });
  });

  it('treats null as absent', () => {
    expect(ok({ messages_config: null, channels: null, pre_processing: { speech_threshold: null } })).toEqual(
      DEFAULTS,
    );
  });
});

describe('parseLiveRequest: errors', () => {
  it.each([[[]], ['wav/pcm'], [null]])('refuses a body that is not an object: %j', (body) => {
    expect(errors(body)).toEqual(['Body must be a JSON object']);
  });

  it.each([
    [{ encoding: 'mp3' }, 'Field "encoding" must be one of: wav/pcm, wav/alaw, wav/ulaw'],
    [{ bit_depth: 12 }, 'Field "bit_depth" must be one of: 8, 16, 24, 32'],
    [{ bit_depth: '16' }, 'Field "bit_depth" must be one of: 8, 16, 24, 32'],
    [{ encoding: 'wav/alaw', bit_depth: 16 }, 'Field "bit_depth" must be 8 when encoding is wav/alaw'],
    [{ encoding: 'wav/ulaw', bit_depth: 24 }, 'Field "bit_depth" must be 8 when encoding is wav/ulaw'],
    [{ sample_rate: 22050 }, 'Field "sample_rate" must be one of: 8000, 16000, 32000, 44100, 48000'],
    [{ channels: 0 }, 'Field "channels" must be greater than or equal to 1'],
    [{ channels: 9 }, 'Field "channels" must be less than or equal to 8'],
    [{ channels: 1.5 }, 'Field "channels" must be an integer'],
    [{ channels: '2' }, 'Field "channels" must be a number'],
    [{ model: 'solaria-3' }, 'Field "model" must be one of: solaria-1, alpha-1'],
    [{ endpointing: 0 }, 'Field "endpointing" must be greater than or equal to 0.01'],
    [{ endpointing: 10.5 }, 'Field "endpointing" must be less than or equal to 10'],
    [
      { maximum_duration_without_endpointing: 4 },
      'Field "maximum_duration_without_endpointing" must be greater than or equal to 5',
    ],
    [
      { maximum_duration_without_endpointing: 61 },
      'Field "maximum_duration_without_endpointing" must be less than or equal to 60',
    ],
    [
      { language_config: { languages: ['xx'] } },
      'Field "language_config.languages.0" must be one of: af, am, ar, as, az, ba, be, bg, bn, bo, br, bs, ... (99 values)',
    ],
    [{ language_config: { code_switching: 1 } }, 'Field "language_config.code_switching" must be a boolean'],
    [{ pre_processing: 'on' }, 'Field "pre_processing" must be an object'],
    [{ pre_processing: { audio_enhancer: 'y' } }, 'Field "pre_processing.audio_enhancer" must be a boolean'],
    [
      { pre_processing: { speech_threshold: 1.5 } },
      'Field "pre_processing.speech_threshold" must be less than or equal to 1',
    ],
    [
      { pre_processing: { speech_threshold: -0.1 } },
      'Field "pre_processing.speech_threshold" must be greater than or equal to 0',
    ],
    [
      { realtime_processing: { custom_vocabulary: 'y' } },
      'Field "realtime_processing.custom_vocabulary" must be a boolean',
    ],
    [
      { realtime_processing: { custom_vocabulary_config: { vocabulary: [{ value: 'x', intensity: 5 }] } } },
      'Field "realtime_processing.custom_vocabulary_config.vocabulary.0.intensity" must be less than or equal to 1',
    ],
    [
      { realtime_processing: { custom_spelling: 'y' } },
      'Field "realtime_processing.custom_spelling" must be a boolean',
    ],
    [
      { realtime_processing: { custom_spelling_config: { spelling_dictionary: 'x' } } },
      'Field "realtime_processing.custom_spelling_config.spelling_dictionary" must be an object',
    ],
    [
      { realtime_processing: { translation: 'y' } },
      'Field "realtime_processing.translation" must be a boolean',
    ],
    [
      { realtime_processing: { translation_config: { target_languages: [] } } },
      'Field "realtime_processing.translation_config.target_languages" must contain at least 1 item',
    ],
    [
      { realtime_processing: { named_entity_recognition: 'y' } },
      'Field "realtime_processing.named_entity_recognition" must be a boolean',
    ],
    [
      { realtime_processing: { sentiment_analysis: 'y' } },
      'Field "realtime_processing.sentiment_analysis" must be a boolean',
    ],
    [
      { realtime_processing: { words_accurate_timestamps: 'y' } },
      'Field "realtime_processing.words_accurate_timestamps" must be a boolean',
    ],
    [{ post_processing: { summarization: 'y' } }, 'Field "post_processing.summarization" must be a boolean'],
    [
      { post_processing: { summarization_config: { type: 'tldr' } } },
      'Field "post_processing.summarization_config.type" must be one of: general, bullet_points, concise',
    ],
    [
      { post_processing: { chapterization: 'y' } },
      'Field "post_processing.chapterization" must be a boolean',
    ],
    [{ messages_config: [] }, 'Field "messages_config" must be an object'],
    [{ callback: 'y' }, 'Field "callback" must be a boolean'],
    [{ callback: true }, 'Field "callback_config.url" is required when callback is true'],
    [
      { callback: true, callback_config: { receive_errors: true } },
      'Field "callback_config.url" is required when callback is true',
    ],
    [{ callback_config: { url: 'not-a-url' } }, 'Field "callback_config.url" must be a valid http(s) URL'],
    [{ custom_metadata: ['a'] }, 'Field "custom_metadata" must be an object'],
    [
      { custom_metadata: { big: 'x'.repeat(2000) } },
      'Field "custom_metadata" must be at most 2000 characters once serialized as JSON',
    ],
  ])('checks %j', (body, message) => {
    expect(errors(body)).toEqual([message]);
  });

  it.each(MESSAGE_FLAGS)('checks messages_config.%s and callback_config.%s are booleans', (name) => {
    expect(errors({ messages_config: { [name]: 'yes' }, callback_config: { [name]: 1 } })).toEqual([
      `Field "messages_config.${name}" must be a boolean`,
      `Field "callback_config.${name}" must be a boolean`,
    ]);
  });

  it('reports every problem at once', () => {
    expect(
      errors({
        encoding: 'wav/alaw',
        bit_depth: 16,
        sample_rate: 44000,
        model: 'solaria-2',
        endpointing: 20,
        callback: true,
      }),
    ).toEqual([
      'Field "sample_rate" must be one of: 8000, 16000, 32000, 44100, 48000',
      'Field "model" must be one of: solaria-1, alpha-1',
      'Field "endpointing" must be less than or equal to 10',
      'Field "bit_depth" must be 8 when encoding is wav/alaw',
      'Field "callback_config.url" is required when callback is true',
    ]);
  });
});

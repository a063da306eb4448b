import { z } from 'zod';
import {
  customMetadata,
  customSpellingConfig,
  customVocabularyConfig,
  flag,
  httpUrl,
  languageConfig,
  nn,
  opt,
  summarizationConfig,
  translationConfig,
} from './common';
import { validateBody, type Validation } from './validation';

export const LIVE_ENCODINGS = ['wav/pcm', 'wav/alaw', 'wav/ulaw'] as const;
export const LIVE_BIT_DEPTHS = [8, 16, 24, 32] as const;
export const LIVE_SAMPLE_RATES = [8000, 16000, 32000, 44100, 48000] as const;
/** Live takes only the streaming model: the SDK's name and the spec's neutral one. */
export const LIVE_MODELS = ['solaria-1', 'alpha-1'] as const;

const preProcessing = z.looseObject({
  audio_enhancer: flag(),
  speech_threshold: nn(z.number().min(0).max(1).default(0.6)),
});
export type PreProcessingConfig = z.output<typeof preProcessing>;

const realtimeProcessing = z.looseObject({
  custom_vocabulary: flag(),
  custom_vocabulary_config: opt(customVocabularyConfig),
  custom_spelling: flag(),
  custom_spelling_config: opt(customSpellingConfig),
  translation: flag(),
  translation_config: opt(translationConfig),
  named_entity_recognition: flag(),
  sentiment_analysis: flag(),
  // Sent by livekit-plugins-gladia (PROTOCOL §1.5); undocumented, so checked but not defaulted.
  words_accurate_timestamps: opt(z.boolean()),
});
export type RealtimeProcessingConfig = z.output<typeof realtimeProcessing>;

const postProcessing = z.looseObject({
  summarization: flag(),
  summarization_config: opt(summarizationConfig),
  chapterization: flag(), // deprecated and ignored (SDK 2.1.0), still echoed
});
export type PostProcessingConfig = z.output<typeof postProcessing>;

/** The nine message groups; the WebSocket (spec §6.1) and the callback (§6.2) have different defaults. */
const receiveFlags = (defaults: {
  partial: boolean;
  final: boolean;
  speech: boolean;
  pre: boolean;
  realtime: boolean;
  post: boolean;
  acks: boolean;
  errors: boolean;
  lifecycle: boolean;
}) => ({
  receive_partial_transcripts: flag(defaults.partial),
  receive_final_transcripts: flag(defaults.final),
  receive_speech_events: flag(defaults.speech),
  receive_pre_processing_events: flag(defaults.pre),
  receive_realtime_processing_events: flag(defaults.realtime),
  receive_post_processing_events: flag(defaults.post),
  receive_acknowledgments: flag(defaults.acks),
  receive_errors: flag(defaults.errors),
  receive_lifecycle_events: flag(defaults.lifecycle),
});

const messagesConfig = z.looseObject(
  receiveFlags({
    partial: false,
    final: true,
    speech: true,
    pre: true,
    realtime: true,
    post: true,
    acks: true,
    errors: true,
    lifecycle: false,
  }),
);
export type MessagesConfig = z.output<typeof messagesConfig>;

const liveCallbackConfig = z.looseObject({
  url: opt(httpUrl),
  ...receiveFlags({
    partial: false,
    final: true,
    speech: false,
    pre: true,
    realtime: true,
    post: true,
    acks: false,
    errors: false,
    lifecycle: true,
  }),
});
export type LiveCallbackConfig = z.output<typeof liveCallbackConfig>;

const schema = z
  .looseObject({
    encoding: nn(z.enum(LIVE_ENCODINGS).default('wav/pcm')),
    // Its default depends on the encoding (16 for PCM, 8 for A-law/mu-law): filled in by the transform below.
    bit_depth: opt(z.literal(LIVE_BIT_DEPTHS)),
    sample_rate: nn(z.literal(LIVE_SAMPLE_RATES).default(16000)),
    channels: nn(z.int().min(1).max(8).default(1)),
    model: nn(z.enum(LIVE_MODELS).default('solaria-1')),
    endpointing: nn(z.number().min(0.01).max(10).default(0.05)),
    maximum_duration_without_endpointing: nn(z.number().min(5).max(60).default(5)),
    language_config: nn(languageConfig.prefault({})),
    pre_processing: nn(preProcessing.prefault({})),
    realtime_processing: nn(realtimeProcessing.prefault({})),
    post_processing: nn(postProcessing.prefault({})),
    messages_config: nn(messagesConfig.prefault({})),
    callback: flag(),
    callback_config: nn(liveCallbackConfig.prefault({})),
    custom_metadata: opt(customMetadata),
  })
  .check(
    // `when` lets these run even if another field failed, so every problem is reported at once.
    z.superRefine(
      (body, ctx) => {
        const { encoding, bit_depth, callback, callback_config } = body as Record<string, unknown>;
        if ((encoding === 'wav/alaw' || encoding === 'wav/ulaw') && bit_depth != null && bit_depth !== 8) {
          ctx.addIssue({
            code: 'custom',
            path: ['bit_depth'],
            message: `must be 8 when encoding is ${encoding}`,
          });
        }
        const url = (callback_config as { url?: unknown } | null | undefined)?.url;
        if (callback === true && url == null) {
          ctx.addIssue({
            code: 'custom',
            path: ['callback_config', 'url'],
            message: 'is required when callback is true',
          });
        }
      },
      { when: () => true },
    ),
  )
  .transform((body) => ({ ...body, bit_depth: body.bit_depth ?? (body.encoding === 'wav/pcm' ? 16 : 8) }));

/** The effective parameters of a live session, echoed as its `request_params`; every default is filled in. */
export type LiveParams = z.output<typeof schema> & { [field: string]: unknown };

/** Validates a `POST /v2/live` body (spec §2.4, PROTOCOL §5.1). */
export function parseLiveRequest(body: unknown): Validation<LiveParams> {
  return validateBody(schema, body);
}

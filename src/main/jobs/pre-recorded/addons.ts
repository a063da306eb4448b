import { runAddon } from '../../addons/run-addon';
import { buildSubtitles } from '../../addons/subtitles';
import type { AddonResult, Transcription } from '../../../shared/transcript';
import type { PreRecordedParams } from '../../../shared/schemas/pre-recorded';

/** Add-ons whose result is a wrapper block of its own in `result` (spec §2.6). */
const WRAPPED_ADDONS = [
  'translation',
  'summarization',
  'moderation',
  'named_entity_recognition',
  'name_consistency',
  'structured_data_extraction',
  'sentiment_analysis',
  'audio_to_llm',
  'sentences',
  'display_mode',
] as const;

/** Add-ons that change the transcript itself and have no block of their own. */
const TRANSCRIPT_ADDONS = [
  'custom_spelling',
  'pii_redaction',
  'punctuation_enhanced',
  'diarization',
] as const;

export interface AddonOutcome {
  blocks: Record<string, AddonResult<unknown>>;
  /** Requested add-ons this server could not apply; kept in the job's `post_session_metadata`. */
  warnings: string[];
}

function unavailable(name: string): AddonResult<null> {
  return {
    success: false,
    is_empty: true,
    exec_time: 0,
    error: {
      status_code: 501,
      exception: 'NotImplementedError',
      message: `The ${name} add-on is not available on this server yet`,
    },
    results: null,
  };
}

/** Runs the requested add-ons over a finished transcription. A failing add-on never fails the job. */
export async function applyAddons(
  params: PreRecordedParams,
  transcription: Transcription,
): Promise<AddonOutcome> {
  const blocks: Record<string, AddonResult<unknown>> = {};
  const warnings: string[] = [];
  const flags = params as unknown as Record<string, unknown>;

  if (params.subtitles) {
    const config = params.subtitles_config ?? { formats: ['srt'] };
    const subtitles = await runAddon('subtitles', () => buildSubtitles(transcription.utterances, config));
    if (subtitles.success && subtitles.results) transcription.subtitles = subtitles.results;
    else warnings.push(`subtitles failed: ${subtitles.error?.message ?? 'unknown error'}`);
  }
  for (const name of WRAPPED_ADDONS) {
    if (flags[name] === true) blocks[name] = unavailable(name);
  }
  for (const name of TRANSCRIPT_ADDONS) {
    if (flags[name] === true) {
      if (name === 'diarization') blocks.diarization = unavailable(name);
      warnings.push(
        `${name} was requested but is not available on this server yet; the transcript is unchanged`,
      );
    }
  }
  return { blocks, warnings };
}

import { runAddon, runAddonSync } from '../../addons/run-addon';
import { entitiesBlock, sentimentBlock, summaryBlock, translationBlock } from '../../addons/blocks';
import { buildSubtitles } from '../../addons/subtitles';
import { diarize } from '../../addons/diarization';
import { correctVocabulary } from '../../addons/custom-vocabulary';
import { applyCustomSpelling } from '../../addons/custom-spelling';
import { punctuate } from '../../addons/punctuation';
import { sentenceTexts } from '../../addons/sentences';
import { displayMode } from '../../addons/display-mode';
import { redactPii } from '../../addons/pii';
import { moderate } from '../../addons/moderation';
import type { LlmClient } from '../../addons/llm';
import { audioToLlm } from '../../addons/audio-to-llm';
import { structuredDataExtraction, structuredDataIsEmpty } from '../../addons/structured-data';
import { nameConsistency } from '../../addons/name-consistency';
import type { AddonResult, Transcription } from '../../../shared/transcript';
import type { PreRecordedParams } from '../../../shared/schemas/pre-recorded';

export interface AddonContext {
  /** Decoded audio, indexed by the file's channel number (what `utterance.channel` holds). */
  audio: { channels: Float32Array[]; sampleRate: 16000 };
  modelsDir: string;
  llm: LlmClient | null;
  signal?: AbortSignal;
}

export interface AddonOutcome {
  transcription: Transcription;
  blocks: Record<string, AddonResult<unknown>>;
  /** What could not be applied; kept in the job's `post_session_metadata`. */
  warnings: string[];
  /** Seconds each add-on took, including those without a block of their own (`post_session_metadata`). */
  execTimes: Record<string, number>;
}

// Add-ons run in the order of DESIGN.md's pipeline: those that rewrite the transcript first (speakers, words,
// punctuation, redaction), then the views built on it (sentences, subtitles), then the analyses, so every
// block describes the same, final text — and a redacted transcript never leaks into a summary or translation.
const sentencesBlock = (t: Transcription): AddonResult<string[]> =>
  runAddonSync('sentences', () => sentenceTexts(t));

export async function applyAddons(
  params: PreRecordedParams,
  initial: Transcription,
  ctx: AddonContext,
): Promise<AddonOutcome> {
  let t = initial;
  const blocks: Record<string, AddonResult<unknown>> = {};
  const warnings: string[] = [];
  const execTimes: Record<string, number> = {};

  /** Runs an add-on that rewrites the transcript; on failure the transcript stays as it was. */
  async function rewrite(
    name: string,
    fn: (current: Transcription) => Transcription | Promise<Transcription>,
  ): Promise<AddonResult<Transcription>> {
    const outcome = await runAddon(name, () => fn(t));
    execTimes[name] = outcome.exec_time;
    if (outcome.success && outcome.results) t = outcome.results;
    else warnings.push(`${name} failed: ${outcome.error?.message ?? 'unknown error'}`);
    return outcome;
  }

  if (params.diarization) {
    const outcome = await rewrite('diarization', async (current) => {
      const { utterances } = await diarize(ctx.audio, current, params.diarization_config, {
        modelsDir: ctx.modelsDir,
        signal: ctx.signal,
      });
      return { ...current, utterances };
    });
    // Spec §2.6: the deprecated `diarization` block only carries a result when diarization failed.
    if (!outcome.success) blocks.diarization = { ...outcome, results: null };
  }
  if (params.custom_vocabulary && params.custom_vocabulary_config) {
    const config = params.custom_vocabulary_config;
    await rewrite('custom_vocabulary', (current) => correctVocabulary(current, config));
  }
  if (params.name_consistency) {
    let results: string | null = null;
    const outcome = await rewrite('name_consistency', async (current) => {
      const corrected = await nameConsistency(current, {}, ctx.llm);
      results = corrected.results;
      return corrected.transcription;
    });
    blocks.name_consistency = { ...outcome, results };
  }
  if (params.custom_spelling && params.custom_spelling_config) {
    const config = params.custom_spelling_config;
    await rewrite('custom_spelling', (current) => applyCustomSpelling(current, config));
  }
  if (params.punctuation_enhanced) {
    await rewrite('punctuation_enhanced', (current) => punctuate(current, { modelsDir: ctx.modelsDir }));
  }
  if (params.pii_redaction) {
    const config = params.pii_redaction_config ?? {};
    await rewrite('pii_redaction', (current) => redactPii(current, config).transcription);
  }

  if (params.sentences) {
    const sentences = sentencesBlock(t);
    t = { ...t, sentences: [sentences] };
    blocks.sentences = sentences;
  }
  if (params.display_mode) blocks.display_mode = await runAddon('display_mode', () => displayMode(t));
  if (params.subtitles) {
    const config = params.subtitles_config ?? { formats: ['srt'] };
    const utterances = t.utterances;
    const subtitles = await runAddon('subtitles', () => buildSubtitles(utterances, config));
    execTimes.subtitles = subtitles.exec_time;
    if (subtitles.success && subtitles.results) t = { ...t, subtitles: subtitles.results };
    else warnings.push(`subtitles failed: ${subtitles.error?.message ?? 'unknown error'}`);
  }

  const current = t;
  if (params.named_entity_recognition) {
    blocks.named_entity_recognition = await entitiesBlock(current);
  }
  if (params.sentiment_analysis) blocks.sentiment_analysis = await sentimentBlock(current);
  // Like sentiment, a string in the spec (§2.6) and the SDK: the array travels as JSON text.
  if (params.moderation) {
    blocks.moderation = await runAddon(
      'moderation',
      () => JSON.stringify(moderate(current)),
      (json) => json === '[]',
    );
  }
  if (params.summarization) {
    blocks.summarization = await summaryBlock(current, params.summarization_config, ctx.llm, (message) =>
      warnings.push(message),
    );
  }
  if (params.audio_to_llm) {
    const config = params.audio_to_llm_config ?? { prompts: [] };
    blocks.audio_to_llm = await runAddon('audio_to_llm', () => audioToLlm(current, config, ctx.llm));
  }
  if (params.structured_data_extraction) {
    const config = params.structured_data_extraction_config ?? { classes: [] };
    blocks.structured_data_extraction = await runAddon(
      'structured_data_extraction',
      () => structuredDataExtraction(current, config, ctx.llm),
      structuredDataIsEmpty,
    );
  }
  if (params.translation && params.translation_config) {
    const config = params.translation_config;
    const extras = {
      subtitles: params.subtitles ? (params.subtitles_config ?? { formats: ['srt'] }) : undefined,
      sentences: params.sentences ? (translated: Transcription) => [sentencesBlock(translated)] : undefined,
    };
    blocks.translation = await translationBlock(current, config, ctx.llm, extras);
  }
  for (const [name, block] of Object.entries(blocks)) execTimes[name] ??= block.exec_time;
  return { transcription: t, blocks, warnings, execTimes };
}

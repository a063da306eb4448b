import type { LiveParams } from '../../shared/schemas/live';
import type { AddonResult, Transcription, Utterance } from '../../shared/transcript';
import { correctUtterance } from '../addons/custom-vocabulary';
import { spellUtterance, SpellingMatcher } from '../addons/custom-spelling';
import { recognizeUtterance } from '../addons/ner';
import { analyzeUtterance } from '../addons/sentiment';
import { translateUtterance } from '../addons/translation';
import type { LlmClient } from '../addons/llm';
import { entitiesBlock, sentimentBlock, summaryBlock, translationBlock } from '../addons/blocks';
import { message, type LiveMessage } from './messages';

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * The add-ons of a live session (spec §2.4): `realtime_processing` rewrites each transcript (vocabulary,
 * spelling) and analyses each final (entities, sentiment, translation, PROTOCOL §5.4); `post_processing`
 * adds the session-wide blocks of `post_final_transcript` and the summary.
 */
export class LiveAddons {
  private readonly spelling: SpellingMatcher | null;
  /** Translations in flight: the session waits for them before its post-processing messages. */
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly sessionId: string,
    private readonly params: LiveParams,
    private readonly llm: LlmClient | null,
    private readonly send: (msg: LiveMessage) => void,
  ) {
    const rt = params.realtime_processing;
    this.spelling =
      rt.custom_spelling && rt.custom_spelling_config
        ? new SpellingMatcher(rt.custom_spelling_config.spelling_dictionary)
        : null;
  }

  /** Applies vocabulary correction and spelling to a partial or final utterance before it is sent. */
  rewrite(utterance: Utterance): Utterance {
    const rt = this.params.realtime_processing;
    let u = utterance;
    if (rt.custom_vocabulary && rt.custom_vocabulary_config)
      u = correctUtterance(u, rt.custom_vocabulary_config);
    if (this.spelling) u = spellUtterance(u, this.spelling);
    return u;
  }

  /** Sends the realtime analyses of one final transcript. */
  onFinal(utteranceId: string, utterance: Utterance): void {
    const rt = this.params.realtime_processing;
    const base = { utterance_id: utteranceId, utterance };
    if (rt.named_entity_recognition) {
      this.sendResult('named_entity_recognition', () => ({
        ...base,
        results: recognizeUtterance(utterance),
      }));
    }
    if (rt.sentiment_analysis) {
      this.sendResult('sentiment_analysis', () => ({
        ...base,
        results: analyzeUtterance(utterance).map(({ sentiment, emotion, text, start, end, channel }) => ({
          sentiment,
          emotion,
          text,
          start,
          end,
          channel,
        })),
      }));
    }
    if (rt.translation && rt.translation_config) {
      for (const target of rt.translation_config.target_languages) {
        const task = translateUtterance(utterance, target, rt.translation_config, this.llm).then(
          (translated) =>
            this.send(
              message(this.sessionId, 'translation', {
                error: null,
                data: {
                  ...base,
                  original_language: utterance.language,
                  target_language: target,
                  translated_utterance: translated,
                },
              }),
            ),
          (error: unknown) =>
            this.send(
              message(this.sessionId, 'translation', { error: { message: errorText(error) }, data: null }),
            ),
        );
        this.pending.add(task);
        void task.finally(() => this.pending.delete(task));
      }
    }
  }

  /** Waits for the realtime translations still in flight. */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /**
   * The session-wide add-on blocks for `post_final_transcript` and the job's result.
   * Warnings (what could not be applied) go to the job's `post_session_metadata`.
   */
  async postProcess(t: Transcription, warnings: string[]): Promise<Record<string, AddonResult<unknown>>> {
    const rt = this.params.realtime_processing;
    const blocks: Record<string, AddonResult<unknown>> = {};
    if (rt.named_entity_recognition) {
      blocks.named_entity_recognition = await entitiesBlock(t);
    }
    if (rt.sentiment_analysis) {
      blocks.sentiment_analysis = await sentimentBlock(t);
    }
    if (rt.translation && rt.translation_config) {
      blocks.translation = await translationBlock(t, rt.translation_config, this.llm);
    }
    if (this.params.post_processing.summarization) {
      const config = this.params.post_processing.summarization_config;
      blocks.summarization = await summaryBlock(t, config, this.llm, (m) => warnings.push(m));
    }
    return blocks;
  }

  /** `post_summarization`, which follows `post_final_transcript` (PROTOCOL §5.6), when a summary was asked. */
  sendSummary(blocks: Record<string, AddonResult<unknown>>): void {
    const summary = blocks.summarization;
    if (!summary) return;
    this.send(
      message(this.sessionId, 'post_summarization', {
        error: summary.error ? { message: summary.error.message } : null,
        data: summary.success ? { results: summary.results } : null,
      }),
    );
  }

  private sendResult(type: 'named_entity_recognition' | 'sentiment_analysis', build: () => object): void {
    try {
      this.send(message(this.sessionId, type, { error: null, data: build() }));
    } catch (error) {
      this.send(message(this.sessionId, type, { error: { message: errorText(error) }, data: null }));
    }
  }
}

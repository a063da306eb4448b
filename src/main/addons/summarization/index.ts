import type { SummarizationConfig } from '../../../shared/schemas/common';
import type { Transcription } from '../../../shared/transcript';
import { AddonError } from '../run-addon';
import { extractiveSummary, type SummaryType } from './extractive';
import { DEFAULT_CHUNK_CHARS, llmSummary, type LlmFn } from './llm-summary';

export { extractiveSummary, type SummaryType } from './extractive';
export { DEFAULT_CHUNK_CHARS, type LlmFn } from './llm-summary';

export interface SummarizeOptions {
  /** A language model; when given it writes the summary, otherwise the extractive summariser does. */
  llm?: LlmFn;
  /** Characters of transcript per prompt before the transcript is summarised in parts. */
  chunkChars?: number;
}

const TYPES: readonly SummaryType[] = ['general', 'bullet_points', 'concise'];

/**
 * The summarization add-on (spec §2.3, §2.6): `results` is a string. `general` is a paragraph,
 * `bullet_points` one "- " line per point, `concise` one or two sentences; an empty transcript gives ''.
 */
export async function summarize(
  t: Transcription,
  config: Partial<Pick<SummarizationConfig, 'type'>> = {},
  options: SummarizeOptions = {},
): Promise<string> {
  const type = config.type ?? 'general';
  if (!TYPES.includes(type)) {
    throw new AddonError(400, `summarization_config.type must be one of: ${TYPES.join(', ')}`);
  }
  const chunkChars = options.chunkChars ?? DEFAULT_CHUNK_CHARS;
  if (!Number.isFinite(chunkChars) || chunkChars < 200) {
    throw new AddonError(400, 'The summary chunk size must be at least 200 characters');
  }
  if (options.llm) return llmSummary(t, type, options.llm, chunkChars);
  return extractiveSummary(t, type);
}

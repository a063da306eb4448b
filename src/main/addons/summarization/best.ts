import type { SummarizationConfig } from '../../../shared/schemas/pre-recorded';
import type { Transcription } from '../../../shared/transcript';
import { summarizeWithLlm, type LlmClient } from '../llm';
import { summarize } from './index';

/**
 * The summary a user asked for: abstractive when a language model is configured, extractive otherwise — and
 * extractive too when the model fails, since a local user's model being down should not cost them the summary.
 */
export async function summarizeBest(
  t: Transcription,
  config: Partial<SummarizationConfig> | undefined,
  llm: LlmClient | null,
  warn: (message: string) => void,
): Promise<string> {
  const type = config?.type ?? 'general';
  if (!llm) return summarize(t, { type });
  try {
    return await summarizeWithLlm(t, { type }, llm);
  } catch (error) {
    warn(
      `summarization fell back to the extractive summary: ${error instanceof Error ? error.message : String(error)}`,
    );
    return summarize(t, { type });
  }
}

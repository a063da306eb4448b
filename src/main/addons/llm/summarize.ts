import type { Transcription } from '../../../shared/transcript';
import type { SummarizationConfig } from '../../../shared/schemas/common';
import type { LlmClient } from './client';
import { transcriptLines } from './chunks';
import { llmNotConfigured } from './errors';
import { answerOverTranscript } from './map-reduce';

const INSTRUCTIONS: Record<SummarizationConfig['type'], string> = {
  general: 'Summarize the recording in one to three paragraphs of plain prose that cover its main points.',
  bullet_points:
    'Summarize the recording as a list of its main points: one line per point, each starting with "- ".',
  concise: 'Summarize the recording in two or three sentences.',
};

const SYSTEM =
  'You write summaries of audio recordings from their transcript. The transcript comes from speech recognition ' +
  'and may contain recognition errors. Write the summary in the language of the transcript, without a title or ' +
  'any text before or after it.';

/**
 * An abstractive summary (spec §2.6 `summarization`, a string) written by the configured language model; long
 * transcripts are summarised chunk by chunk and the partial notes merged. Empty transcripts give ''.
 */
export async function summarizeWithLlm(
  t: Transcription,
  config: Partial<SummarizationConfig>,
  llm: LlmClient | null,
): Promise<string> {
  if (!llm) throw llmNotConfigured('summarization');
  const lines = transcriptLines(t);
  if (lines.length === 0) return '';
  return answerOverTranscript(llm, lines, {
    system: SYSTEM,
    request: INSTRUCTIONS[config.type ?? 'general'],
  });
}

import type { Transcription, Utterance } from '../../../shared/transcript';
import type { LlmClient } from './client';

/** The least transcript a request carries, however small the configured context: below this, prompts are noise. */
const MIN_BUDGET = 400;

/**
 * Characters of transcript one request may carry: what the context holds once the fixed prompt text and a share
 * kept free for the answer are taken out. Characters stand in for tokens (about four per token in English);
 * `--llm-context-chars` is the knob users turn when a model's window is smaller.
 */
export function transcriptBudget(
  llm: Pick<LlmClient, 'contextChars'>,
  fixedChars: number,
  answerShare: number,
) {
  const room = (llm.contextChars - fixedChars) * (1 - answerShare);
  return Math.max(MIN_BUDGET, Math.floor(room));
}

/** A line of prompt text for an utterance, with its speaker when diarization gave one. */
export function utteranceLine(utterance: Utterance): string {
  const text = utterance.text.replace(/\s+/g, ' ').trim();
  return typeof utterance.speaker === 'number' ? `Speaker ${utterance.speaker + 1}: ${text}` : text;
}

/** The transcript as prompt lines: one per utterance, or the full transcript when there are no utterances. */
export function transcriptLines(t: Transcription): string[] {
  const lines = (t.utterances ?? []).map(utteranceLine).filter((line) => !/^(Speaker \d+: )?$/.test(line));
  if (lines.length > 0) return lines;
  const full = (t.full_transcript ?? '').trim();
  return full ? [full] : [];
}

/**
 * Groups consecutive items into chunks whose summed size stays within the budget. An item bigger than the budget
 * gets a chunk of its own: callers split text first (`splitText`) when that matters.
 */
export function packItems<T>(items: T[], size: (item: T) => number, budget: number): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let used = 0;
  for (const item of items) {
    const cost = size(item);
    if (current.length > 0 && used + cost > budget) {
      chunks.push(current);
      current = [];
      used = 0;
    }
    current.push(item);
    used += cost;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** Splits text longer than the budget at sentence ends, then at spaces, then anywhere. */
export function splitText(text: string, budget: number): string[] {
  if (text.length <= budget) return [text];
  const sentences = text.match(/[^.!?。！？]+[.!?。！？]*\s*/g) ?? [text];
  const pieces = sentences.flatMap((sentence) => {
    if (sentence.length <= budget) return [sentence];
    const words = sentence.split(/(?<=\s)/);
    return words.flatMap((word) =>
      word.length <= budget
        ? [word]
        : Array.from({ length: Math.ceil(word.length / budget) }, (_, i) =>
            word.slice(i * budget, (i + 1) * budget),
          ),
    );
  });
  return packItems(pieces, (piece) => piece.length, budget).map((chunk) => chunk.join('').trim());
}

/** Prompt lines packed into chunks of at most `budget` characters (newline-joined), long lines split. */
export function chunkLines(lines: string[], budget: number): string[] {
  const pieces = lines.flatMap((line) => splitText(line, budget));
  return packItems(pieces, (line) => line.length + 1, budget).map((chunk) => chunk.join('\n'));
}

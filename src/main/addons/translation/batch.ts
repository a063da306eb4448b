import type { LlmClient } from '../llm/client';
import { packItems, transcriptBudget } from '../llm/chunks';
import { LlmTruncatedError, LlmUpstreamError } from '../llm/errors';
import { isRecord, parseModelJson, textOf } from '../llm/json';
import {
  batchPrompt,
  PROMPT_OVERHEAD_CHARS,
  systemPrompt,
  type PromptSettings,
  type SourceLine,
} from './prompt';

export interface BatchSettings extends PromptSettings {
  /** Show the model the lines before each batch, so pronouns and terms carry across batch boundaries. */
  contextAdaptation: boolean;
}

// A translation is about as long as its source, and its JSON wrapping is repeated in the answer.
const ANSWER_SHARE = 0.55;
const LINES_BEFORE = 3;

/**
 * Translates lines in batches that fit the model's context, keeping ids one-to-one. A batch the model cuts short
 * is halved and retried; lines a batch's answer leaves out are asked for one at a time.
 */
export async function translateLines(
  llm: LlmClient,
  lines: SourceLine[],
  settings: BatchSettings,
): Promise<Map<number, string>> {
  const fixed =
    PROMPT_OVERHEAD_CHARS + systemPrompt(settings.target).length + (settings.context?.length ?? 0);
  const budget = transcriptBudget(llm, fixed, ANSWER_SHARE);
  const out = new Map<number, string>();
  let before: string[] = [];
  for (const batch of packItems(lines, (line) => JSON.stringify(line).length + 1, budget)) {
    await translateBatch(llm, batch, before, settings, out);
    if (settings.contextAdaptation) before = batch.slice(-LINES_BEFORE).map((line) => line.text);
  }
  return out;
}

async function translateBatch(
  llm: LlmClient,
  batch: SourceLine[],
  before: string[],
  settings: BatchSettings,
  out: Map<number, string>,
): Promise<void> {
  let answer: string;
  try {
    answer = await llm.complete(
      [
        { role: 'system', content: systemPrompt(settings.target) },
        { role: 'user', content: batchPrompt(batch, before, settings) },
      ],
      { json: true },
    );
  } catch (error) {
    if (!(error instanceof LlmTruncatedError) || batch.length < 2) throw error;
    const half = Math.ceil(batch.length / 2);
    await translateBatch(llm, batch.slice(0, half), before, settings, out);
    await translateBatch(llm, batch.slice(half), before, settings, out);
    return;
  }
  const found = readTranslations(answer, batch);
  for (const line of batch) {
    const text = found.get(line.id);
    if (text !== undefined) {
      out.set(line.id, text);
    } else if (batch.length > 1) {
      await translateBatch(llm, [line], before, settings, out);
    } else {
      throw new LlmUpstreamError(
        `The language model gave no translation for the line "${excerpt(line.text)}"`,
      );
    }
  }
}

const excerpt = (text: string): string => (text.length > 60 ? `${text.slice(0, 57)}...` : text);

/** The translations an answer holds, by id; tolerant of the shapes small models produce. */
export function readTranslations(answer: string, batch: SourceLine[]): Map<number, string> {
  const ids = new Set(batch.map((line) => line.id));
  const found = new Map<number, string>();
  let parsed: unknown;
  try {
    parsed = parseModelJson(answer);
  } catch (error) {
    // Asked for one line, some models just answer with its translation.
    if (batch.length === 1 && !/[{[]/.test(answer)) return new Map([[batch[0]!.id, answer.trim()]]);
    throw error;
  }
  const entries = isRecord(parsed) ? (parsed.translations ?? parsed.lines ?? parsed) : parsed;
  if (Array.isArray(entries)) {
    entries.forEach((entry, index) => {
      if (isRecord(entry)) {
        const id = Number(entry.id);
        const text = textOf(entry.text ?? entry.translation);
        if (text !== undefined && ids.has(id)) found.set(id, text);
        else if (text !== undefined && batch.length === 1 && entries.length === 1)
          found.set(batch[0]!.id, text);
      } else if (typeof entry === 'string' && entries.length === batch.length) {
        // A bare list of strings: positions stand for ids only when nothing is missing.
        found.set(batch[index]!.id, entry.trim());
      }
    });
  } else if (isRecord(entries)) {
    for (const [key, value] of Object.entries(entries)) {
      const text = textOf(value);
      if (text !== undefined && ids.has(Number(key))) found.set(Number(key), text);
    }
  }
  return found;
}

import type { Transcription } from '../../../shared/transcript';
import { AddonError } from '../run-addon';
import type { LlmClient } from '../llm/client';
import { chunkLines, transcriptBudget, transcriptLines } from '../llm/chunks';
import { llmNotConfigured } from '../llm/errors';
import { isRecord, parseModelJson, textOf } from '../llm/json';

export interface StructuredDataOptions {
  /** What to extract, e.g. `["person", "organization", "product", "date"]`. */
  classes: string[];
}

/** Every class asked for, each with the distinct values found, in order of first mention. */
export type ExtractedData = Record<string, string[]>;

const SYSTEM =
  'You extract structured data from speech transcripts, which come from speech recognition and may contain ' +
  'recognition errors. Reply with a JSON object only.';
const TEMPLATE_CHARS = 700;
const ANSWER_SHARE = 0.3;

/** Keys as models rewrite them ("Phone number", "phone_number", "PHONE-NUMBER") compare equal. */
const keyOf = (name: string): string => name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * Extracts the values of each class from the transcript with the configured language model, chunk by chunk for
 * long transcripts, merging the chunks' values without duplicates (case-insensitive).
 */
export async function extractStructuredData(
  t: Transcription,
  options: StructuredDataOptions,
  llm: LlmClient | null,
): Promise<ExtractedData> {
  if (!llm) throw llmNotConfigured('structured_data_extraction');
  const classes = [...new Set(options.classes.map((c) => c.trim()).filter(Boolean))];
  if (classes.length === 0) {
    throw new AddonError(400, 'structured_data_extraction_config.classes must name at least one class');
  }
  const data: ExtractedData = Object.fromEntries(classes.map((c) => [c, []]));
  const seen = new Map(classes.map((c) => [c, new Set<string>()]));
  const lines = transcriptLines(t);
  if (lines.length === 0) return data;
  const budget = transcriptBudget(
    llm,
    SYSTEM.length + JSON.stringify(classes).length + TEMPLATE_CHARS,
    ANSWER_SHARE,
  );
  const byKey = new Map(classes.map((c) => [keyOf(c), c]));
  for (const chunk of chunkLines(lines, budget)) {
    const answer = await llm.complete(
      [
        { role: 'system', content: SYSTEM },
        { role: 'user', content: prompt(classes, chunk) },
      ],
      { json: true },
    );
    const parsed = parseModelJson(answer);
    if (!isRecord(parsed)) continue;
    for (const [key, value] of Object.entries(parsed)) {
      const name = byKey.get(keyOf(key));
      if (!name) continue;
      for (const item of (Array.isArray(value) ? value : [value]).flat(2)) {
        const text = textOf(item);
        const folded = text?.toLowerCase();
        if (!text || !folded || seen.get(name)!.has(folded)) continue;
        seen.get(name)!.add(folded);
        data[name]!.push(text);
      }
    }
  }
  return data;
}

/** The add-on's result as spec §2.6 types it (a string): the extracted data as a JSON object. */
export async function structuredDataExtraction(
  t: Transcription,
  options: StructuredDataOptions,
  llm: LlmClient | null,
): Promise<string> {
  return JSON.stringify(await extractStructuredData(t, options, llm));
}

/** `is_empty` for the add-on: no class got a value. */
export function structuredDataIsEmpty(results: string): boolean {
  try {
    const data = JSON.parse(results) as unknown;
    return !isRecord(data) || Object.values(data).every((v) => !Array.isArray(v) || v.length === 0);
  } catch {
    return results.trim() === '';
  }
}

function prompt(classes: string[], chunk: string): string {
  const shape = JSON.stringify(Object.fromEntries(classes.map((c) => [c, ['...']])));
  return (
    `Classes: ${JSON.stringify(classes)}\n\n` +
    'For each class, list every distinct value of that class mentioned in the transcript below, written as in ' +
    'the transcript. Reply with one JSON object whose keys are exactly the class names and whose values are ' +
    `arrays of strings, like ${shape}; give an empty array for a class with no value.\n\n` +
    `Transcript:\n"""\n${chunk}\n"""`
  );
}

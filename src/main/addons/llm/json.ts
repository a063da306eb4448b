import { jsonrepair } from 'jsonrepair';
import { LlmUpstreamError } from './errors';

const FENCE = /```(?:json|JSON)?\s*([\s\S]*?)```/;

/**
 * The JSON value in a model's answer. Small local models wrap it in prose or code fences, leave trailing commas
 * or single quotes, or stop mid-object; jsonrepair fixes what can be fixed. Throws 502 when nothing usable is left.
 */
export function parseModelJson(answer: string): unknown {
  const fenced = FENCE.exec(answer)?.[1];
  const text = (fenced ?? answer).trim();
  const start = text.search(/[{[]/);
  if (start < 0) throw notJson(answer);
  const opener = text[start];
  const end = text.lastIndexOf(opener === '{' ? '}' : ']');
  const whole = text.slice(start);
  const candidates = end > start ? [text.slice(start, end + 1), whole] : [whole];
  for (const candidate of candidates) {
    try {
      return JSON.parse(candidate) as unknown;
    } catch {
      // try the next reading
    }
  }
  // An answer cut off mid-object ends at an inner brace: repair all of it rather than that unbalanced cut.
  if (!balanced(candidates[0]!)) candidates.reverse();
  for (const candidate of candidates) {
    try {
      return JSON.parse(jsonrepair(candidate)) as unknown;
    } catch {
      // try the next reading
    }
  }
  throw notJson(answer);
}

function balanced(text: string): boolean {
  const opened = text.match(/[{[]/g)?.length ?? 0;
  const closed = text.match(/[}\]]/g)?.length ?? 0;
  return opened === closed;
}

function notJson(answer: string): LlmUpstreamError {
  const excerpt = answer.replace(/\s+/g, ' ').trim().slice(0, 120);
  return new LlmUpstreamError(
    `The language model answered with text that is not the JSON asked for: "${excerpt}"`,
  );
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A model's value as display text: strings trimmed, numbers and booleans printed, `{name|value|text}` objects unwrapped. */
export function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value.replace(/\s+/g, ' ').trim() || undefined;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (isRecord(value)) {
    for (const key of ['value', 'name', 'text']) {
      const inner = textOf(value[key]);
      if (inner) return inner;
    }
    return JSON.stringify(value);
  }
  return undefined;
}

// The API reports each problem of a 400 body as one sentence, `Field "a.b.0" must be …` (validation.ts). The
// form shows each sentence beside the control that owns the field, and the rest above the submit button.

export interface FieldErrors {
  /** Keyed by the form section owning the field (the first matching prefix of `owners`). */
  byOwner: Record<string, string[]>;
  /** Sentences no section claims (body-level problems, unknown fields). */
  other: string[];
}

const FIELD = /^Field "([^"]+)" (.*)$/s;

/** The dotted field path a sentence is about, or undefined for body-level sentences. */
export function fieldOf(sentence: string): string | undefined {
  return FIELD.exec(sentence)?.[1];
}

/**
 * Groups sentences by owner. `owners` lists the field prefixes each section owns, e.g.
 * `{ subtitles: ['subtitles', 'subtitles_config'] }`; the longest matching prefix wins.
 */
export function groupValidationErrors(
  sentences: readonly string[],
  owners: Record<string, readonly string[]>,
): FieldErrors {
  const byOwner: Record<string, string[]> = {};
  const other: string[] = [];
  for (const sentence of sentences) {
    const field = fieldOf(sentence);
    let best: { owner: string; length: number } | undefined;
    if (field !== undefined) {
      for (const [owner, prefixes] of Object.entries(owners)) {
        for (const prefix of prefixes) {
          const matches = field === prefix || field.startsWith(`${prefix}.`);
          if (matches && (!best || prefix.length > best.length)) best = { owner, length: prefix.length };
        }
      }
    }
    if (best) (byOwner[best.owner] ??= []).push(sentence);
    else other.push(sentence);
  }
  return { byOwner, other };
}

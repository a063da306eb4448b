import { z } from 'zod';

/** Result of parsing untrusted input: the effective value, or one human-readable string per problem found. */
export type Validation<T> = { ok: true; value: T } | { ok: false; errors: string[] };

type Issue = z.core.$ZodIssue;

/** How many allowed values an enum error lists before it is cut short (the language list has 99). */
const MAX_LISTED_VALUES = 12;

const EXPECTED: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'a boolean',
  object: 'an object',
  record: 'an object',
  array: 'an array',
};

const FORMATS: Record<string, string> = {
  url: 'must be a valid http(s) URL',
  date: 'must be a date as YYYY-MM-DD',
  datetime: 'must be an ISO 8601 date-time',
};

/** `language_config.languages.0`: the dotted form the UI maps back to a form field. */
export const pathOf = (path: readonly PropertyKey[]): string => path.map(String).join('.');

const plural = (n: number | bigint, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

function listValues(values: readonly unknown[]): string {
  const shown = values.slice(0, MAX_LISTED_VALUES).map(String).join(', ');
  return values.length > MAX_LISTED_VALUES ? `${shown}, ... (${values.length} values)` : shown;
}

function boundText(issue: Issue & { code: 'too_big' | 'too_small' }): string {
  const big = issue.code === 'too_big';
  const limit = big ? issue.maximum : issue.minimum;
  if (issue.origin === 'array' || issue.origin === 'set') {
    return `must contain ${big ? 'at most' : 'at least'} ${plural(limit, 'item')}`;
  }
  if (issue.origin === 'string')
    return `must be ${big ? 'at most' : 'at least'} ${plural(limit, 'character')} long`;
  const relation = big ? 'less than' : 'greater than';
  return `must be ${relation}${issue.inclusive === false ? '' : ' or equal to'} ${limit}`;
}

/** A union failed on every branch: report the branch the value was meant for, or the types it may take. */
function unionIssues(issue: Issue & { code: 'invalid_union' }): Issue[] | string {
  const deep = issue.errors.filter(
    (branch) => !branch.every((sub) => sub.code === 'invalid_type' && sub.path.length === 0),
  );
  const chosen = deep[0];
  if (chosen) return chosen.map((sub) => ({ ...sub, path: [...issue.path, ...sub.path] }));
  const expected = issue.errors
    .flat()
    .map((sub) => (sub.code === 'invalid_type' ? (EXPECTED[sub.expected] ?? sub.expected) : undefined))
    .filter((text): text is string => text !== undefined);
  return expected.length ? `must be ${[...new Set(expected)].join(' or ')}` : 'is invalid';
}

/** The predicate after `Field "x"`; custom issues carry it as their message (see `addIssue` calls). */
function predicate(issue: Issue): string | Issue[] {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      return `must be ${EXPECTED[issue.expected] ?? issue.expected}`;
    case 'too_big':
    case 'too_small':
      return boundText(issue);
    case 'invalid_value':
      return `must be one of: ${listValues(issue.values)}`;
    case 'invalid_format':
      // Regexes here always carry their own predicate as message.
      return issue.format === 'regex'
        ? issue.message
        : (FORMATS[issue.format] ?? `must be a valid ${issue.format}`);
    case 'invalid_union':
      return unionIssues(issue);
    case 'invalid_key':
    case 'invalid_element':
      return issue.issues.map((sub) => ({ ...sub, path: [...issue.path, ...sub.path] }));
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    case 'unrecognized_keys':
      return `has unknown keys: ${issue.keys.join(', ')}`;
    case 'custom':
      return issue.message;
  }
}

/**
 * Turns zod issues into one sentence each, e.g. `Field "subtitles_config.maximum_duration" must be less than or
 * equal to 30` or `Field "audio_url" is required`. Parse with `{ reportInput: true }` so a missing field can be told
 * apart from a wrong type.
 */
export function formatIssues(issues: readonly Issue[]): string[] {
  const out: string[] = [];
  for (const issue of issues) {
    const text = predicate(issue);
    if (Array.isArray(text)) {
      out.push(...formatIssues(text));
      continue;
    }
    out.push(issue.path.length ? `Field "${pathOf(issue.path)}" ${text}` : `Body ${text}`);
  }
  return [...new Set(out)];
}

export const BODY_NOT_OBJECT = 'Body must be a JSON object';

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Parses `input` with `schema`, reporting every problem at once. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): Validation<z.output<S>> {
  const result = schema.safeParse(input, { reportInput: true });
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, errors: formatIssues(result.error.issues) };
}

/** Zod keeps a key sent as `null` (read as absent) with the value `undefined`: drop it so absent means absent. */
function dropUndefined<T>(value: T): T {
  if (Array.isArray(value)) return value.map(dropUndefined) as T;
  if (!isPlainObject(value)) return value;
  const entries = Object.entries(value).filter(([, item]) => item !== undefined);
  return Object.fromEntries(entries.map(([key, item]) => [key, dropUndefined(item)])) as T;
}

/** Validates a JSON request body, which must be an object. */
export function validateBody<S extends z.ZodType>(schema: S, body: unknown): Validation<z.output<S>> {
  if (!isPlainObject(body)) return { ok: false, errors: [BODY_NOT_OBJECT] };
  const result = validate(schema, body);
  return result.ok ? { ok: true, value: dropUndefined(result.value) } : result;
}

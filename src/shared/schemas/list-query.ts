import { z } from 'zod';
import { formatIssues, isPlainObject, type Validation } from './validation';

export const JOB_STATUSES = ['queued', 'processing', 'done', 'error'] as const;
export type JobStatusFilter = (typeof JOB_STATUSES)[number];

export const DEFAULT_LIST_LIMIT = 20;
/** Largest page served. The spec leaves it open (§8); larger requests are refused rather than silently cut. */
export const MAX_LIST_LIMIT = 100;

export interface ListQuery {
  offset: number;
  limit: number;
  /** `YYYY-MM-DD`: jobs created that day (UTC). */
  date?: string;
  /** Canonical ISO date-time in UTC (`toISOString()` form), whatever form was sent. */
  before_date?: string;
  after_date?: string;
  status?: JobStatusFilter[];
  /** Values are compared as strings. */
  custom_metadata?: Record<string, string>;
}

type Query = Record<string, string | string[] | undefined>;

const integer = (bounds: z.ZodInt) =>
  z
    .string()
    .regex(/^-?\d+$/, 'must be an integer')
    .transform(Number)
    .pipe(bounds);

const dateTime = z.iso.datetime({ offset: true, local: true });
const dateOnly = z.iso.date();

/** ISO date-time or date → canonical UTC `toISOString()`; a value without an offset is taken as UTC. */
function canonicalInstant(value: string): string | undefined {
  // An unencoded `+02:00` offset arrives as ` 02:00` after query-string decoding.
  const text = value.replace(/(T[\d:.]+) (\d\d:\d\d)$/, '$1+$2');
  if (dateOnly.safeParse(text).success) return `${text}T00:00:00.000Z`;
  if (!dateTime.safeParse(text).success) return undefined;
  const date = new Date(/(Z|[+-]\d\d:\d\d)$/i.test(text) ? text : `${text}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

const instant = z.string().transform((value, ctx) => {
  const canonical = canonicalInstant(value);
  if (canonical === undefined) {
    ctx.addIssue({ code: 'custom', message: 'must be an ISO 8601 date-time or a date (YYYY-MM-DD)' });
    return z.NEVER;
  }
  return canonical;
});

const schema = z.object({
  offset: integer(z.int().min(0)).default(0),
  limit: integer(z.int().min(1).max(MAX_LIST_LIMIT)).default(DEFAULT_LIST_LIMIT),
  date: dateOnly.optional(),
  before_date: instant.optional(),
  after_date: instant.optional(),
  status: z.array(z.enum(JOB_STATUSES)).optional(),
  custom_metadata: z.record(z.string(), z.string()).optional(),
});

const SINGLE_VALUED = ['offset', 'limit', 'date', 'before_date', 'after_date'] as const;
const BRACKET_KEY = /^custom_metadata\[(.+)\]$/;

const asList = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** `custom_metadata[user]=John` (the SDK's form) and `custom_metadata={"user":"John"}` (the docs' form), merged. */
function customMetadataOf(query: Query, errors: string[]): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const text of asList(query.custom_metadata)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (!isPlainObject(parsed)) {
      errors.push('Field "custom_metadata" must be a JSON object, e.g. {"user":"John"}');
      continue;
    }
    for (const [key, value] of Object.entries(parsed)) {
      if (['string', 'number', 'boolean'].includes(typeof value)) out[key] = String(value);
      else errors.push(`Field "custom_metadata.${key}" must be a string, a number or a boolean`);
    }
  }
  for (const [name, value] of Object.entries(query)) {
    const key = BRACKET_KEY.exec(name)?.[1];
    if (key === undefined || value === undefined) continue;
    if (Array.isArray(value)) errors.push(`Field "${name}" must be given only once`);
    else out[key] = value;
  }
  return Object.keys(out).length ? out : undefined;
}

/**
 * Validates the query of `GET /v2/pre-recorded` and `GET /v2/live` (spec §4.3, PROTOCOL §4.3/§8), as parsed by a
 * flat query-string parser (repeated keys give arrays). Unknown keys are ignored.
 */
export function parseListQuery(query: Query): Validation<ListQuery> {
  const errors: string[] = [];
  const input: Record<string, unknown> = {};
  for (const name of SINGLE_VALUED) {
    const value = query[name];
    if (Array.isArray(value)) errors.push(`Field "${name}" must be given only once`);
    else if (value) input[name] = value; // `offset=` (an empty form field) means not given
  }
  // `status=done&status=error`, `status=done,error` and `status[]=done` are all accepted.
  const status = [...asList(query.status), ...asList(query['status[]'])]
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
  if (status.length) input.status = [...new Set(status)];
  const customMetadata = customMetadataOf(query, errors);
  if (customMetadata) input.custom_metadata = customMetadata;

  const result = schema.safeParse(input, { reportInput: true });
  if (!result.success) errors.unshift(...formatIssues(result.error.issues));
  return errors.length || !result.success ? { ok: false, errors } : { ok: true, value: result.data };
}

/** Rebuilds a list query for page links: status repeated, custom_metadata in bracket form (as the SDK sends). */
export function listQueryToSearchParams(q: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  params.append('offset', String(q.offset));
  params.append('limit', String(q.limit));
  if (q.date) params.append('date', q.date);
  if (q.before_date) params.append('before_date', q.before_date);
  if (q.after_date) params.append('after_date', q.after_date);
  for (const status of q.status ?? []) params.append('status', status);
  for (const [key, value] of Object.entries(q.custom_metadata ?? {}))
    params.append(`custom_metadata[${key}]`, value);
  return params;
}

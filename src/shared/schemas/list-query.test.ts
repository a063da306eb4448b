import { describe, expect, it } from 'vitest';
import { listQueryToSearchParams, MAX_LIST_LIMIT, parseListQuery, type ListQuery } from './list-query';

type Query = Record<string, string | string[] | undefined>;

/** What a flat query-string parser (Fastify's default) makes of a query string: repeated keys become arrays. */
function flatQuery(search: string): Query {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    const previous = out[key];
    out[key] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  return out;
}

const ok = (query: Query | string): ListQuery => {
  const result = parseListQuery(typeof query === 'string' ? flatQuery(query) : query);
  if (!result.ok) throw new Error(`unexpected errors: ${result.errors.join('; ')}`);
  return result.value;
};

const errors = (query: Query | string): string[] => {
  const result = parseListQuery(typeof query === 'string' ? flatQuery(query) : query);
  if (result.ok) throw new Error(`expected errors for ${JSON.stringify(query)}`);
  return result.errors;
};

describe('parseListQuery', () => {
  it('defaults offset to 0 and limit to 20, and ignores unknown keys', () => {
    expect(ok({})).toEqual({ offset: 0, limit: 20 });
    expect(ok({ kind: 'live', region: 'eu-west', offset: undefined })).toEqual({ offset: 0, limit: 20 });
    expect(ok('offset=&limit=&date=')).toEqual({ offset: 0, limit: 20 });
  });

  it('parses offset and limit up to the documented maximum', () => {
    expect(ok('offset=40&limit=10')).toEqual({ offset: 40, limit: 10 });
    expect(ok(`limit=${MAX_LIST_LIMIT}`).limit).toBe(100);
    expect(ok('limit=1').limit).toBe(1);
  });

  it.each([
    ['offset=-1', 'Field "offset" must be greater than or equal to 0'],
    ['offset=abc', 'Field "offset" must be an integer'],
    ['offset=1.5', 'Field "offset" must be an integer'],
    ['limit=0', 'Field "limit" must be greater than or equal to 1'],
    ['limit=101', 'Field "limit" must be less than or equal to 100'],
    ['limit=ten', 'Field "limit" must be an integer'],
    ['offset=1&offset=2', 'Field "offset" must be given only once'],
    ['date=2023-02-29', 'Field "date" must be a date as YYYY-MM-DD'],
    ['date=2024-1-5', 'Field "date" must be a date as YYYY-MM-DD'],
    ['date=2024-01-05T00:00:00Z', 'Field "date" must be a date as YYYY-MM-DD'],
    ['before_date=yesterday', 'Field "before_date" must be an ISO 8601 date-time or a date (YYYY-MM-DD)'],
    [
      'after_date=2024-02-30T10:00:00Z',
      'Field "after_date" must be an ISO 8601 date-time or a date (YYYY-MM-DD)',
    ],
    ['status=finished', 'Field "status.0" must be one of: queued, processing, done, error'],
    ['status=done,nope', 'Field "status.1" must be one of: queued, processing, done, error'],
    ['custom_metadata={user', 'Field "custom_metadata" must be a JSON object, e.g. {"user":"John"}'],
    ['custom_metadata=[1]', 'Field "custom_metadata" must be a JSON object, e.g. {"user":"John"}'],
    ['custom_metadata={"a":{"b":1}}', 'Field "custom_metadata.a" must be a string, a number or a boolean'],
    ['custom_metadata={"a":null}', 'Field "custom_metadata.a" must be a string, a number or a boolean'],
    [
      'custom_metadata[user]=a&custom_metadata[user]=b',
      'Field "custom_metadata[user]" must be given only once',
    ],
  ])('refuses %s', (search, message) => {
    expect(errors(search)).toEqual([message]);
  });

  it('accepts a real date, including 29 February of a leap year', () => {
    expect(ok('date=2024-02-29').date).toBe('2024-02-29');
  });

  it('normalises before_date and after_date to UTC ISO date-times', () => {
    expect(ok('before_date=2024-01-01T10:00:00%2B02:00').before_date).toBe('2024-01-01T08:00:00.000Z');
    expect(ok('after_date=2024-01-01T10:00:00.5Z').after_date).toBe('2024-01-01T10:00:00.500Z');
    expect(ok('after_date=2024-01-01').after_date).toBe('2024-01-01T00:00:00.000Z');
    expect(ok('after_date=2024-01-01T10:00').after_date).toBe('2024-01-01T10:00:00.000Z');
    // An unencoded `+` is decoded as a space.
    expect(ok('before_date=2024-01-01T10:00:00+02:00').before_date).toBe('2024-01-01T08:00:00.000Z');
  });

  it('accepts status repeated, comma-separated or as status[], without duplicates', () => {
    expect(ok('status=done&status=error').status).toEqual(['done', 'error']);
    expect(ok('status=queued,processing').status).toEqual(['queued', 'processing']);
    expect(ok('status[]=done&status=done').status).toEqual(['done']);
    expect(ok({ status: 'error' }).status).toEqual(['error']);
  });

  it('reads custom_metadata in bracket form (the SDK) and as JSON (the docs), values as strings', () => {
    expect(ok('custom_metadata%5Buser%5D=John').custom_metadata).toEqual({ user: 'John' });
    expect(ok({ 'custom_metadata[user.name]': 'John Doe' }).custom_metadata).toEqual({
      'user.name': 'John Doe',
    });
    expect(ok('custom_metadata={"user":"John","id":42,"vip":true}').custom_metadata).toEqual({
      user: 'John',
      id: '42',
      vip: 'true',
    });
    expect(ok('custom_metadata={"a":"1"}&custom_metadata[b]=2').custom_metadata).toEqual({ a: '1', b: '2' });
    expect(ok('custom_metadata={}')).toEqual({ offset: 0, limit: 20 });
  });

  it('reports every problem at once', () => {
    expect(errors('offset=-5&limit=500&status=finished&date=tomorrow&custom_metadata=nope')).toEqual([
      'Field "offset" must be greater than or equal to 0',
      'Field "limit" must be less than or equal to 100',
      'Field "date" must be a date as YYYY-MM-DD',
      'Field "status.0" must be one of: queued, processing, done, error',
      'Field "custom_metadata" must be a JSON object, e.g. {"user":"John"}',
    ]);
  });
});

describe('listQueryToSearchParams', () => {
  const query: ListQuery = {
    offset: 20,
    limit: 10,
    date: '2024-03-01',
    before_date: '2024-03-02T00:00:00.000Z',
    after_date: '2024-02-28T12:00:00.000Z',
    status: ['done', 'error'],
    custom_metadata: { user: 'John Doe', 'a&b': 'x=y' },
  };

  it('repeats status and writes custom_metadata in bracket form', () => {
    expect(listQueryToSearchParams({ offset: 0, limit: 20, status: ['done', 'error'] }).toString()).toBe(
      'offset=0&limit=20&status=done&status=error',
    );
    expect(
      listQueryToSearchParams({ offset: 0, limit: 20, custom_metadata: { user: 'John' } }).toString(),
    ).toBe('offset=0&limit=20&custom_metadata%5Buser%5D=John');
  });

  it('round-trips through parseListQuery', () => {
    expect(ok(listQueryToSearchParams(query).toString())).toEqual(query);
  });
});

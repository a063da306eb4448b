import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BODY_NOT_OBJECT, formatIssues, validate, validateBody } from './validation';

const schema = z.object({
  name: z.string(),
  flag: z.boolean().optional(),
  count: z.int().min(1).max(5).optional(),
  ratio: z.number().gt(0).optional(),
  tags: z
    .array(z.enum(['a', 'b']))
    .min(1)
    .optional(),
  letters: z.array(z.enum('abcdefghijklmnopqrstuvwxyz'.split(''))).optional(),
  item: z.union([z.string(), z.object({ value: z.string() })]).optional(),
  nested: z.object({ deep: z.object({ n: z.number() }) }).optional(),
  map: z.record(z.string(), z.array(z.string())).optional(),
  link: z.url().optional(),
});

const errorsOf = (input: unknown): string[] => {
  const result = validate(schema, input);
  if (result.ok) throw new Error(`expected errors for ${JSON.stringify(input)}`);
  return result.errors;
};

describe('formatIssues', () => {
  it('tells a missing field from a wrong type', () => {
    expect(errorsOf({})).toEqual(['Field "name" is required']);
    expect(errorsOf({ name: 3 })).toEqual(['Field "name" must be a string']);
    expect(errorsOf({ name: null })).toEqual(['Field "name" must be a string']);
  });

  it('names the expected type', () => {
    expect(errorsOf({ name: 'x', flag: 'yes' })).toEqual(['Field "flag" must be a boolean']);
    expect(errorsOf({ name: 'x', count: '2' })).toEqual(['Field "count" must be a number']);
    expect(errorsOf({ name: 'x', count: 2.5 })).toEqual(['Field "count" must be an integer']);
    expect(errorsOf({ name: 'x', tags: 'a' })).toEqual(['Field "tags" must be an array']);
    expect(errorsOf({ name: 'x', nested: [] })).toEqual(['Field "nested" must be an object']);
    expect(errorsOf({ name: 'x', map: 'm' })).toEqual(['Field "map" must be an object']);
  });

  it('states bounds, inclusive or not', () => {
    expect(errorsOf({ name: 'x', count: 0 })).toEqual(['Field "count" must be greater than or equal to 1']);
    expect(errorsOf({ name: 'x', count: 6 })).toEqual(['Field "count" must be less than or equal to 5']);
    expect(errorsOf({ name: 'x', ratio: 0 })).toEqual(['Field "ratio" must be greater than 0']);
    expect(errorsOf({ name: 'x', tags: [] })).toEqual(['Field "tags" must contain at least 1 item']);
  });

  it('lists enum values, cut short when long, with the dotted path of the element', () => {
    expect(errorsOf({ name: 'x', tags: ['a', 'c'] })).toEqual(['Field "tags.1" must be one of: a, b']);
    expect(errorsOf({ name: 'x', letters: ['A'] })).toEqual([
      'Field "letters.0" must be one of: a, b, c, d, e, f, g, h, i, j, k, l, ... (26 values)',
    ]);
  });

  it('reports the union branch the value was meant for', () => {
    expect(errorsOf({ name: 'x', item: 5 })).toEqual(['Field "item" must be a string or an object']);
    expect(errorsOf({ name: 'x', item: { value: 5 } })).toEqual(['Field "item.value" must be a string']);
    expect(errorsOf({ name: 'x', item: {} })).toEqual(['Field "item.value" is required']);
  });

  it('reports deep paths, record keys and URLs', () => {
    expect(errorsOf({ name: 'x', nested: { deep: { n: 'one' } } })).toEqual([
      'Field "nested.deep.n" must be a number',
    ]);
    expect(errorsOf({ name: 'x', map: { k: ['ok', 2] } })).toEqual(['Field "map.k.1" must be a string']);
    expect(errorsOf({ name: 'x', link: 'not a url' })).toEqual(['Field "link" must be a valid http(s) URL']);
  });

  it('reports every problem, one string each', () => {
    const errors = errorsOf({ flag: 1, count: 9, tags: ['z'], nested: { deep: {} } });
    expect(errors).toEqual([
      'Field "name" is required',
      'Field "flag" must be a boolean',
      'Field "count" must be less than or equal to 5',
      'Field "tags.0" must be one of: a, b',
      'Field "nested.deep.n" is required',
    ]);
  });

  it('uses a custom issue message as the predicate and "Body" for the root', () => {
    expect(
      formatIssues([
        { code: 'custom', path: ['a', 0], message: 'must be odd', input: 2 },
        { code: 'invalid_type', path: [], expected: 'object', message: 'x', input: 3 },
      ]),
    ).toEqual(['Field "a.0" must be odd', 'Body must be an object']);
  });
});

describe('validateBody', () => {
  it.each([[[]], ['text'], [null], [42], [undefined]])(
    'refuses a non-object body %j with one error',
    (body) => {
      expect(validateBody(schema, body)).toEqual({ ok: false, errors: [BODY_NOT_OBJECT] });
    },
  );

  it('returns the parsed value', () => {
    expect(validateBody(schema, { name: 'n' })).toEqual({ ok: true, value: { name: 'n' } });
  });
});

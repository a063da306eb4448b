import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { AddonError, isEmptyResult, runAddon } from './run-addon';

class QuotaError extends AddonError {}
class PlainCustomError extends Error {}

describe('runAddon', () => {
  it('wraps a synchronous result', async () => {
    const result = await runAddon('summarization', () => 'A short summary.');
    expect(result).toEqual({
      success: true,
      is_empty: false,
      exec_time: expect.any(Number),
      error: null,
      results: 'A short summary.',
    });
    expect(result.exec_time).toBeGreaterThanOrEqual(0);
  });

  it('awaits an async add-on and measures its time in seconds', async () => {
    const result = await runAddon('slow', async () => {
      await sleep(120);
      return ['a', 'b'];
    });
    expect(result.success).toBe(true);
    expect(result.results).toEqual(['a', 'b']);
    expect(result.exec_time).toBeGreaterThanOrEqual(0.1);
    expect(result.exec_time).toBeLessThan(5);
  });

  it('reports empty results by default: null, undefined, [], blank strings', async () => {
    for (const value of [null, undefined, [], '  \n']) {
      const result = await runAddon('x', () => value);
      expect(result.success).toBe(true);
      expect(result.is_empty).toBe(true);
      expect(result.error).toBeNull();
    }
    expect((await runAddon('x', () => undefined)).results).toBeNull();
    for (const value of [0, false, 'text', ['x'], {}])
      expect((await runAddon('x', () => value)).is_empty).toBe(false);
  });

  it('uses the isEmpty given', async () => {
    const emptyObject = (r: Record<string, unknown>): boolean => Object.keys(r).length === 0;
    expect((await runAddon('x', () => ({}), emptyObject)).is_empty).toBe(true);
    expect((await runAddon('x', () => ({ a: 1 }), emptyObject)).is_empty).toBe(false);
    expect(
      (
        await runAddon(
          'x',
          () => 'anything',
          () => true,
        )
      ).is_empty,
    ).toBe(true);
  });

  it('turns a thrown error into a 500 failure with the class name', async () => {
    const result = await runAddon('x', () => {
      throw new TypeError('cannot read that');
    });
    expect(result).toEqual({
      success: false,
      is_empty: true,
      exec_time: expect.any(Number),
      error: { status_code: 500, exception: 'TypeError', message: 'cannot read that' },
      results: null,
    });
  });

  it('lets an AddonError choose the status code, subclasses naming themselves', async () => {
    const bad = await runAddon('x', () => {
      throw new AddonError(422, 'nothing to work on');
    });
    expect(bad.error).toEqual({ status_code: 422, exception: 'AddonError', message: 'nothing to work on' });
    const quota = await runAddon('x', async () => {
      throw new QuotaError(503, 'model busy');
    });
    expect(quota.error).toEqual({ status_code: 503, exception: 'QuotaError', message: 'model busy' });
  });

  it('falls back to 500 for status codes that are not errors', async () => {
    for (const code of [200, 99, 600, 422.5, Number.NaN]) {
      const result = await runAddon('x', () => {
        throw new AddonError(code, 'odd');
      });
      expect(result.error?.status_code).toBe(500);
    }
  });

  it('catches rejections, non-Error throws and failing isEmpty', async () => {
    const rejected = await runAddon('x', () => Promise.reject(new PlainCustomError('boom')));
    expect(rejected.error).toEqual({ status_code: 500, exception: 'PlainCustomError', message: 'boom' });

    const text = await runAddon('x', () => {
      throw 'just a string';
    });
    expect(text.error).toEqual({ status_code: 500, exception: 'Error', message: 'just a string' });

    const nothing = await runAddon('translation', () => {
      throw undefined;
    });
    expect(nothing.error?.message).toBe('The translation add-on failed');

    const object = await runAddon('x', () => {
      throw { code: 7 };
    });
    expect(object.error?.message).toBe('{"code":7}');

    const judge = await runAddon(
      'x',
      () => 'fine',
      () => {
        throw new RangeError('judge broke');
      },
    );
    expect(judge).toMatchObject({ success: false, is_empty: true, results: null });
    expect(judge.error?.exception).toBe('RangeError');
  });

  it('keeps the cause of an AddonError', () => {
    const cause = new Error('inner');
    expect(new AddonError(400, 'outer', { cause }).cause).toBe(cause);
  });
});

describe('isEmptyResult', () => {
  it('treats only nothing, empty arrays and blank strings as empty', () => {
    expect([null, undefined, [], '', ' '].map(isEmptyResult)).toEqual([true, true, true, true, true]);
    expect([0, 'a', [0], {}].map(isEmptyResult)).toEqual([false, false, false, false]);
  });
});

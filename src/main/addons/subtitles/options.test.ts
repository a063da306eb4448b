import { describe, expect, it } from 'vitest';
import { AddonError } from '../run-addon';
import { resolveFormats, resolveRules, type SubtitlesOptions } from './options';

describe('resolveRules', () => {
  it('uses common subtitle-tool values for the default style', () => {
    expect(resolveRules({ formats: ['srt'] })).toEqual({
      maxCharsPerRow: 42,
      maxRows: 2,
      maxDurationMs: 7000,
      minDurationMs: 1000,
      minGapMs: 0,
      closeGapMs: 0,
      bottomHeavyRows: false,
    });
  });

  it('uses broadcast timed-text rules for the compliance style', () => {
    expect(resolveRules({ formats: ['srt'], style: 'compliance' })).toEqual({
      maxCharsPerRow: 42,
      maxRows: 2,
      maxDurationMs: 7000,
      minDurationMs: 833,
      minGapMs: 83,
      closeGapMs: 500,
      bottomHeavyRows: true,
    });
  });

  it('lets explicit fields override either style', () => {
    const explicit = {
      formats: ['vtt'],
      minimum_duration: 1.5,
      maximum_duration: 4,
      maximum_characters_per_row: 30,
      maximum_rows_per_caption: 3,
    } satisfies SubtitlesOptions;
    for (const style of ['default', 'compliance'] as const) {
      expect(resolveRules({ ...explicit, style })).toMatchObject({
        minDurationMs: 1500,
        maxDurationMs: 4000,
        maxCharsPerRow: 30,
        maxRows: 3,
      });
    }
    expect(resolveRules({ formats: ['srt'], minimum_duration: 0 }).minDurationMs).toBe(0);
  });

  it('accepts the bounds of each field', () => {
    expect(() => resolveRules({ maximum_duration: 1, maximum_rows_per_caption: 1 })).not.toThrow();
    expect(() => resolveRules({ maximum_duration: 30, maximum_rows_per_caption: 5 })).not.toThrow();
    expect(() => resolveRules({ maximum_characters_per_row: 1 })).not.toThrow();
  });

  it.each([
    [{ minimum_duration: -0.1 }, 'minimum_duration'],
    [{ minimum_duration: Number.NaN }, 'minimum_duration'],
    [{ maximum_duration: 0.5 }, 'maximum_duration'],
    [{ maximum_duration: 31 }, 'maximum_duration'],
    [{ maximum_characters_per_row: 0 }, 'maximum_characters_per_row'],
    [{ maximum_characters_per_row: 12.5 }, 'maximum_characters_per_row'],
    [{ maximum_rows_per_caption: 0 }, 'maximum_rows_per_caption'],
    [{ maximum_rows_per_caption: 6 }, 'maximum_rows_per_caption'],
    [{ maximum_rows_per_caption: '2' }, 'maximum_rows_per_caption'],
    [{ style: 'netflix' }, 'style'],
  ])('rejects %o with a 400 naming the field', (bad, field) => {
    const run = (): unknown => resolveRules(bad as Partial<SubtitlesOptions>);
    expect(run).toThrow(AddonError);
    expect(run).toThrow(field);
    try {
      run();
    } catch (error) {
      expect((error as AddonError).statusCode).toBe(400);
    }
  });

  it('rejects a config that is not an object', () => {
    expect(() => resolveRules(null as unknown as SubtitlesOptions)).toThrow(AddonError);
  });
});

describe('resolveFormats', () => {
  it('keeps the order given, without repeats, defaulting to srt', () => {
    expect(resolveFormats({ formats: ['vtt', 'srt'] })).toEqual(['vtt', 'srt']);
    expect(resolveFormats({ formats: ['srt', 'vtt', 'srt'] })).toEqual(['srt', 'vtt']);
    expect(resolveFormats({})).toEqual(['srt']);
  });

  it('rejects empty or unknown formats', () => {
    expect(() => resolveFormats({ formats: [] })).toThrow(AddonError);
    expect(() => resolveFormats({ formats: ['ass'] as never })).toThrow('unknown format "ass"');
    expect(() => resolveFormats({ formats: 'srt' as never })).toThrow(AddonError);
  });
});

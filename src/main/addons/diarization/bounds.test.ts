import { describe, expect, it } from 'vitest';
import { AddonError } from '../run-addon';
import { speakerBounds } from './bounds';

describe('speakerBounds', () => {
  it('reads 0 and absence as "not set", as the Gladia CLI sends them', () => {
    expect(speakerBounds(undefined)).toEqual({});
    expect(speakerBounds({})).toEqual({});
    expect(speakerBounds({ number_of_speakers: 0, min_speakers: 0, max_speakers: 0 })).toEqual({});
    expect(speakerBounds({ min_speakers: 2, max_speakers: 0 })).toEqual({ min: 2 });
  });

  it('lets number_of_speakers win over min and max', () => {
    expect(speakerBounds({ number_of_speakers: 3, min_speakers: 1, max_speakers: 2 })).toEqual({ exact: 3 });
    expect(speakerBounds({ min_speakers: 1, max_speakers: 4 })).toEqual({ min: 1, max: 4 });
  });

  it('rejects a minimum above the maximum and counts that are not integers with a 400', () => {
    const fail = (config: object) => {
      try {
        speakerBounds(config);
      } catch (error) {
        return error;
      }
      return undefined;
    };
    const inverted = fail({ min_speakers: 3, max_speakers: 2 });
    expect(inverted).toBeInstanceOf(AddonError);
    expect((inverted as AddonError).statusCode).toBe(400);
    expect((fail({ number_of_speakers: 1.5 }) as AddonError).statusCode).toBe(400);
    expect((fail({ max_speakers: -1 }) as AddonError).statusCode).toBe(400);
  });
});

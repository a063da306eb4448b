import { describe, expect, it } from 'vitest';
import { parsePreRecordedRequest } from '../../../shared/schemas/pre-recorded';
import { SECTION_FIELDS } from './transcription-request';
import { fieldOf, groupValidationErrors } from './validation-errors';

describe('placing the API validation sentences next to form sections', () => {
  it('reads the field of a sentence', () => {
    expect(fieldOf('Field "subtitles_config.maximum_duration" must be less than or equal to 30')).toBe(
      'subtitles_config.maximum_duration',
    );
    expect(fieldOf('Body must be a JSON object')).toBeUndefined();
  });

  it('groups the sentences the real validator produces by section, the rest apart', () => {
    const parsed = parsePreRecordedRequest({
      audio_url: 'http://127.0.0.1/v2/upload/x',
      subtitles: true,
      subtitles_config: { maximum_duration: 60 },
      diarization_config: { min_speakers: 4, max_speakers: 2 },
      translation: true,
      translation_config: { target_languages: [] },
      language_config: { languages: ['xx'] },
      surprise: 1,
      model: 'nope',
    });
    expect(parsed.ok).toBe(false);
    const errors = parsed.ok ? [] : parsed.errors;
    const grouped = groupValidationErrors(errors, SECTION_FIELDS);
    expect(grouped.byOwner.subtitles?.[0]).toMatch(/maximum_duration/);
    expect(grouped.byOwner.diarization?.[0]).toMatch(/min_speakers/);
    expect(grouped.byOwner.translation?.[0]).toMatch(/target_languages/);
    expect(grouped.byOwner.language?.[0]).toMatch(/language_config\.languages/);
    expect(grouped.byOwner.model?.[0]).toMatch(/model/);
    const placed = Object.values(grouped.byOwner).flat().length + grouped.other.length;
    expect(placed).toBe(errors.length);
  });

  it('prefers the longest owning prefix and keeps body-level sentences apart', () => {
    const grouped = groupValidationErrors(
      ['Field "a.b.c" is required', 'Field "a.x" is required', 'Body must be a JSON object', 'Field "ab" x'],
      { short: ['a'], long: ['a.b'] },
    );
    expect(grouped.byOwner).toEqual({
      long: ['Field "a.b.c" is required'],
      short: ['Field "a.x" is required'],
    });
    expect(grouped.other).toEqual(['Body must be a JSON object', 'Field "ab" x']);
  });
});

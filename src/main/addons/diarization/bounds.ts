import type { DiarizationConfig } from '../../../shared/schemas/pre-recorded';
import type { SpeakerBounds } from '../../engine/diarization';
import { AddonError } from '../run-addon';

/**
 * The speaker-count bounds of a diarization_config (spec §2.3, §2.5). The Gladia CLI zeroes the counts it does
 * not set, so 0 (like absence) means "not set"; number_of_speakers, when set, wins over min and max.
 */
export function speakerBounds(config: Partial<DiarizationConfig> | null | undefined): SpeakerBounds {
  const count = (value: unknown, name: string): number | undefined => {
    if (value === undefined || value === null || value === 0) return undefined;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
      throw new AddonError(400, `diarization_config.${name} must be a non-negative integer`);
    }
    return value;
  };
  const exact = count(config?.number_of_speakers, 'number_of_speakers');
  if (exact !== undefined) return { exact };
  const min = count(config?.min_speakers, 'min_speakers');
  const max = count(config?.max_speakers, 'max_speakers');
  if (min !== undefined && max !== undefined && min > max) {
    throw new AddonError(400, 'diarization_config.min_speakers must be less than or equal to max_speakers');
  }
  return { ...(min !== undefined && { min }), ...(max !== undefined && { max }) };
}

import type { Transcription, Utterance } from '../../../shared/transcript';
import { detectUtterance } from './detect';
import type { NamedEntity, PlacedEntity } from './types';

export { detectText, detectUtterance } from './detect';
export { PII_PRESETS } from './types';
export type { EntityType, NamedEntity, PiiPreset, PlacedEntity } from './types';

const toNamed = (e: PlacedEntity): NamedEntity => ({
  entity_type: e.type,
  text: e.text,
  start: e.start,
  end: e.end,
});

/** Every entity of a transcription with its character span in its utterance, in the utterances' order. */
export function placeEntities(transcription: Transcription): PlacedEntity[] {
  return transcription.utterances.flatMap((u, i) => detectUtterance(u, i));
}

/**
 * The named_entity_recognition add-on (spec §2.6): `{entity_type, text, start, end}` for every entity, with
 * times in seconds from the words, sorted by start time.
 */
export function recognizeEntities(transcription: Transcription): NamedEntity[] {
  return placeEntities(transcription)
    .map(toNamed)
    .sort((a, b) => a.start - b.start || a.end - b.end);
}

/** The entities of one utterance: what a live session sends for each final transcript (PROTOCOL §5.4). */
export function recognizeUtterance(utterance: Utterance): NamedEntity[] {
  return detectUtterance(utterance, 0).map(toNamed);
}

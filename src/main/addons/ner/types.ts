import type { PiiEntityType } from '../../../shared/schemas/languages';

/** The presets of spec §2.7's PII list: names of groups of entity types, never found in a text. */
export const PII_PRESETS = [
  'APPI',
  'APPI_SENSITIVE',
  'CCI',
  'CORE_ENTITIES',
  'CPRA',
  'GDPR',
  'GDPR_SENSITIVE',
  'HEALTH_INFORMATION',
  'HIPAA_SAFE_HARBOR',
  'LIDI',
  'NUMERICAL_EXCL_PCI',
  'PCI',
  'QUEBEC_PRIVACY_ACT',
] as const satisfies readonly PiiEntityType[];
export type PiiPreset = (typeof PII_PRESETS)[number];

/** An entity type of spec §2.7 that a recogniser can find. */
export type EntityType = Exclude<PiiEntityType, PiiPreset>;

/** The named_entity_recognition result item (spec §2.6): times in seconds from the start of the file. */
export interface NamedEntity {
  entity_type: EntityType;
  text: string;
  start: number;
  end: number;
}

/** A finer entity inside a detection: the given name inside a full name, the month inside a date. */
export interface EntityPart {
  type: EntityType;
  first: number;
  last: number;
}

/** What a recogniser found: a type over tokens `first..last` (inclusive) of one utterance. */
export interface Detection {
  type: EntityType;
  first: number;
  last: number;
  /** Overlaps are settled in favour of the higher priority, then the longer span. */
  priority: number;
  parts?: EntityPart[];
}

/** Priorities: validated formats beat context clues, which beat the language model and word lists. */
export const PRIORITY = {
  format: 100,
  checksum: 95,
  cued: 90,
  grammar: 80,
  facility: 70,
  nlp: 60,
  weakDate: 55,
  quantity: 50,
  lexicon: 40,
} as const;

/** A detection placed in its utterance: character span, surface text and times. */
export interface PlacedEntity {
  type: EntityType;
  text: string;
  /** Character offsets in the utterance's text. */
  from: number;
  to: number;
  start: number;
  end: number;
  utterance: number;
  parts: Array<Omit<PlacedEntity, 'parts' | 'utterance'>>;
}

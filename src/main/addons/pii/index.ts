export { DEFAULT_TYPES, ENTITY_TYPES, expandEntityTypes, PRESET_TYPES } from './presets';
export { redactPii, type PiiRedaction, type RedactedEntity } from './redact';
export { mask, type ProcessedTextType } from './replace';

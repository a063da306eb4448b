import { describe, expect, it } from 'vitest';
import { PII_ENTITY_TYPES } from '../../../shared/schemas/languages';
import { ENTITY_FIXTURES, transcriptionOf } from '../ner/fixtures';
import { PII_PRESETS, type PiiPreset } from '../ner';
import { DEFAULT_TYPES, ENTITY_TYPES, expandEntityTypes, redactPii } from './index';

// What the service's documentation lists for each preset (the lists end in "etc.": these must be in).
const DOCUMENTED: Record<PiiPreset, string[]> = {
  GDPR: ['NAME', 'EMAIL_ADDRESS', 'PHONE_NUMBER', 'LOCATION', 'DOB', 'SSN', 'IP_ADDRESS'],
  GDPR_SENSITIVE: [
    'ORIGIN',
    'PHYSICAL_ATTRIBUTE',
    'POLITICAL_AFFILIATION',
    'RELIGION',
    'GENDER',
    'SEXUALITY',
    'LANGUAGE',
  ],
  HIPAA_SAFE_HARBOR: [
    'NAME',
    'LOCATION_ADDRESS',
    'DATE',
    'DOB',
    'PHONE_NUMBER',
    'EMAIL_ADDRESS',
    'SSN',
    'HEALTHCARE_NUMBER',
    'IP_ADDRESS',
    'VEHICLE_ID',
    'URL',
    'ACCOUNT_NUMBER',
  ],
  HEALTH_INFORMATION: ['BLOOD_TYPE', 'CONDITION', 'DOSE', 'DRUG', 'INJURY', 'MEDICAL_PROCESS', 'STATISTICS'],
  PCI: ['BANK_ACCOUNT', 'CREDIT_CARD', 'CREDIT_CARD_EXPIRATION', 'CVV', 'ROUTING_NUMBER'],
  CPRA: [
    'NAME',
    'DOB',
    'DRIVER_LICENSE',
    'EMAIL_ADDRESS',
    'SSN',
    'PHONE_NUMBER',
    'IP_ADDRESS',
    'LOCATION_ADDRESS',
  ],
  APPI: ['NAME', 'DOB', 'LOCATION', 'PHONE_NUMBER', 'EMAIL_ADDRESS', 'SSN', 'IP_ADDRESS'],
  APPI_SENSITIVE: ['ORIGIN', 'PHYSICAL_ATTRIBUTE', 'POLITICAL_AFFILIATION', 'RELIGION', 'MARITAL_STATUS'],
  QUEBEC_PRIVACY_ACT: [
    'NAME',
    'DATE',
    'DOB',
    'OCCUPATION',
    'ORGANIZATION',
    'LOCATION_ADDRESS',
    'PHONE_NUMBER',
    'EMAIL_ADDRESS',
    'SSN',
  ],
  CORE_ENTITIES: [
    'NAME',
    'EMAIL_ADDRESS',
    'PHONE_NUMBER',
    'LOCATION_ADDRESS',
    'DATE',
    'DOB',
    'SSN',
    'CREDIT_CARD',
  ],
  CCI: ['ORGANIZATION', 'OCCUPATION', 'TIME', 'MONEY', 'FILENAME'],
  LIDI: ['LOCATION', 'AGE', 'OCCUPATION'],
  NUMERICAL_EXCL_PCI: ['ACCOUNT_NUMBER', 'NUMERICAL_PII', 'SSN'],
};

/** Fixture types with finer parts that a preset may redact on their own. */
const HAS_PARTS = new Set([
  'NAME',
  'DATE',
  'DATE_INTERVAL',
  'DOB',
  'LOCATION_ADDRESS',
  'CREDIT_CARD_EXPIRATION',
]);

describe('PII presets', () => {
  it('expand to entity types of spec §2.7, with what the documentation lists', () => {
    for (const preset of PII_PRESETS) {
      const types = expandEntityTypes([preset]);
      expect(types.size, preset).toBeGreaterThan(2);
      for (const t of types) {
        expect(PII_ENTITY_TYPES).toContain(t);
        expect(PII_PRESETS).not.toContain(t);
      }
      expect([...types], preset).toEqual(expect.arrayContaining(DOCUMENTED[preset]));
    }
    const numerical = expandEntityTypes(['NUMERICAL_EXCL_PCI']);
    for (const pci of ['CREDIT_CARD', 'CVV', 'BANK_ACCOUNT', 'ROUTING_NUMBER'] as const)
      expect(numerical.has(pci)).toBe(false);
  });

  it('expand types to their subtypes, and default to every personal type', () => {
    expect([...expandEntityTypes(['LOCATION'])].sort()).toEqual([
      'LOCATION',
      'LOCATION_ADDRESS',
      'LOCATION_ADDRESS_STREET',
      'LOCATION_CITY',
      'LOCATION_COORDINATE',
      'LOCATION_COUNTRY',
      'LOCATION_STATE',
      'LOCATION_ZIP',
    ]);
    expect(expandEntityTypes(['NAME']).has('NAME_MEDICAL_PROFESSIONAL')).toBe(true);
    expect(expandEntityTypes(['NAME_GIVEN'])).toEqual(new Set(['NAME_GIVEN']));
    expect(expandEntityTypes(undefined)).toEqual(new Set(DEFAULT_TYPES));
    expect(expandEntityTypes([])).toEqual(new Set(DEFAULT_TYPES));
    expect(ENTITY_TYPES).toHaveLength(69);
    expect(DEFAULT_TYPES).toHaveLength(62);
  });

  it.each(PII_PRESETS.map((p) => [p]))('%s redacts exactly the fixtures of its types', (preset) => {
    const wanted = expandEntityTypes([preset]);
    const source = transcriptionOf(ENTITY_FIXTURES.map((fx) => fx.sentence));
    const { transcription } = redactPii(source, { entity_types: [preset] });
    let redacted = 0;
    ENTITY_FIXTURES.forEach((fx, i) => {
      const text = transcription.utterances[i]!.text;
      if (wanted.has(fx.type)) {
        expect(text, `${preset} ${fx.type}`).not.toContain(fx.entity);
        redacted++;
      } else if (!HAS_PARTS.has(fx.type)) {
        expect(text, `${preset} ${fx.type}`).toContain(fx.entity);
      }
    });
    expect(redacted).toBeGreaterThan(2);
  });
});

import { PII_ENTITY_TYPES, type PiiEntityType } from '../../../shared/schemas/languages';
import { PII_PRESETS, type EntityType, type PiiPreset } from '../ner';
import { AddonError } from '../run-addon';

// What each preset of spec §2.7 stands for. The lists follow the regulations' own definitions of personal
// data, as the entity reference of the service this API copies marks them (GDPR, CPRA, HIPAA Safe Harbor's
// 18 identifiers, Quebec's Law 25, Japan's APPI), plus the groups it names (PCI, health, corporate).

const NAMES: EntityType[] = ['NAME', 'NAME_GIVEN', 'NAME_FAMILY', 'NAME_MEDICAL_PROFESSIONAL'];
const LOCATIONS: EntityType[] = [
  'LOCATION',
  'LOCATION_ADDRESS',
  'LOCATION_ADDRESS_STREET',
  'LOCATION_CITY',
  'LOCATION_COORDINATE',
  'LOCATION_COUNTRY',
  'LOCATION_STATE',
  'LOCATION_ZIP',
];
const SMALL_LOCATIONS: EntityType[] = [
  'LOCATION_ADDRESS',
  'LOCATION_ADDRESS_STREET',
  'LOCATION_CITY',
  'LOCATION_COORDINATE',
  'LOCATION_ZIP',
];
const CONTACT: EntityType[] = ['EMAIL_ADDRESS', 'PHONE_NUMBER', 'IP_ADDRESS', 'URL', 'USERNAME'];
const GOVERNMENT_IDS: EntityType[] = [
  'SSN',
  'PASSPORT_NUMBER',
  'DRIVER_LICENSE',
  'HEALTHCARE_NUMBER',
  'VEHICLE_ID',
];
const PCI: EntityType[] = ['BANK_ACCOUNT', 'CREDIT_CARD', 'CREDIT_CARD_EXPIRATION', 'CVV', 'ROUTING_NUMBER'];
const HEALTH: EntityType[] = [
  'BLOOD_TYPE',
  'CONDITION',
  'DOSE',
  'DRUG',
  'INJURY',
  'MEDICAL_PROCESS',
  'STATISTICS',
  'MEDICAL_CODE',
];
const SENSITIVE: EntityType[] = [
  'ORIGIN',
  'PHYSICAL_ATTRIBUTE',
  'POLITICAL_AFFILIATION',
  'RELIGION',
  'GENDER',
  'SEXUALITY',
  'LANGUAGE',
];
const HEALTH_SENSITIVE: EntityType[] = [
  'BLOOD_TYPE',
  'CONDITION',
  'DRUG',
  'INJURY',
  'MEDICAL_PROCESS',
  'MEDICAL_CODE',
];
const BUSINESS: EntityType[] = [
  'CORPORATE_ACTION',
  'EFFECT',
  'FINANCIAL_METRIC',
  'PRODUCT',
  'PROJECT',
  'TREND',
  'ORGANIZATION_ID',
];

export const PRESET_TYPES: Record<PiiPreset, readonly EntityType[]> = {
  GDPR: [
    ...NAMES,
    ...LOCATIONS,
    ...CONTACT,
    ...GOVERNMENT_IDS,
    ...SENSITIVE,
    ...HEALTH_SENSITIVE,
    'AGE',
    'DOB',
    'NUMERICAL_PII',
    'ACCOUNT_NUMBER',
    'BANK_ACCOUNT',
    'CREDIT_CARD',
    'CREDIT_CARD_EXPIRATION',
    'CVV',
  ],
  // Article 9: origin, opinions, beliefs, health, sex life and orientation.
  GDPR_SENSITIVE: [...SENSITIVE, ...HEALTH_SENSITIVE],
  // The 18 Safe Harbor identifiers: names, places smaller than a state, dates (not years), ages, contact
  // details, and every identifying number.
  HIPAA_SAFE_HARBOR: [
    ...NAMES,
    ...SMALL_LOCATIONS,
    ...CONTACT,
    ...GOVERNMENT_IDS,
    'DATE',
    'DATE_INTERVAL',
    'DOB',
    'DAY',
    'MONTH',
    'AGE',
    'ACCOUNT_NUMBER',
    'BANK_ACCOUNT',
    'CREDIT_CARD',
    'NUMERICAL_PII',
    'MEDICAL_CODE',
  ],
  HEALTH_INFORMATION: HEALTH,
  PCI,
  CPRA: [
    ...NAMES,
    ...SMALL_LOCATIONS,
    ...CONTACT,
    ...GOVERNMENT_IDS,
    ...SENSITIVE,
    ...HEALTH_SENSITIVE,
    ...PCI,
    'DOB',
    'PASSWORD',
    'NUMERICAL_PII',
    'ACCOUNT_NUMBER',
  ],
  APPI: [
    ...NAMES,
    ...LOCATIONS,
    ...CONTACT,
    ...GOVERNMENT_IDS,
    'AGE',
    'DOB',
    'OCCUPATION',
    'ORGANIZATION',
    'ORGANIZATION_MEDICAL_FACILITY',
    'PASSWORD',
    'NUMERICAL_PII',
    'ACCOUNT_NUMBER',
    'BANK_ACCOUNT',
    'CREDIT_CARD',
    'CREDIT_CARD_EXPIRATION',
    'CVV',
  ],
  APPI_SENSITIVE: [...SENSITIVE, ...HEALTH_SENSITIVE, 'MARITAL_STATUS'],
  QUEBEC_PRIVACY_ACT: [
    ...NAMES,
    ...SMALL_LOCATIONS,
    ...CONTACT,
    ...GOVERNMENT_IDS,
    ...HEALTH,
    ...PCI,
    'AGE',
    'DATE',
    'DATE_INTERVAL',
    'DOB',
    'OCCUPATION',
    'ORGANIZATION',
    'ORGANIZATION_MEDICAL_FACILITY',
    'ORIGIN',
    'POLITICAL_AFFILIATION',
    'RELIGION',
    'NUMERICAL_PII',
    'ACCOUNT_NUMBER',
  ],
  // The types most requests ask for, across regulations.
  CORE_ENTITIES: [
    ...NAMES,
    ...CONTACT,
    'LOCATION_ADDRESS',
    'LOCATION_ADDRESS_STREET',
    'DATE',
    'DOB',
    'SSN',
    'PASSPORT_NUMBER',
    'DRIVER_LICENSE',
    'CREDIT_CARD',
    'BANK_ACCOUNT',
    'CVV',
  ],
  // Corporate confidential information.
  CCI: [...BUSINESS, 'ORGANIZATION', 'OCCUPATION', 'TIME', 'MONEY', 'FILENAME', 'EVENT', 'DATE', 'DURATION'],
  // Quasi-identifiers: what identifies someone among the people around them.
  LIDI: [
    ...LOCATIONS,
    'AGE',
    'DATE',
    'DATE_INTERVAL',
    'EVENT',
    'GENDER',
    'LANGUAGE',
    'MARITAL_STATUS',
    'OCCUPATION',
    'ORGANIZATION',
    'ORGANIZATION_MEDICAL_FACILITY',
    'ORIGIN',
    'PHYSICAL_ATTRIBUTE',
  ],
  NUMERICAL_EXCL_PCI: [
    'ACCOUNT_NUMBER',
    'NUMERICAL_PII',
    'SSN',
    'PHONE_NUMBER',
    'DRIVER_LICENSE',
    'PASSPORT_NUMBER',
    'HEALTHCARE_NUMBER',
    'VEHICLE_ID',
    'IP_ADDRESS',
    'LOCATION_ZIP',
    'LOCATION_COORDINATE',
    'ORGANIZATION_ID',
    'MEDICAL_CODE',
  ],
};

/** Subtypes: asking for a type asks for its subtypes (LOCATION covers LOCATION_CITY). */
const SUBTYPES: Partial<Record<EntityType, readonly EntityType[]>> = {
  LOCATION: LOCATIONS.slice(1),
  LOCATION_ADDRESS: ['LOCATION_ADDRESS_STREET'],
  NAME: NAMES.slice(1),
  ORGANIZATION: ['ORGANIZATION_MEDICAL_FACILITY'],
  DATE: ['DOB'],
};

const isPreset = (type: PiiEntityType): type is PiiPreset =>
  (PII_PRESETS as readonly string[]).includes(type);

/** Every type an entity can be found as. */
export const ENTITY_TYPES: readonly EntityType[] = PII_ENTITY_TYPES.filter(
  (t): t is EntityType => !isPreset(t),
);

/** What `pii_redaction: true` redacts without a list: every personal type, not the corporate ones. */
export const DEFAULT_TYPES: readonly EntityType[] = ENTITY_TYPES.filter((t) => !BUSINESS.includes(t));

/**
 * The entity types a request's `entity_types` stands for, presets and subtypes expanded. None given means
 * the default set. An unknown name is a 400 (the schema rejects it at creation; this guards direct callers).
 */
export function expandEntityTypes(requested: readonly string[] | null | undefined): Set<EntityType> {
  const list = requested && requested.length > 0 ? requested : DEFAULT_TYPES;
  const out = new Set<EntityType>();
  const add = (type: EntityType): void => {
    if (out.has(type)) return;
    out.add(type);
    for (const sub of SUBTYPES[type] ?? []) add(sub);
  };
  for (const name of list) {
    if (!(PII_ENTITY_TYPES as readonly string[]).includes(name)) {
      throw new AddonError(400, `Unknown PII entity type "${name}"`);
    }
    const type = name as PiiEntityType;
    if (isPreset(type)) PRESET_TYPES[type].forEach(add);
    else add(type);
  }
  return out;
}

// Enumerations of spec §2.7, shared by the pre-recorded and live schemas and by the UI's pickers.

/** Transcription language codes (ISO 639-1 style, plus `haw`). */
// prettier-ignore
export const TRANSCRIPTION_LANGUAGES = [
  'af', 'am', 'ar', 'as', 'az', 'ba', 'be', 'bg', 'bn', 'bo', 'br', 'bs', 'ca', 'cs', 'cy', 'da', 'de', 'el',
  'en', 'es', 'et', 'eu', 'fa', 'fi', 'fo', 'fr', 'gl', 'gu', 'ha', 'haw', 'he', 'hi', 'hr', 'ht', 'hu', 'hy',
  'id', 'is', 'it', 'ja', 'jw', 'ka', 'kk', 'km', 'kn', 'ko', 'la', 'lb', 'ln', 'lo', 'lt', 'lv', 'mg', 'mi',
  'mk', 'ml', 'mn', 'mr', 'ms', 'mt', 'my', 'ne', 'nl', 'nn', 'no', 'oc', 'pa', 'pl', 'ps', 'pt', 'ro', 'ru',
  'sa', 'sd', 'si', 'sk', 'sl', 'sn', 'so', 'sq', 'sr', 'su', 'sv', 'sw', 'ta', 'te', 'tg', 'th', 'tk', 'tl',
  'tr', 'tt', 'uk', 'ur', 'uz', 'vi', 'yi', 'yo', 'zh',
] as const;
export type TranscriptionLanguage = (typeof TRANSCRIPTION_LANGUAGES)[number];

/** Translation target codes: the transcription list plus `wo` (Wolof). */
export const TRANSLATION_LANGUAGES = [...TRANSCRIPTION_LANGUAGES, 'wo'] as const;
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];

/** PII entity types and groups accepted by `pii_redaction_config.entity_types`. */
// prettier-ignore
export const PII_ENTITY_TYPES = [
  'APPI', 'APPI_SENSITIVE', 'CCI', 'CORE_ENTITIES', 'CPRA', 'GDPR', 'GDPR_SENSITIVE', 'HEALTH_INFORMATION',
  'HIPAA_SAFE_HARBOR', 'LIDI', 'NUMERICAL_EXCL_PCI', 'PCI', 'QUEBEC_PRIVACY_ACT', 'ACCOUNT_NUMBER', 'AGE', 'DATE',
  'DATE_INTERVAL', 'DOB', 'DRIVER_LICENSE', 'DURATION', 'EMAIL_ADDRESS', 'EVENT', 'FILENAME', 'GENDER',
  'HEALTHCARE_NUMBER', 'IP_ADDRESS', 'LANGUAGE', 'LOCATION', 'LOCATION_ADDRESS', 'LOCATION_ADDRESS_STREET',
  'LOCATION_CITY', 'LOCATION_COORDINATE', 'LOCATION_COUNTRY', 'LOCATION_STATE', 'LOCATION_ZIP', 'MARITAL_STATUS',
  'MONEY', 'NAME', 'NAME_FAMILY', 'NAME_GIVEN', 'NAME_MEDICAL_PROFESSIONAL', 'NUMERICAL_PII', 'OCCUPATION',
  'ORGANIZATION', 'ORGANIZATION_MEDICAL_FACILITY', 'ORIGIN', 'PASSPORT_NUMBER', 'PASSWORD', 'PHONE_NUMBER',
  'PHYSICAL_ATTRIBUTE', 'POLITICAL_AFFILIATION', 'RELIGION', 'SEXUALITY', 'SSN', 'TIME', 'URL', 'USERNAME',
  'VEHICLE_ID', 'ZODIAC_SIGN', 'BLOOD_TYPE', 'CONDITION', 'DOSE', 'DRUG', 'INJURY', 'MEDICAL_PROCESS', 'STATISTICS',
  'BANK_ACCOUNT', 'CREDIT_CARD', 'CREDIT_CARD_EXPIRATION', 'CVV', 'ROUTING_NUMBER', 'CORPORATE_ACTION', 'DAY',
  'EFFECT', 'FINANCIAL_METRIC', 'MEDICAL_CODE', 'MONTH', 'ORGANIZATION_ID', 'PRODUCT', 'PROJECT', 'TREND', 'YEAR',
] as const;
export type PiiEntityType = (typeof PII_ENTITY_TYPES)[number];

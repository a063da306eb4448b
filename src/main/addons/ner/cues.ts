import { endsSentence, type Token } from './tokens';
import type { EntityType } from './types';

// Numbers and codes say what they are through the words before them: "my routing number is …",
// "zip code nine oh two one oh". A cue is matched against the few words before a value, after the filler
// words ("is", "number", "my", …) between them are skipped.

export interface Cue {
  type: EntityType;
  /** Tested against the words before the value, ending where the fillers start. */
  pattern: RegExp;
  /** Values the type takes: digits only, or letters and digits. */
  value: 'digits' | 'alnum' | 'words';
}

const at = (words: string): RegExp => new RegExp(`(?:^|\\s)(?:${words})$`);

/** Checked in order: the first whose pattern ends the words before the value wins. */
export const CUES: Cue[] = [
  {
    type: 'CVV',
    pattern: at(
      'cvv|cvc|cvv2|cvc2|cid|csc|security code|card security code|card verification( value| code)?|three digit code( on the back)?|code on the back',
    ),
    value: 'digits',
  },
  {
    type: 'CREDIT_CARD_EXPIRATION',
    pattern: at(
      'expires?( on| in)?|expiry( date)?|expiration( date)?|exp( date)?|valid (through|thru|until)|expiring( on| in)?',
    ),
    value: 'digits',
  },
  {
    type: 'ROUTING_NUMBER',
    pattern: at('routing|aba|aba routing|transit|sort code|bsb|swift( code)?|bic|ifsc( code)?|institution'),
    value: 'alnum',
  },
  {
    type: 'SSN',
    pattern: at(
      'social security|social security card|social|ssn|s s n|social insurance|sin|national insurance|tax file|aadhaar|insee|bsn|nino',
    ),
    value: 'alnum',
  },
  {
    type: 'CREDIT_CARD',
    pattern: at(
      'card|credit card|debit card|visa|mastercard|master card|amex|american express|discover( card)?|card ending( in| with)?|(card )?(ending|ends) (in|with)',
    ),
    value: 'digits',
  },
  {
    type: 'VEHICLE_ID',
    pattern: at(
      'license plate|licence plate|plate|number plate|registration plate|vin|vehicle identification|vehicle id|chassis',
    ),
    value: 'alnum',
  },
  {
    type: 'DRIVER_LICENSE',
    pattern: at(
      "driver's license|drivers license|driver license|driving licence|driving license|driver's licence|drivers licence|licence|license|dl",
    ),
    value: 'alnum',
  },
  { type: 'PASSPORT_NUMBER', pattern: at('passport'), value: 'alnum' },
  {
    type: 'LOCATION_ZIP',
    pattern: at('zip|zip code|zipcode|postal code|postcode|post code'),
    value: 'alnum',
  },
  {
    type: 'HEALTHCARE_NUMBER',
    pattern: at(
      'medical record|mrn|patient id|patient|health card|health insurance|insurance id|insurance card|insurance member|health plan|medicare|medicaid|nhs|beneficiary',
    ),
    value: 'alnum',
  },
  {
    type: 'BANK_ACCOUNT',
    pattern: at('bank account|checking account|savings account|checking|savings|iban|bank'),
    value: 'alnum',
  },
  {
    type: 'ACCOUNT_NUMBER',
    pattern: at(
      'account|acct|account id|customer|customer id|membership|member|member id|loyalty|subscriber|policy|policy id',
    ),
    value: 'alnum',
  },
  {
    type: 'ORGANIZATION_ID',
    pattern: at(
      'ein|employer identification|tax id|tax identification|vat|vat registration|company registration|company|business|duns|d u n s|siren|siret',
    ),
    value: 'alnum',
  },
  {
    type: 'MEDICAL_CODE',
    pattern: at(
      'icd|icd ten|icd 10|icd10|icd-10|icd-10 code|diagnosis code|snomed|snomed ct|ndc|cpt|cpt code|billing code|procedure code',
    ),
    value: 'alnum',
  },
  {
    type: 'NUMERICAL_PII',
    pattern: at(
      'order|order id|confirmation|tracking|invoice|reference|ref|ticket|case|claim|serial|transaction|booking|reservation|receipt|record|file|device|employee|employee id|student|student id|badge|mac address|ip',
    ),
    value: 'alnum',
  },
  {
    type: 'PHONE_NUMBER',
    pattern: at(
      'phone|telephone|cell|cellphone|cell phone|mobile|landline|fax|contact|call me|call us|call|reach me|reach us|text me|dial|extension|ext|direct line|whatsapp',
    ),
    value: 'digits',
  },
  {
    type: 'PASSWORD',
    pattern: at(
      'password|passcode|pin|pin code|passphrase|access code|verification code|one time code|otp|security answer|maiden name',
    ),
    value: 'words',
  },
  {
    type: 'USERNAME',
    pattern: at('username|user name|user id|userid|handle|login|log in|screen name|gamertag|account name'),
    value: 'words',
  },
];

const FILLERS = new Set(
  (
    "is was are were be 's number numbers no num # of it's its it the my your his her their our reads at on " +
    "will should would that's thats as to code id digits"
  ).split(' '),
);

export interface CueMatch {
  cue: Cue;
  /** Index of the first token of the words tested. */
  from: number;
  /** The words the cue was found in (with the fillers), for checks like "last four". */
  words: string;
}

/**
 * The cue right before token `index`, if any: the words are cut after each filler in turn (closest first), so
 * "security code is" finds "security code" and "zip code is" finds "zip code". Sentence ends stop the look-back.
 */
export function cueBefore(tokens: Token[], index: number, window = 6): CueMatch | null {
  let last = index - 1;
  for (let skipped = 0; last >= 0 && skipped <= 4; skipped++, last--) {
    if (endsSentence(tokens[last])) return null;
    const from = Math.max(0, last - window + 1);
    let start = from;
    for (let k = last - 1; k >= from; k--) {
      if (endsSentence(tokens[k])) {
        start = k + 1;
        break;
      }
    }
    const words = tokens
      .slice(start, last + 1)
      .map((t) => t.lower)
      .join(' ');
    const cue = CUES.find((c) => c.pattern.test(words));
    if (cue) {
      const all = tokens
        .slice(start, index)
        .map((t) => t.lower)
        .join(' ');
      return { cue, from: start, words: all };
    }
    if (!FILLERS.has(tokens[last]!.lower)) return null;
  }
  return null;
}

/** Words that mention health care near an account number make it a healthcare number. */
export const HEALTH_CONTEXT =
  /\b(health|medical|medicare|medicaid|patient|clinic|hospital|doctor|insurance|insurer|prescription|pharmacy)\b/;
/** Words that mention a bank near an account number make it a bank account. */
export const BANK_CONTEXT = /\b(bank|banking|checking|savings|deposit|wire|transfer|iban|routing)\b/;

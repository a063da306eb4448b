import { isValidIBAN } from 'ibantools';
import { isValidPhoneNumber, type CountryCode } from 'libphonenumber-js/max';

/** The Luhn check every payment card number passes. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Issuer prefixes of the major card networks (Visa, Mastercard, Amex, Discover, Diners, JCB, UnionPay). */
export function cardIssuerKnown(digits: string): boolean {
  return /^(4\d{12,18}|5[1-5]\d{14}|2[2-7]\d{14}|3[47]\d{13}|6(011|5\d\d|4[4-9]\d)\d{12,15}|3(0[0-5]|[689]\d)\d{11,16}|35\d{14,17}|62\d{14,17})$/.test(
    digits,
  );
}

/** ABA routing numbers: weights 3, 7, 1 over the nine digits sum to a multiple of ten. */
export function abaValid(digits: string): boolean {
  if (!/^\d{9}$/.test(digits) || /^0{9}$/.test(digits)) return false;
  const weights = [3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (digits.charCodeAt(i) - 48) * weights[i % 3]!;
  return sum % 10 === 0;
}

/** US Social Security numbers never start with 000, 666 or 9, nor have a 00 group or a 0000 serial. */
export function ssnPlausible(digits: string): boolean {
  return /^(?!000|666|9)\d{3}(?!00)\d{2}(?!0000)\d{4}$/.test(digits);
}

/** The IBAN mod-97 check (with the country's length and format), on letters and digits only. */
export function ibanValid(candidate: string): boolean {
  return isValidIBAN(candidate.replace(/[\s-]/g, '').toUpperCase());
}

// prettier-ignore
const VIN_VALUES: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8, J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9, S: 2, T: 3, U: 4, V: 5,
  W: 6, X: 7, Y: 8, Z: 9,
};
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** North American VINs carry a check digit in position 9 (ISO 3779 leaves it optional elsewhere). */
export function vinValid(vin: string): boolean {
  const v = vin.toUpperCase();
  if (!/^[A-HJ-NPR-Z0-9]{17}$/.test(v) || !/\d/.test(v) || !/[A-Z]/.test(v)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const c = v[i]!;
    sum += (/\d/.test(c) ? Number(c) : VIN_VALUES[c]!) * VIN_WEIGHTS[i]!;
  }
  const check = sum % 11 === 10 ? 'X' : String(sum % 11);
  return v[8] === check;
}

/** Countries whose national numbers (with their trunk 0) we try when a number has no "+" prefix. */
const NATIONAL_COUNTRIES: CountryCode[] = ['GB', 'FR', 'DE', 'IE', 'AU', 'NL', 'BE', 'ES', 'IT', 'CH', 'IN'];

/**
 * A digit string that is a valid phone number: international with "+" (or 00), North American with ten or
 * eleven digits, or a national number with its leading 0 in one of the common countries.
 */
export function phoneValid(digits: string, international: boolean): boolean {
  if (!/^\d{7,15}$/.test(digits)) return false;
  if (international) return isValidPhoneNumber(`+${digits}`);
  if (digits.startsWith('00')) return isValidPhoneNumber(`+${digits.slice(2)}`);
  if (/^1?[2-9]\d{9}$/.test(digits)) return isValidPhoneNumber(digits, 'US');
  if (digits.startsWith('0')) return NATIONAL_COUNTRIES.some((c) => isValidPhoneNumber(digits, c));
  return false;
}

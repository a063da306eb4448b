import { isIPv4, isIPv6 } from 'node:net';
import {
  abaValid,
  cardIssuerKnown,
  ibanValid,
  luhnValid,
  phoneValid,
  ssnPlausible,
  vinValid,
} from './checksums';
import { digitsOf, type Chunk } from './chunks';
import { BANK_CONTEXT, cueBefore, HEALTH_CONTEXT, type CueMatch } from './cues';
import { endsClause, endsSentence, type Token } from './tokens';
import { PRIORITY, type Detection, type EntityType } from './types';

// Identifiers: e-mail, URL, IP, file names, handles, card / bank / phone / ID numbers, written or spoken.

const TLDS =
  'com|org|net|edu|gov|mil|int|io|co|uk|us|ca|de|fr|es|it|nl|be|ch|at|au|nz|in|jp|cn|ru|br|mx|ar|info|biz|ai|app|' +
  'dev|me|tv|ly|eu|ie|za|se|no|dk|fi|pl|pt|gr|cz|tr|il|kr|sg|hk|xyz|online|site|tech|store|shop|cloud|blog|news';
const EMAIL =
  /^[a-z0-9](?:[a-z0-9._%+-]*[a-z0-9])?@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9-]+)*\.([a-z]{2,24})$/i;
const KNOWN_TLD = new RegExp(`^(${TLDS})$`, 'i');
const URL_PATTERN = new RegExp(
  `^(?:(?:https?|ftp)://\\S+|www\\.[a-z0-9-]+(?:\\.[a-z0-9-]+)+(?:[/?#]\\S*)?|` +
    `[a-z0-9-]+(?:\\.[a-z0-9-]+)*\\.(?:${TLDS})(?:[/?#]\\S*)?)$`,
  'i',
);
const FILE_EXTENSIONS =
  'pdf|docx?|xlsx?|pptx?|txt|csv|tsv|json|xml|ya?ml|jpe?g|png|gif|bmp|tiff?|svg|heic|mp3|wav|flac|m4a|mp4|mov|avi|' +
  'mkv|zip|rar|7z|tar|gz|tgz|exe|dmg|msi|apk|iso|py|js|ts|java|cpp|rb|go|rs|html?|css|md|log|sql|db|pem|ics|vcf|' +
  'eml|odt|ods|rtf|key|psd|ai';
const FILENAME = new RegExp(`^(?:[\\w.~-]+[/\\\\])*[\\w-][\\w .-]*\\.(?:${FILE_EXTENSIONS})$`, 'i');
const MAC = /^(?:[0-9a-f]{2}[:-]){5}[0-9a-f]{2}$/i;
const HANDLE = /^@[a-z0-9_.]{2,30}$/i;
const DECIMAL_COORD = /^-?\d{1,3}\.\d{3,}°?$/;

const single = (type: EntityType, chunk: Chunk, priority: number): Detection => ({
  type,
  first: chunk.first,
  last: chunk.last,
  priority,
});

function formatOf(chunk: Chunk): EntityType | null {
  const text = chunk.text;
  const email = EMAIL.exec(text);
  if (email) return !chunk.joined || KNOWN_TLD.test(email[1]!) ? 'EMAIL_ADDRESS' : null;
  if (FILENAME.test(text)) return 'FILENAME';
  if (isIPv4(text)) return 'IP_ADDRESS';
  if (text.includes(':') && text.split(':').length > 2 && isIPv6(text)) return 'IP_ADDRESS';
  if (MAC.test(text)) return 'NUMERICAL_PII';
  if (URL_PATTERN.test(text) && !/^[\d.]+$/.test(text)) return 'URL';
  if (HANDLE.test(text)) return 'USERNAME';
  if (/^\d{3}-\d{2}-\d{4}$/.test(text) && ssnPlausible(text.replace(/-/g, ''))) return 'SSN';
  if (vinValid(text)) return 'VEHICLE_ID';
  return null;
}

const adjacent = (chunks: Chunk[], a: number, tokens: Token[]): boolean =>
  a + 1 < chunks.length &&
  chunks[a + 1]!.first === chunks[a]!.last + 1 &&
  !endsSentence(tokens[chunks[a]!.last]);

const alnumValue = (chunk: Chunk): boolean =>
  /^[\p{L}\d][\p{L}\d\-/.#]*$/u.test(chunk.text) &&
  (/\d/.test(chunk.text) || (chunk.joined && /^\p{L}+$/u.test(chunk.text)));

const STOP_WORDS = new Set('and but so then because please thanks thank okay ok alright right'.split(' '));

/** The value a cue announces: adjacent chunks of the cue's kind, starting at chunk `c`. */
function valueAfter(chunks: Chunk[], c: number, tokens: Token[], kind: 'digits' | 'alnum'): number {
  let e = c;
  const fits = (chunk: Chunk): boolean => (kind === 'digits' ? digitsOf(chunk) !== null : alnumValue(chunk));
  if (!fits(chunks[c]!)) return -1;
  while (adjacent(chunks, e, tokens) && fits(chunks[e + 1]!) && e - c < 8) e++;
  return e;
}

function monthYearDigits(d: string): boolean {
  const month = d.length === 3 || d.length === 5 ? Number(d.slice(0, 1)) : Number(d.slice(0, 2));
  return d.length >= 3 && d.length <= 6 && month >= 1 && month <= 12;
}

/** Whether the value fits the cue's type, and which type it finally is. */
function typeFor(match: CueMatch, value: string, text: string): EntityType | null {
  const d = value.replace(/\D/g, '');
  const onlyDigits = /^[\d\s\-./()+]+$/.test(value);
  const lastFour = /\b(last (four|4)|ending|ends)\b/.test(match.words);
  switch (match.cue.type) {
    case 'CVV':
      return onlyDigits && (d.length === 3 || d.length === 4) ? 'CVV' : null;
    case 'CREDIT_CARD_EXPIRATION':
      return onlyDigits && monthYearDigits(d) ? 'CREDIT_CARD_EXPIRATION' : null;
    case 'CREDIT_CARD':
      if (onlyDigits && d.length >= 13 && d.length <= 19 && luhnValid(d)) return 'CREDIT_CARD';
      return onlyDigits && d.length === 4 && lastFour && /\bcard\b|visa|mastercard|amex/.test(match.words)
        ? 'CREDIT_CARD'
        : null;
    case 'PHONE_NUMBER':
      return onlyDigits && d.length >= 7 && d.length <= 15 ? 'PHONE_NUMBER' : null;
    case 'SSN':
      if (onlyDigits) return d.length === 9 || (d.length === 4 && lastFour) ? 'SSN' : null;
      return /^[a-z]{2}\d{6}[a-d]$/i.test(value) || /^\d{3}[a-z]?\d+$/i.test(value) ? 'SSN' : null;
    case 'ROUTING_NUMBER':
      if (onlyDigits)
        return (d.length === 9 && abaValid(d)) || d.length === 6 || d.length === 5 ? 'ROUTING_NUMBER' : null;
      return /^[a-z]{6}[a-z0-9]{2}([a-z0-9]{3})?$/i.test(value) || /^[a-z]{4}0[a-z0-9]{6}$/i.test(value)
        ? 'ROUTING_NUMBER'
        : null;
    case 'LOCATION_ZIP':
      if (onlyDigits)
        return d.length === 5 || d.length === 9 || d.length === 4 || d.length === 6 ? 'LOCATION_ZIP' : null;
      return /^[a-z]{1,2}\d[a-z\d]?\d[a-z]{2}$/i.test(value) || /^[a-z]\d[a-z]\d[a-z]\d$/i.test(value)
        ? 'LOCATION_ZIP'
        : null;
    case 'PASSPORT_NUMBER':
      return value.length >= 6 && value.length <= 12 ? 'PASSPORT_NUMBER' : null;
    case 'MEDICAL_CODE':
      return value.length >= 3 && value.length <= 12 ? 'MEDICAL_CODE' : null;
    case 'ACCOUNT_NUMBER':
      if (value.length < 4) return null;
      if (BANK_CONTEXT.test(text)) return 'BANK_ACCOUNT';
      return HEALTH_CONTEXT.test(text) ? 'HEALTHCARE_NUMBER' : 'ACCOUNT_NUMBER';
    default:
      return value.length >= 4 ? match.cue.type : null;
  }
}

/** Values announced by a cue ("my zip code is …"). */
function cuedValues(tokens: Token[], chunks: Chunk[], text: string): Detection[] {
  const found: Detection[] = [];
  for (let c = 0; c < chunks.length; c++) {
    const chunk = chunks[c]!;
    const match = cueBefore(tokens, chunk.first);
    if (!match) continue;
    const kind = match.cue.value;
    if (kind === 'words') {
      const first = tokens[chunk.first]!;
      if (STOP_WORDS.has(first.lower) || /^(is|was|are|the|my|a|an)$/.test(first.lower)) continue;
      let last = chunk.first;
      while (last + 1 < tokens.length && last - chunk.first < 3 && !endsClause(tokens[last])) {
        if (STOP_WORDS.has(tokens[last + 1]!.lower)) break;
        last++;
      }
      // A spelled or digit value ends with its chunk; "tiger one two three" keeps the number after the word.
      while (c + 1 < chunks.length && chunks[c + 1]!.first <= last) c++;
      if (chunks[c]!.last > last) last = chunks[c]!.last;
      found.push({ type: match.cue.type, first: chunk.first, last, priority: PRIORITY.cued });
      continue;
    }
    const e = valueAfter(chunks, c, tokens, kind === 'digits' ? 'digits' : 'alnum');
    if (e < 0) continue;
    const value = chunks
      .slice(c, e + 1)
      .map((k) => k.text)
      .join(' ');
    if (chunks.slice(c, e + 1).every((k) => k.quantity) && match.cue.type !== 'CVV') continue;
    const type = typeFor(match, kind === 'digits' ? value.replace(/ /g, '') : value, text.toLowerCase());
    if (type) {
      found.push({ type, first: chunk.first, last: chunks[e]!.last, priority: PRIORITY.cued });
      c = e;
    }
  }
  return found;
}

/** Digit strings nothing announced: cards by Luhn and issuer, phone numbers by numbering plan, long IDs. */
function bareNumbers(tokens: Token[], chunks: Chunk[]): Detection[] {
  const found: Detection[] = [];
  for (let c = 0; c < chunks.length; c++) {
    if (digitsOf(chunks[c]!) === null || isIPv4(chunks[c]!.text)) continue;
    let e = c;
    while (adjacent(chunks, e, tokens) && digitsOf(chunks[e + 1]!) !== null && e - c < 8) e++;
    const run = chunks.slice(c, e + 1);
    const d = run.map((k) => digitsOf(k)!).join('');
    const plus = run[0]!.text.startsWith('+');
    const span = { first: run[0]!.first, last: run[run.length - 1]!.last };
    if (run.every((k) => k.quantity) || /^\d{1,3}\.\d+$/.test(run[0]!.text)) {
      c = e;
      continue;
    }
    if (d.length >= 13 && d.length <= 19 && luhnValid(d) && cardIssuerKnown(d)) {
      found.push({ type: 'CREDIT_CARD', ...span, priority: PRIORITY.checksum });
    } else if (phoneValid(d, plus)) {
      found.push({ type: 'PHONE_NUMBER', ...span, priority: PRIORITY.grammar });
    } else if (d.length >= 8) {
      found.push({ type: 'NUMERICAL_PII', ...span, priority: PRIORITY.quantity });
    }
    c = e;
  }
  return found;
}

/** IBANs, written in groups or spelled: the longest run of chunks that passes the mod-97 check. */
function ibans(tokens: Token[], chunks: Chunk[]): Detection[] {
  const found: Detection[] = [];
  for (let c = 0; c < chunks.length; c++) {
    if (!/^[a-z]{2}\d{2}/i.test(chunks[c]!.text)) continue;
    let value = '';
    let best = -1;
    for (let e = c; e < chunks.length && value.length < 34; e++) {
      if (e > c && !adjacent(chunks, e - 1, tokens)) break;
      if (!/^[a-z0-9]+$/i.test(chunks[e]!.text)) break;
      value += chunks[e]!.text;
      if (value.length >= 15 && ibanValid(value)) best = e;
    }
    if (best >= 0) {
      found.push({
        type: 'BANK_ACCOUNT',
        first: chunks[c]!.first,
        last: chunks[best]!.last,
        priority: PRIORITY.format,
      });
      c = best;
    }
  }
  return found;
}

/** Latitude and longitude as two decimals close together: "40.748440, -73.984559". */
function coordinates(chunks: Chunk[]): Detection[] {
  const found: Detection[] = [];
  for (let c = 0; c + 1 < chunks.length; c++) {
    if (!DECIMAL_COORD.test(chunks[c]!.text)) continue;
    for (let e = c + 1; e < chunks.length && chunks[e]!.first - chunks[c]!.last <= 4; e++) {
      if (!DECIMAL_COORD.test(chunks[e]!.text)) continue;
      const lat = parseFloat(chunks[c]!.text);
      const lon = parseFloat(chunks[e]!.text);
      if (Math.abs(lat) <= 90 && Math.abs(lon) <= 180) {
        found.push({
          type: 'LOCATION_COORDINATE',
          first: chunks[c]!.first,
          last: chunks[e]!.last,
          priority: PRIORITY.format,
        });
        c = e;
      }
      break;
    }
  }
  return found;
}

export function detectIdentifiers(tokens: Token[], chunks: Chunk[], text: string): Detection[] {
  const formats = chunks.flatMap((chunk) => {
    const type = formatOf(chunk);
    return type ? [single(type, chunk, PRIORITY.format)] : [];
  });
  return [
    ...formats,
    ...ibans(tokens, chunks),
    ...coordinates(chunks),
    ...cuedValues(tokens, chunks, text),
    ...bareNumbers(tokens, chunks),
  ];
}

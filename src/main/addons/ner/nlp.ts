import nlp from 'compromise';
import { endsClause, type Token } from './tokens';
import { PRIORITY, type Detection, type EntityPart, type EntityType } from './types';

// People, places, organisations, nationalities and holidays from compromise's English lexicon and tagger.
// Its lexicon knows names without capitals ("john dashwood"), which speech transcripts need.

interface TermJson {
  tags: string[];
  offset: { start: number; length: number };
}
interface MatchJson {
  terms: TermJson[];
}

/** What compromise says about each token: its tags (union over the terms inside the token). */
export interface Tagged {
  tags: Set<string>[];
  people: Array<[number, number]>;
  places: Array<[number, number]>;
  organizations: Array<[number, number]>;
}

/** The token holding a character offset: the last one starting at or before it. */
function tokenAt(tokens: Token[], offset: number): number {
  let lo = 0;
  let hi = tokens.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (tokens[mid]!.start <= offset + 1) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

function spans(tokens: Token[], matches: MatchJson[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const m of matches) {
    if (m.terms.length === 0) continue;
    const first = tokenAt(tokens, m.terms[0]!.offset.start);
    let last = tokenAt(tokens, m.terms[m.terms.length - 1]!.offset.start);
    if (first < 0 || last < first) continue;
    // "microsoft's office": a possessive ends the name.
    for (let k = first; k < last; k++) {
      if (/['’]s$/i.test(tokens[k]!.core)) {
        last = k;
        break;
      }
    }
    // compromise joins across commas ("kingdom, south africa"); a comma separates two entities here.
    let a = first;
    for (let k = first; k <= last; k++) {
      if (endsClause(tokens[k]) || k === last) {
        out.push([a, k]);
        a = k + 1;
      }
    }
  }
  return out;
}

export function tagTokens(text: string, tokens: Token[]): Tagged {
  const doc = nlp(text);
  const tags = tokens.map(() => new Set<string>());
  for (const sentence of doc.json({ offset: true }) as MatchJson[]) {
    for (const term of sentence.terms) {
      const i = tokenAt(tokens, term.offset.start);
      if (i >= 0) for (const tag of term.tags) tags[i]!.add(tag);
    }
  }
  return {
    tags,
    people: spans(tokens, doc.people().json({ offset: true }) as MatchJson[]),
    places: spans(tokens, doc.places().json({ offset: true }) as MatchJson[]),
    organizations: spans(tokens, doc.organizations().json({ offset: true }) as MatchJson[]),
  };
}

const HONORIFICS = new Set(
  'mr mr. mrs mrs. ms ms. miss mister missus sir madam madame dame lord lady professor prof prof. rev reverend father sister brother captain officer judge senator president'.split(
    ' ',
  ),
);
const MEDICAL_TITLES = new Set(['doctor', 'dr', 'dr.', 'nurse', 'physician', 'surgeon', 'dentist']);
const NOT_NAMES = new Set(
  'i me you he she we they it my your his her our their the a an and or but so this that is was are be to of in on at for with from by'.split(
    ' ',
  ),
);

/** A person: NAME with given and family parts, or NAME_GIVEN / NAME_FAMILY alone, or a medical professional. */
export function personDetection(
  tokens: Token[],
  tags: Set<string>[],
  first: number,
  last: number,
): Detection | null {
  let a = first;
  while (a <= last && (HONORIFICS.has(tokens[a]!.lower) || MEDICAL_TITLES.has(tokens[a]!.lower))) a++;
  let b = last;
  while (b >= a && NOT_NAMES.has(tokens[b]!.lower)) b--;
  if (a > b || NOT_NAMES.has(tokens[a]!.lower)) return null;
  const titled = a > first ? first : first > 0 && !endsClause(tokens[first - 1]) ? first - 1 : -1;
  const title = titled >= 0 ? tokens[titled]!.lower : '';
  const parts: EntityPart[] = [];
  for (let k = a; k <= b; k++) {
    const t = tags[k]!;
    const family = t.has('LastName') || (k === b && k > a);
    const given = t.has('FirstName') && !(k === b && k > a);
    if (given) parts.push({ type: 'NAME_GIVEN', first: k, last: k });
    else if (family) parts.push({ type: 'NAME_FAMILY', first: k, last: k });
  }
  if (MEDICAL_TITLES.has(title)) {
    return { type: 'NAME_MEDICAL_PROFESSIONAL', first: titled, last: b, priority: PRIORITY.facility, parts };
  }
  let type: EntityType = 'NAME';
  if (a === b && !HONORIFICS.has(title)) {
    if (tags[a]!.has('FirstName') && !tags[a]!.has('LastName')) type = 'NAME_GIVEN';
    else if (tags[a]!.has('LastName')) type = 'NAME_FAMILY';
  }
  return { type, first: a, last: b, priority: PRIORITY.nlp, parts: type === 'NAME' ? parts : [] };
}

const STREET_END = /^(street|st|avenue|ave|road|rd|boulevard|blvd|lane|drive|way|place|square|highway)$/;

/** Places split where compromise's tags change: "paris texas" is a city, then a state. */
function placeDetections(tokens: Token[], tags: Set<string>[], first: number, last: number): Detection[] {
  const kind = (k: number): EntityType => {
    const t = tags[k]!;
    if (t.has('City')) return 'LOCATION_CITY';
    if (t.has('Country')) return 'LOCATION_COUNTRY';
    if (t.has('Region')) return 'LOCATION_STATE';
    return 'LOCATION';
  };
  while (first <= last && NOT_NAMES.has(tokens[first]!.lower)) first++;
  if (first > last) return [];
  if (STREET_END.test(tokens[last]!.lower)) {
    return [{ type: 'LOCATION_ADDRESS_STREET', first, last, priority: PRIORITY.nlp }];
  }
  if (tokens[last]!.lower === 'city' && last > first)
    return [{ type: 'LOCATION_CITY', first, last, priority: PRIORITY.nlp }];
  const out: Detection[] = [];
  let a = first;
  for (let k = first; k <= last; k++) {
    if (k === last || kind(k + 1) !== kind(k)) {
      out.push({ type: kind(a), first: a, last: k, priority: PRIORITY.nlp });
      a = k + 1;
    }
  }
  // A generic "Place" word next to a typed one belongs to it ("new york" + "city" handled above).
  return out.filter((d) => d.type !== 'LOCATION' || out.length === 1);
}

const GENERIC_ORGS = new Set(
  'hospital university bank school company college church clinic department police government court team club committee council agency ministry army navy inc corp ltd llc co'.split(
    ' ',
  ),
);

export function detectNlp(tokens: Token[], tagged: Tagged): Detection[] {
  const found: Detection[] = [];
  for (const [a, b] of tagged.people) {
    const d = personDetection(tokens, tagged.tags, a, b);
    if (d) found.push(d);
  }
  for (const [a, b] of tagged.places) found.push(...placeDetections(tokens, tagged.tags, a, b));
  for (const [a, b] of tagged.organizations) {
    let first = a;
    while (first <= b && NOT_NAMES.has(tokens[first]!.lower)) first++;
    if (first > b || (first === b && GENERIC_ORGS.has(tokens[first]!.lower))) continue;
    found.push({ type: 'ORGANIZATION', first, last: b, priority: PRIORITY.nlp });
  }
  // Nationalities and holidays: tagged words, grouped when adjacent ("african american", "christmas eve").
  const groups: Array<[string, EntityType, number]> = [
    ['Demonym', 'ORIGIN', PRIORITY.lexicon + 1],
    ['Holiday', 'EVENT', PRIORITY.lexicon + 1],
  ];
  for (const [tag, type, priority] of groups) {
    for (let i = 0; i < tokens.length; i++) {
      if (!tagged.tags[i]!.has(tag)) continue;
      let j = i;
      while (j + 1 < tokens.length && tagged.tags[j + 1]!.has(tag) && !endsClause(tokens[j])) j++;
      found.push({ type, first: i, last: j, priority });
      i = j;
    }
  }
  return found;
}

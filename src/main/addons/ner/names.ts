import type { Chunk } from './chunks';
import { personDetection } from './nlp';
import { endsClause, type Token } from './tokens';
import { PRIORITY, type Detection, type EntityType } from './types';

// Names the tagger cannot know: introduced ("my name is ganzon kowalczyk", "last name is k o w a l s k i"),
// titled ("doctor emily watson"), or built from a name and an organisation word ("saint mary hospital").

const NAME_CUES: Array<[RegExp, EntityType]> = [
  [/(?:^|\s)(?:my |his |her |the |your )?(?:first|given|christian) name(?:'s| is| was)?$/, 'NAME_GIVEN'],
  [/(?:^|\s)(?:my |his |her |the |your )?(?:last|family|sur|maiden) ?name(?:'s| is| was)?$/, 'NAME_FAMILY'],
  [/(?:^|\s)surname(?:'s| is| was)?$/, 'NAME_FAMILY'],
  [/(?:^|\s)(?:my|his|her|their|your) (?:full )?name(?:'s| is| was)?$/, 'NAME'],
  [
    /(?:^|\s)(?:name's|call me|called|named|ask for|speak to|speak with|speaking with|talk to|this is)$/,
    'NAME',
  ],
];
/** After these cues a name needs the tagger's agreement: "this is great" names nobody. */
const WEAK_CUE = /(?:called|named|ask for|speak to|speak with|speaking with|talk to|this is)$/;
const NOT_NAME_WORDS = new Set(
  (
    'i me you he she we they it my your his her our their the a an and or but so this that is was are be to of in on ' +
    'at for with from by not just really very also here there what who how why when where okay ok yes no hello hi ' +
    'hey thanks thank please sorry great good fine sure right well actually about going gonna'
  ).split(' '),
);
/** Word classes a name never is, even right after "my name is". */
const FUNCTION_TAGS = [
  'Adverb',
  'Determiner',
  'Preposition',
  'Pronoun',
  'Conjunction',
  'Negative',
  'PastTense',
  'Gerund',
  'Participle',
  'Passive',
  'Copula',
];
const CLOSED_TAGS = [...FUNCTION_TAGS, 'Verb', 'Adjective', 'Value', 'Date'];

function nameCues(tokens: Token[], tags: Set<string>[], chunks: Chunk[]): Detection[] {
  const found: Detection[] = [];
  const chunkAt = new Map(chunks.map((c) => [c.first, c]));
  for (let i = 1; i < tokens.length; i++) {
    if (endsClause(tokens[i - 1]) && !/[:]/.test(tokens[i - 1]!.after)) continue;
    const before = tokens
      .slice(Math.max(0, i - 5), i)
      .map((t) => t.lower)
      .join(' ');
    const cue = NAME_CUES.find(([pattern]) => pattern.test(before));
    if (!cue) continue;
    const weak = WEAK_CUE.test(before);
    // A spelled name is one chunk: "k o w a l s k i".
    const chunk = chunkAt.get(i);
    if (chunk && chunk.joined && /^\p{L}+$/u.test(chunk.text)) {
      found.push({ type: cue[1], first: i, last: chunk.last, priority: PRIORITY.cued });
      continue;
    }
    let last = i - 1;
    while (last + 1 < tokens.length && last + 1 - i < 3) {
      const t = tokens[last + 1]!;
      const tg = tags[last + 1]!;
      const nameLike = tg.has('Person') || tg.has('FirstName') || tg.has('LastName') || tg.has('ProperNoun');
      if (NOT_NAME_WORDS.has(t.lower) || !/^\p{L}[\p{L}'-]*$/u.test(t.core)) break;
      // Right after "my name is" any word is the name ("will", "may"); further words must look like names.
      const first = last + 1 === i;
      const closed = (first ? FUNCTION_TAGS : CLOSED_TAGS).some((c) => tg.has(c));
      if (weak ? !nameLike : closed && !nameLike) break;
      last++;
      if (endsClause(t)) break;
    }
    if (last < i) continue;
    if (cue[1] === 'NAME') {
      const person = personDetection(tokens, tags, i, last);
      if (person)
        found.push({ ...person, priority: Math.max(person.priority, weak ? PRIORITY.nlp : PRIORITY.cued) });
    } else found.push({ type: cue[1], first: i, last, priority: PRIORITY.cued });
  }
  return found;
}

const MEDICAL_TITLES = /^(doctor|dr|dr\.|nurse)$/;

/** "doctor emily watson", "dr smith": the title makes the name a medical professional's. */
function medicalProfessionals(tokens: Token[], tags: Set<string>[]): Detection[] {
  const found: Detection[] = [];
  for (let i = 0; i + 1 < tokens.length; i++) {
    if (!MEDICAL_TITLES.test(tokens[i]!.lower) || endsClause(tokens[i])) continue;
    let last = i;
    while (last + 1 < tokens.length && last - i < 3) {
      const tg = tags[last + 1]!;
      const nameLike =
        tg.has('Person') ||
        tg.has('FirstName') ||
        tg.has('LastName') ||
        (tg.has('ProperNoun') && !tg.has('Place'));
      if (!nameLike || NOT_NAME_WORDS.has(tokens[last + 1]!.lower)) break;
      last++;
      if (endsClause(tokens[last])) break;
    }
    if (last > i) {
      const person = personDetection(tokens, tags, i, last);
      if (person)
        found.push({ ...person, type: 'NAME_MEDICAL_PROFESSIONAL', first: i, priority: PRIORITY.facility });
    }
  }
  return found;
}

const FACILITY_WORDS = /^(hospital|clinic|infirmary|hospice|pharmacy|sanatorium|medical|health)$/;
const FACILITY_TAIL = /^(center|centre|clinic|group|practice)$/;
const ORG_SUFFIXES =
  /^(inc|incorporated|corp|corporation|llc|ltd|limited|plc|gmbh|co|company|group|holdings|bank|university|college|institute|foundation|association|agency|organization|organisation|ministry|council|society|partners|labs|technologies|systems|airlines|airways|motors|industries|enterprises|insurance|academy|school|church|museum)$/;
const ORG_OF =
  /^(university|bank|college|institute|department|ministry|church|school|museum|hospital|city|state)$/;
const NAME_WORD_ADJECTIVES = new Set(
  'general memorial royal national central regional international united american british community children childrens saint st st. mount mt northwest northeast southwest southeast north south east west new'.split(
    ' ',
  ),
);
const STOP = new Set(
  'the a an this that my your our their his her its at in on of for to from with by and or local big small old same other another nearby'.split(
    ' ',
  ),
);

function nameWord(tokens: Token[], tags: Set<string>[], k: number): boolean {
  const t = tokens[k];
  if (!t || STOP.has(t.lower) || endsClause(t) || !/^\p{L}[\p{L}'.&-]*$/u.test(t.core)) return false;
  const tg = tags[k]!;
  if (NAME_WORD_ADJECTIVES.has(t.lower)) return true;
  return ![
    'Verb',
    'Adverb',
    'Adjective',
    'Determiner',
    'Preposition',
    'Pronoun',
    'Conjunction',
    'Value',
  ].some((c) => tg.has(c));
}

/** Organisations and medical facilities named by their last word: "saint mary hospital", "acme corp". */
function organizations(tokens: Token[], tags: Set<string>[]): Detection[] {
  const found: Detection[] = [];
  for (let i = 1; i < tokens.length; i++) {
    const w = tokens[i]!.lower;
    // "medical" and "health" name a facility only with "center" / "clinic" after them.
    const tail = FACILITY_TAIL.test(tokens[i + 1]?.lower ?? '') && !endsClause(tokens[i]);
    const facility = FACILITY_WORDS.test(w) && (tail || !/^(medical|health)$/.test(w));
    if (!facility && !ORG_SUFFIXES.test(w)) continue;
    let first = i;
    while (first - 1 >= 0 && i - first < 4 && nameWord(tokens, tags, first - 1)) first--;
    const last = facility && tail ? i + 1 : i;
    if (first === i) continue;
    found.push({
      type: facility ? 'ORGANIZATION_MEDICAL_FACILITY' : 'ORGANIZATION',
      first,
      last,
      priority: PRIORITY.facility,
    });
  }
  // "bank of america", "university of michigan"
  for (let i = 0; i + 2 < tokens.length; i++) {
    if (!ORG_OF.test(tokens[i]!.lower) || tokens[i + 1]!.lower !== 'of' || endsClause(tokens[i])) continue;
    let last = i + 1;
    while (last + 1 < tokens.length && last - i < 4 && nameWord(tokens, tags, last + 1)) last++;
    if (last === i + 1) continue;
    const type =
      tokens[i]!.lower === 'hospital'
        ? 'ORGANIZATION_MEDICAL_FACILITY'
        : /^(city|state)$/.test(tokens[i]!.lower)
          ? 'LOCATION'
          : 'ORGANIZATION';
    found.push({ type, first: i, last, priority: PRIORITY.facility });
  }
  return found;
}

export function detectNames(tokens: Token[], tags: Set<string>[], chunks: Chunk[]): Detection[] {
  return [
    ...nameCues(tokens, tags, chunks),
    ...medicalProfessionals(tokens, tags),
    ...organizations(tokens, tags),
  ];
}

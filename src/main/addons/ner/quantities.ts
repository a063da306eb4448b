import type { NumberRun } from './spoken-numbers';
import { endsClause, endsSentence, type Token } from './tokens';
import { PRIORITY, type Detection, type EntityType } from './types';

// Numbers with a unit after them: money, percentages, ages, durations, doses, clock times, heights and
// weights, street addresses. Spoken ("five hundred dollars") or written ("$500").

type Runs = Map<number, NumberRun>;

const words = (list: string): Set<string> => new Set(list.split(' '));
const CURRENCIES = words(
  'dollar dollars buck bucks cent cents euro euros pence penny pennies quid yen yuan renminbi rupee rupees peso ' +
    'pesos franc francs won ruble rubles rouble roubles dirham dirhams reais real krona kronor krone kroner rand ' +
    'shekel shekels lira liras baht dinar dinars riyal riyals zloty zlotys forint usd eur gbp cad aud chf jpy',
);
const CURRENCY_QUALIFIERS = words(
  'us u s american canadian australian hong kong singapore new zealand swiss',
);
const MONEY_CONTEXT =
  /\b(cost|costs|pay|paid|price|spent|spend|owe|owed|earn|earned|salary|worth|charge|charged|fee|budget|sell|sold|buy|bought|refund|bill|rent|sterling)\b/;
const PERCENT = words('percent per-cent %');
const FINANCE =
  /\b(revenue|revenues|margin|margins|sales|earnings|profit|profits|growth|stock|shares|eps|ebitda|income|costs|dividend|yield|returns?|interest|inflation)\b/;
const TIME_UNITS = words(
  'second seconds minute minutes hour hours day days week weeks fortnight fortnights month months year years ' +
    'decade decades century centuries',
);
const DURATION_LEAD =
  /^(for|in|within|about|around|over|took|take|takes|lasted|last|lasts|only|just|after|every|than|nearly|almost)$/;
const AGE_UNITS = words('year years yr yrs month months week weeks day days');
const DOSE_UNITS = words(
  'mg milligram milligrams milligramme milligrammes mcg microgram micrograms g gram grams ml milliliter ' +
    'milliliters millilitre millilitres cc iu tablet tablets pill pills capsule capsules puff puffs drop drops ' +
    'teaspoon teaspoons tablespoon tablespoons',
);
const DOSE_FREQUENCY = /^(a|per|every|each|twice|once|daily|nightly|times|three|two|four)$/;
const LENGTH_UNITS = words(
  'cm centimeter centimeters centimetre centimetres meter meters metre metres feet foot ft inch inches',
);
const WEIGHT_UNITS = words('kilo kilos kg kgs kilogram kilograms pound pounds lb lbs stone');
const CLOCK_SUFFIX = words("am pm a.m. p.m. o'clock oclock");
const TIMEZONES = words(
  'est edt pst pdt cst cdt mst mdt gmt utc cet cest bst ist eastern pacific central mountain',
);
const TIME_LEAD = words('at by around until till before after from between');
const STREET_SUFFIXES = words(
  'street st avenue ave road rd boulevard blvd lane ln drive dr court ct way place pl terrace square highway hwy ' +
    'parkway pkwy circle crescent close row trail alley plaza walk strasse straße',
);
const STREET_LEAD = words('on at along down up off onto near via');
const UNIT_WORDS = /^(apartment|apt|suite|unit|flat|floor|#)$/;
const NOT_STREET_NAME = words('the a an and or of in on at to my your his her our their this that is was');

const lower = (tokens: Token[], i: number): string => tokens[i]?.lower ?? '';
const at = (type: EntityType, first: number, last: number, priority: number): Detection => ({
  type,
  first,
  last,
  priority,
});

function money(tokens: Token[], runs: Runs, i: number, run: NumberRun | undefined): Detection | null {
  const t = tokens[i]!;
  if (/^[$€£¥₹]\d[\d,]*(\.\d+)?([kmb]|bn)?$/i.test(t.core)) {
    const scaled = /^(thousand|million|billion|trillion)$/.test(lower(tokens, i + 1)) && !endsClause(t);
    return at('MONEY', i, scaled ? i + 1 : i, PRIORITY.grammar);
  }
  if (!run || endsClause(tokens[run.last])) return null;
  let u = run.last + 1;
  while (CURRENCY_QUALIFIERS.has(lower(tokens, u)) && u - run.last <= 2) u++;
  const unit = lower(tokens, u);
  if (!CURRENCIES.has(unit) && !/^(pound|pounds)$/.test(unit)) return null;
  if (/^(pound|pounds)$/.test(unit)) {
    const around = tokens
      .slice(Math.max(0, i - 6), u + 3)
      .map((x) => x.lower)
      .join(' ');
    if (!MONEY_CONTEXT.test(around)) return null;
  }
  let last = u;
  // "twenty dollars and fifty cents", "five euros fifty"
  const cents = lower(tokens, last + 1) === 'and' ? runs.get(last + 2) : undefined;
  if (cents && /^(cents|cent|pence|p)$/.test(lower(tokens, cents.last + 1))) last = cents.last + 1;
  return at('MONEY', i, last, PRIORITY.grammar);
}

function percent(tokens: Token[], run: NumberRun | undefined, i: number, text: string): Detection | null {
  const t = tokens[i]!;
  let last = -1;
  if (/^\d+(\.\d+)?%$/.test(t.core)) last = i;
  else if (run && !endsClause(tokens[run.last])) {
    const unit = lower(tokens, run.last + 1);
    if (PERCENT.has(unit)) last = run.last + 1;
    else if (unit === 'per' && lower(tokens, run.last + 2) === 'cent') last = run.last + 2;
  }
  if (last < 0) return null;
  return at(FINANCE.test(text) ? 'FINANCIAL_METRIC' : 'STATISTICS', i, last, PRIORITY.quantity);
}

function age(tokens: Token[], runs: Runs, i: number, run: NumberRun | undefined): Detection | null {
  const w = lower(tokens, i);
  if (/^\d+-(year|month|week)s?-old$/.test(w)) return at('AGE', i, i, PRIORITY.grammar + 1);
  if (run && run.value !== null && run.value > 0 && run.value <= 125 && !endsClause(tokens[run.last])) {
    const unit = lower(tokens, run.last + 1);
    if (AGE_UNITS.has(unit) && lower(tokens, run.last + 2) === 'old')
      return at('AGE', i, run.last + 2, PRIORITY.grammar + 1);
    if (/^(years?|yrs?)-old$/.test(unit)) return at('AGE', i, run.last + 1, PRIORITY.grammar + 1);
    if (
      /^years?$/.test(unit) &&
      lower(tokens, run.last + 2) === 'of' &&
      lower(tokens, run.last + 3) === 'age'
    ) {
      return at('AGE', i, run.last + 3, PRIORITY.grammar + 1);
    }
  }
  // "aged thirty", "age of 42", "turned sixty"
  if (/^(aged|age|turned|turning|turns)$/.test(w) && !endsClause(tokens[i])) {
    const next = lower(tokens, i + 1) === 'of' || lower(tokens, i + 1) === 'is' ? i + 2 : i + 1;
    const value = runs.get(next);
    if (value && value.value !== null && value.value > 0 && value.value <= 125 && !value.ordinal) {
      return at('AGE', next, value.last, PRIORITY.grammar + 1);
    }
  }
  // "I'm twenty five", "she is 42 now": a bare number after a copula about a person, ending the clause.
  if (/^(i'm|im|he's|she's|you're|we're|they're|is|am|are)$/.test(w) && !endsClause(tokens[i])) {
    const value = runs.get(i + 1);
    const subject = w.includes("'") || w === 'im' || /^(i|he|she|you|we|they)$/.test(lower(tokens, i - 1));
    const next = lower(tokens, (value?.last ?? 0) + 1);
    const closes =
      !!value &&
      (endsClause(tokens[value.last]) ||
        value.last === tokens.length - 1 ||
        /^(and|now|today|but|so|this|next|years)$/.test(next));
    if (
      subject &&
      value &&
      closes &&
      value.value !== null &&
      value.value >= 2 &&
      value.value <= 110 &&
      !value.ordinal &&
      value.groups.length === 1
    ) {
      return at('AGE', i + 1, value.last, PRIORITY.grammar + 1);
    }
  }
  // "in his forties", "in her early thirties"
  if (w === 'in' && /^(his|her|their|my|your|our)$/.test(lower(tokens, i + 1))) {
    const edge = /^(early|mid|late)$/.test(lower(tokens, i + 2)) ? 1 : 0;
    if (
      /^(teens|twenties|thirties|forties|fifties|sixties|seventies|eighties|nineties)$/.test(
        lower(tokens, i + 2 + edge),
      )
    ) {
      return at('AGE', i + 2, i + 2 + edge, PRIORITY.grammar + 1);
    }
  }
  return null;
}

function duration(tokens: Token[], run: NumberRun | undefined): Detection | null {
  if (!run || run.value === null || run.ordinal || endsClause(tokens[run.last])) return null;
  // "two and a half hours"
  const half =
    lower(tokens, run.last + 1) === 'and' &&
    lower(tokens, run.last + 2) === 'a' &&
    lower(tokens, run.last + 3) === 'half';
  const at0 = half ? run.last + 3 : run.last;
  const unit = lower(tokens, at0 + 1);
  if (!TIME_UNITS.has(unit) || lower(tokens, at0 + 2) === 'old' || lower(tokens, run.first - 1) === 'per')
    return null;
  // "one day" is as often "some day" as a length of time: it needs a word that asks for a duration.
  if (run.value === 1 && !DURATION_LEAD.test(lower(tokens, run.first - 1))) return null;
  let last = at0 + 1;
  if (
    lower(tokens, last + 1) === 'and' &&
    lower(tokens, last + 2) === 'a' &&
    lower(tokens, last + 3) === 'half'
  )
    last += 3;
  return at('DURATION', run.first, last, PRIORITY.quantity);
}

function dose(tokens: Token[], run: NumberRun | undefined, i: number): Detection | null {
  const t = tokens[i]!;
  let last = -1;
  if (/^\d+(\.\d+)?(mg|mcg|ml|g|iu)(\/day)?$/i.test(t.core)) last = i;
  else if (
    run &&
    !endsClause(tokens[run.last]) &&
    DOSE_UNITS.has(lower(tokens, run.last + 1).replace(/\/(day|d)$/, ''))
  ) {
    last = run.last + 1;
  }
  if (last < 0) return null;
  // "a day", "twice a day", "per day", "every four hours", "daily"
  let k = last + 1;
  while (
    k < tokens.length &&
    k - last <= 3 &&
    !endsClause(tokens[k - 1]) &&
    DOSE_FREQUENCY.test(lower(tokens, k))
  )
    k++;
  if (k > last + 1 && /^(day|daily|week|night|morning|evening|hours?|nightly)$/.test(lower(tokens, k)))
    last = k;
  else if (lower(tokens, last + 1) === 'daily') last += 1;
  return at('DOSE', i, last, PRIORITY.grammar);
}

function clockTime(tokens: Token[], run: NumberRun | undefined, i: number): Detection | null {
  const t = tokens[i]!;
  let last = -1;
  if (/^\d{1,2}:\d{2}(:\d{2})?$/.test(t.core) || /^\d{1,2}(:\d{2})?([ap]\.?m\.?)$/i.test(t.core)) last = i;
  else if (run && run.groups.length <= 3 && Number(run.groups[0]) >= 0 && Number(run.groups[0]) <= 24) {
    const next = lower(tokens, run.last + 1);
    const spelledSuffix = /^[ap]$/.test(next) && lower(tokens, run.last + 2) === 'm';
    if (!endsClause(tokens[run.last]) && (CLOCK_SUFFIX.has(next) || spelledSuffix))
      last = run.last + (spelledSuffix ? 2 : 1);
    else if (TIME_LEAD.has(lower(tokens, i - 1)) && run.groups.length >= 2 && Number(run.groups[0]) <= 12) {
      const minutes = Number(run.groups.slice(1).join(''));
      if (minutes < 60 && run.groups.slice(1).join('').length === 2) last = run.last;
    }
  }
  // "half past three", "quarter to five"
  if (last < 0 && /^(half|quarter)$/.test(t.lower) && /^(past|to)$/.test(lower(tokens, i + 1))) {
    const hour = tokens[i + 2] ? lower(tokens, i + 2) : '';
    if (/^(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d{1,2})$/.test(hour)) last = i + 2;
  }
  if (last < 0) return null;
  if (TIMEZONES.has(lower(tokens, last + 1)) && !endsClause(tokens[last])) last++;
  return at('TIME', i, last, PRIORITY.grammar);
}

function physical(tokens: Token[], runs: Runs, i: number, run: NumberRun | undefined): Detection | null {
  if (run && !endsClause(tokens[run.last])) {
    const unit = lower(tokens, run.last + 1);
    if (LENGTH_UNITS.has(unit)) {
      // "six foot two", "five feet ten inches tall"
      let last = run.last + 1;
      const more = runs.get(last + 1);
      if (more && /^(foot|feet)$/.test(unit))
        last = /^inch(es)?$/.test(lower(tokens, more.last + 1)) ? more.last + 1 : more.last;
      if (lower(tokens, last + 1) === 'tall') return at('PHYSICAL_ATTRIBUTE', i, last + 1, PRIORITY.grammar);
    }
  }
  if (/^(weigh|weighs|weighed|weighing)$/.test(lower(tokens, i))) {
    const value = runs.get(i + 1) ?? (lower(tokens, i + 1) === 'about' ? runs.get(i + 2) : undefined);
    if (value && WEIGHT_UNITS.has(lower(tokens, value.last + 1)))
      return at('PHYSICAL_ATTRIBUTE', i, value.last + 1, PRIORITY.grammar);
  }
  return null;
}

/** "one four five windsor street apartment two", "221B Baker Street", "p o box one two three". */
function streetAddress(tokens: Token[], runs: Runs, i: number, run: NumberRun | undefined): Detection | null {
  const number = run ?? (/^\d+[a-z]?$/i.test(tokens[i]!.core) ? { last: i } : undefined);
  if (!number || endsClause(tokens[number.last])) return null;
  let k = number.last + 1;
  while (k < tokens.length && k - number.last <= 4 && !STREET_SUFFIXES.has(lower(tokens, k))) {
    if (NOT_STREET_NAME.has(lower(tokens, k)) || endsClause(tokens[k]) || runs.has(k)) return null;
    k++;
  }
  if (k >= tokens.length || k === number.last + 1 || !STREET_SUFFIXES.has(lower(tokens, k))) return null;
  let last = k;
  if (!endsClause(tokens[last]) && UNIT_WORDS.test(lower(tokens, last + 1))) {
    const unit = runs.get(last + 2);
    if (unit) last = unit.last;
    else if (/^[\da-z]{1,5}$/i.test(tokens[last + 2]?.core ?? '')) last += 2;
  }
  return {
    type: 'LOCATION_ADDRESS',
    first: i,
    last,
    priority: PRIORITY.grammar,
    parts: [{ type: 'LOCATION_ADDRESS_STREET', first: i, last }],
  };
}

/** A street named without a number after "on", "at", "off": "right on oak avenue". */
function namedStreet(tokens: Token[], runs: Runs, i: number): Detection | null {
  if (!STREET_LEAD.has(lower(tokens, i)) || endsClause(tokens[i])) return null;
  let k = i + 1;
  while (k < tokens.length && k - i <= 3 && !STREET_SUFFIXES.has(lower(tokens, k))) {
    if (
      NOT_STREET_NAME.has(lower(tokens, k)) ||
      endsClause(tokens[k]) ||
      runs.has(k) ||
      !/^\p{L}+$/u.test(tokens[k]!.core)
    )
      return null;
    k++;
  }
  if (k === i + 1 || !STREET_SUFFIXES.has(lower(tokens, k)) || /^(st|dr|pl|ct|ln)$/.test(lower(tokens, k)))
    return null;
  return at('LOCATION_ADDRESS_STREET', i + 1, k, PRIORITY.nlp);
}

function poBox(tokens: Token[], runs: Runs, i: number): Detection | null {
  const box =
    lower(tokens, i) === 'po' || lower(tokens, i) === 'p.o.'
      ? i + 1
      : lower(tokens, i) === 'p' && lower(tokens, i + 1) === 'o'
        ? i + 2
        : -1;
  if (box < 0 || lower(tokens, box) !== 'box') return null;
  const n = runs.get(box + 1);
  return n ? at('LOCATION_ADDRESS', i, n.last, PRIORITY.grammar) : null;
}

export function detectQuantities(tokens: Token[], runs: Runs, text: string): Detection[] {
  const found: Detection[] = [];
  const sentenceOf = (i: number): string => {
    let a = i;
    while (a > 0 && !endsSentence(tokens[a - 1])) a--;
    let b = i;
    while (b < tokens.length - 1 && !endsSentence(tokens[b])) b++;
    return tokens
      .slice(a, b + 1)
      .map((t) => t.lower)
      .join(' ');
  };
  for (let i = 0; i < tokens.length; i++) {
    const run = runs.get(i);
    const here = [
      money(tokens, runs, i, run),
      percent(tokens, run, i, sentenceOf(i) || text),
      age(tokens, runs, i, run),
      duration(tokens, run),
      dose(tokens, run, i),
      clockTime(tokens, run, i),
      physical(tokens, runs, i, run),
      streetAddress(tokens, runs, i, run),
      poBox(tokens, runs, i),
      namedStreet(tokens, runs, i),
    ];
    for (const d of here) if (d) found.push(d);
  }
  return found;
}

import { endsClause, type Token } from './tokens';

// Speech recognisers write numbers as words ("four one five", "nineteen eighty two"). These tables and the
// run parser below read them back as digits, keeping the tokens they came from.

// prettier-ignore
export const UNITS: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9,
};
// prettier-ignore
export const TEENS: Record<string, number> = {
  ten: 10, eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17,
  eighteen: 18, nineteen: 19,
};
// prettier-ignore
export const TENS: Record<string, number> = {
  twenty: 20, thirty: 30, forty: 40, fourty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90,
};
const SCALES: Record<string, number> = { hundred: 100, thousand: 1000, million: 1e6, billion: 1e9 };
// prettier-ignore
export const ORDINALS: Record<string, number> = {
  first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10,
  eleventh: 11, twelfth: 12, thirteenth: 13, fourteenth: 14, fifteenth: 15, sixteenth: 16, seventeenth: 17,
  eighteenth: 18, nineteenth: 19, twentieth: 20, thirtieth: 30,
};
const REPEAT: Record<string, number> = { double: 2, triple: 3 };

/** A maximal run of number tokens, read both as a digit string and, when it is one number, as a value. */
export interface NumberRun {
  first: number;
  last: number;
  /** The digits as spoken one group after another: "four fifteen" → "415", "one point five" → "1.5". */
  digits: string;
  /** The groups' digit strings: "nineteen eighty two" → ["19", "82"]. */
  groups: string[];
  /** The value when the run is a single number ("two thousand and five" → 2005), else null. */
  value: number | null;
  /** The run ends in an ordinal ("twenty first"): its value is the ordinal's. */
  ordinal: boolean;
  /** Spoken as a quantity (one group with a scale word or tens), not as a string of digits. */
  quantity: boolean;
}

type Kind = 'unit' | 'teen' | 'tens' | 'scale' | 'ordinal' | 'digits' | 'ordinal-digits' | 'zero';

function kindOf(token: Token): Kind | null {
  const w = token.lower;
  if (w === 'zero' || w === 'oh' || w === 'o') return 'zero';
  if (w in UNITS) return 'unit';
  if (w in TEENS) return 'teen';
  if (w in TENS) return 'tens';
  if (w in SCALES) return 'scale';
  if (w in ORDINALS) return 'ordinal';
  if (/^\d+$/.test(w)) return 'digits';
  if (/^\d+(st|nd|rd|th)$/.test(w)) return 'ordinal-digits';
  return null;
}

interface Group {
  total: number;
  block: number;
  digits: string | null;
  decimals: string | null;
  /** What may follow inside the same group. */
  open: 'none' | 'after-tens' | 'after-scale';
  spoken: boolean;
  scaled: boolean;
}

const groupDigits = (g: Group): string =>
  (g.digits ?? String(g.total + g.block)) + (g.decimals === null ? '' : `.${g.decimals}`);

/** Parses the number run starting at `from`, or returns null when the token there does not start one. */
export function readNumberRun(tokens: Token[], from: number): NumberRun | null {
  const groups: Group[] = [];
  let current: Group | null = null;
  let ordinal = false;
  let i = from;
  const close = (): void => {
    if (current) groups.push(current);
    current = null;
  };
  const start = (g: Partial<Group>): void => {
    close();
    current = {
      total: 0,
      block: 0,
      digits: null,
      decimals: null,
      open: 'none',
      spoken: true,
      scaled: false,
      ...g,
    };
  };
  for (; i < tokens.length; i++) {
    const token = tokens[i]!;
    const w = token.lower;
    const kind = kindOf(token);
    const next = tokens[i + 1];
    const g = current as Group | null;
    if (kind === null) {
      // "a hundred", "double five", "one point five", "two thousand and five"
      if ((w === 'a' || w === 'an') && next && kindOf(next) === 'scale' && !g && i === from) {
        start({ block: 1 });
        continue;
      }
      if (w in REPEAT && next && (kindOf(next) === 'unit' || kindOf(next) === 'zero') && !endsClause(token)) {
        const digit = next.lower in UNITS ? String(UNITS[next.lower]) : '0';
        start({ digits: digit.repeat(REPEAT[w]!) });
        i++;
        if (endsClause(next)) {
          i++;
          break;
        }
        continue;
      }
      if (
        w === 'point' &&
        g &&
        g.decimals === null &&
        next &&
        /^(unit|zero|digits)$/.test(kindOf(next) ?? '')
      ) {
        g.decimals = '';
        g.open = 'none';
        continue;
      }
      if (
        w === 'point' &&
        g &&
        g.decimals !== null &&
        next &&
        /^(unit|zero|digits)$/.test(kindOf(next) ?? '')
      ) {
        // A second "point" reads like an address ("one nine two point one six eight"): keep it as a dot.
        g.decimals += '.';
        continue;
      }
      if (
        w === 'and' &&
        g &&
        g.open === 'after-scale' &&
        next &&
        /^(unit|teen|tens)$/.test(kindOf(next) ?? '')
      ) {
        continue;
      }
      break;
    }
    // "o" and "oh" are only zeros next to other digits.
    if (kind === 'zero' && w !== 'zero' && !g && !(next && kindOf(next) && kindOf(next) !== 'scale')) break;
    if (g && g.decimals !== null && (kind === 'unit' || kind === 'zero' || kind === 'digits')) {
      g.decimals += kind === 'digits' ? w : kind === 'zero' ? '0' : String(UNITS[w]);
    } else if (kind === 'digits') {
      start({ digits: token.core, spoken: false });
    } else if (kind === 'zero') {
      start({ digits: '0' });
    } else if (kind === 'unit') {
      if (g && (g.open === 'after-tens' || g.open === 'after-scale')) {
        g.block += UNITS[w]!;
        g.open = 'none';
      } else start({ block: UNITS[w]! });
    } else if (kind === 'teen') {
      if (g && g.open === 'after-scale') {
        g.block += TEENS[w]!;
        g.open = 'none';
      } else start({ block: TEENS[w]! });
    } else if (kind === 'tens') {
      if (g && g.open === 'after-scale') {
        g.block += TENS[w]!;
        g.open = 'after-tens';
      } else start({ block: TENS[w]!, open: 'after-tens' });
    } else if (kind === 'scale') {
      const scale = SCALES[w]!;
      if (!g) start({ block: 1 });
      const cur = current as unknown as Group;
      if (cur.digits !== null) break;
      if (scale === 100) cur.block = (cur.block || 1) * 100;
      else {
        cur.total += (cur.block || 1) * scale;
        cur.block = 0;
      }
      cur.open = 'after-scale';
      cur.scaled = true;
    } else {
      // An ordinal closes the run: "twenty first", "the 4th".
      const value = kind === 'ordinal' ? ORDINALS[w]! : parseInt(w, 10);
      if (g && (g.open === 'after-tens' || g.open === 'after-scale') && kind === 'ordinal' && value < 10) {
        g.block += value;
      } else start({ block: value, spoken: kind === 'ordinal' });
      ordinal = true;
      i++;
      break;
    }
    if (endsClause(token)) {
      i++;
      break;
    }
  }
  close();
  if (groups.length === 0) return null;
  const strings = groups.map(groupDigits);
  const only = groups.length === 1 ? groups[0]! : null;
  const value = only ? Number(strings[0]) : null;
  return {
    first: from,
    last: i - 1,
    digits: strings.join(''),
    groups: strings,
    value: value === null || Number.isNaN(value) ? null : value,
    ordinal,
    quantity:
      !!only && only.spoken && (only.scaled || only.total + only.block >= 20 || only.decimals !== null),
  };
}

/** Every number run of the tokens, in order, none overlapping. */
export function numberRuns(tokens: Token[]): NumberRun[] {
  const runs: NumberRun[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const run = readNumberRun(tokens, i);
    if (run && run.last >= run.first) {
      runs.push(run);
      i = run.last;
    }
  }
  return runs;
}

/** A run read as a year: "nineteen eighty two", "twenty twenty", "two thousand and five", "1961". */
export function yearOf(run: NumberRun): number | null {
  const { groups, value } = run;
  if (run.ordinal) return null;
  if (groups.length === 1 && /^\d{4}$/.test(groups[0]!) && value !== null && value >= 1000 && value <= 2199) {
    return value;
  }
  if (groups.length === 2 && /^(1[0-9]|20|21)$/.test(groups[0]!) && /^\d{2}$/.test(groups[1]!)) {
    return Number(groups.join(''));
  }
  // "twenty oh five", "nineteen oh nine"
  if (
    groups.length === 3 &&
    /^(1[0-9]|20)$/.test(groups[0]!) &&
    groups[1] === '0' &&
    /^\d$/.test(groups[2]!)
  ) {
    return Number(groups.join(''));
  }
  return null;
}

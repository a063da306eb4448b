import { yearOf, type NumberRun } from './spoken-numbers';
import { endsClause, endsSentence, type Token } from './tokens';
import { PRIORITY, type Detection, type EntityPart, type EntityType } from './types';

// Calendar dates, date intervals and dates of birth, spoken ("the fourth of july nineteen eighty two",
// "march seventh") or written ("March 7, 1961", "02/03/97"). Indexical words (yesterday, next week) and
// weekdays alone are not dates (spec §2.7 types follow the PII vocabulary, which leaves those out).

// prettier-ignore
export const MONTHS: Record<string, number> = {
  january: 1, february: 2, march: 3, april: 4, may: 5, june: 6, july: 7, august: 8, september: 9, october: 10,
  november: 11, december: 12, jan: 1, feb: 2, apr: 4, aug: 8, sept: 9, sep: 9, oct: 10, nov: 11, dec: 12,
};
/** Months that are also common words: alone, dates only after a preposition of time. */
const AMBIGUOUS_MONTHS = new Set(['march', 'may']);
const ABBREVIATED_MONTHS = new Set(['jan', 'feb', 'apr', 'aug', 'sept', 'sep', 'oct', 'nov', 'dec']);
export const WEEKDAYS = new Set([
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
]);
const DECADES = new Set([
  'twenties',
  'thirties',
  'forties',
  'fifties',
  'sixties',
  'seventies',
  'eighties',
  'nineties',
]);
const SEASONS = new Set(['spring', 'summer', 'autumn', 'fall', 'winter']);
const TIME_PREPOSITIONS = new Set(
  'in of since until till by during last next this early mid late through from before after around circa between'.split(
    ' ',
  ),
);
const BIRTH = /\b(born|birthday|birth date|date of birth|dob|d o b|birthdate)\b/;
const EXPIRY = /\b(expires?|expiry|expiration|exp|valid (through|thru|until)|expiring)\b/;

type Runs = Map<number, NumberRun>;

interface Span {
  first: number;
  last: number;
  parts: EntityPart[];
}

const lower = (tokens: Token[], i: number): string => tokens[i]?.lower ?? '';
const monthAt = (tokens: Token[], i: number): number | null =>
  MONTHS[lower(tokens, i).replace(/\.$/, '')] ?? null;

/** A day of the month at token i ("the 4th", "twenty first", "7"): its last token. */
function dayAt(tokens: Token[], runs: Runs, i: number): { first: number; last: number } | null {
  const start = lower(tokens, i) === 'the' ? i + 1 : i;
  const run = runs.get(start);
  if (!run || run.value === null || run.value < 1 || run.value > 31 || !Number.isInteger(run.value))
    return null;
  if (run.groups.length !== 1) return null;
  return { first: start, last: run.last };
}

/** A year at token i, possibly after "of" or a comma. */
function yearAt(tokens: Token[], runs: Runs, i: number): { first: number; last: number } | null {
  const start = lower(tokens, i) === 'of' ? i + 1 : i;
  const run = runs.get(start);
  return run && yearOf(run) !== null ? { first: start, last: run.last } : null;
}

/** A run that reads as day then year ("seven nineteen sixty one"). */
function dayThenYear(run: NumberRun): boolean {
  const [day, ...rest] = run.groups;
  const d = Number(day);
  if (rest.length < 2 || !(d >= 1 && d <= 31)) return false;
  return (
    yearOf({ ...run, groups: rest, value: rest.length === 1 ? Number(rest[0]) : null, ordinal: false }) !==
    null
  );
}

function part(type: EntityType, first: number, last: number): EntityPart {
  return { type, first, last };
}

/** Month-first or day-first calendar dates from token i (after an optional weekday). */
function calendarDate(tokens: Token[], runs: Runs, i: number): Span | null {
  const parts: EntityPart[] = [];
  let at = i;
  if (WEEKDAYS.has(lower(tokens, at))) {
    parts.push(part('DAY', at, at));
    at += 1;
  }
  const month = monthAt(tokens, at);
  if (month !== null) {
    const monthIndex = at;
    const run = runs.get(at + 1) ?? (lower(tokens, at + 1) === 'the' ? runs.get(at + 2) : undefined);
    if (run && dayThenYear(run) && !endsClause(tokens[monthIndex])) {
      return {
        first: i,
        last: run.last,
        parts: [
          ...parts,
          part('MONTH', monthIndex, monthIndex),
          part('DAY', run.first, run.first),
          part('YEAR', run.first + 1, run.last),
        ],
      };
    }
    const day = endsClause(tokens[monthIndex]) ? null : dayAt(tokens, runs, at + 1);
    if (day && !yearOf(runs.get(day.first)!)) {
      const year = endsSentence(tokens[day.last]) ? null : yearAt(tokens, runs, day.last + 1);
      // "you may one day": a modal or verb before a cardinal is no date.
      const bare = !runs.get(day.first)!.ordinal && !/^\d/.test(tokens[day.first]!.core) && !year;
      if (
        bare &&
        AMBIGUOUS_MONTHS.has(lower(tokens, monthIndex)) &&
        !TIME_PREPOSITIONS.has(lower(tokens, i - 1))
      )
        return null;
      parts.push(part('MONTH', monthIndex, monthIndex), part('DAY', day.first, day.last));
      if (year) parts.push(part('YEAR', year.first, year.last));
      return { first: i, last: year?.last ?? day.last, parts };
    }
    return null;
  }
  const day = dayAt(tokens, runs, at);
  if (!day) return null;
  const runDay = runs.get(day.first)!;
  if (!runDay.ordinal && lower(tokens, day.last + 1) !== 'of' && parts.length === 0) {
    // "7 march" is a date; "seven march" is as likely a count, so a cardinal day needs "of" or an ordinal.
    if (!/^\d+$/.test(tokens[day.first]!.core)) return null;
  }
  const monthIndex = lower(tokens, day.last + 1) === 'of' ? day.last + 2 : day.last + 1;
  if (monthAt(tokens, monthIndex) === null || endsSentence(tokens[day.last])) return null;
  const weekday = parts.length > 0;
  parts.push(part('DAY', day.first, day.last), part('MONTH', monthIndex, monthIndex));
  const year = endsSentence(tokens[monthIndex]) ? null : yearAt(tokens, runs, monthIndex + 1);
  if (year) parts.push(part('YEAR', year.first, year.last));
  return { first: weekday ? i : day.first, last: year?.last ?? monthIndex, parts };
}

/** Intervals: "january nineteen eighty four", "the second week of march", "summer of 2019", "the eighties". */
function interval(tokens: Token[], runs: Runs, i: number): (Span & { weak: boolean }) | null {
  const w = lower(tokens, i);
  const month = monthAt(tokens, i);
  if (month !== null) {
    const year = endsClause(tokens[i]) ? null : yearAt(tokens, runs, i + 1);
    if (year)
      return {
        first: i,
        last: year.last,
        parts: [part('MONTH', i, i), part('YEAR', year.first, year.last)],
        weak: false,
      };
    const before = lower(tokens, i - 1);
    if ((AMBIGUOUS_MONTHS.has(w) || ABBREVIATED_MONTHS.has(w)) && !TIME_PREPOSITIONS.has(before)) return null;
    if (ABBREVIATED_MONTHS.has(w) && !/^[A-Z]/.test(tokens[i]!.core)) return null;
    return { first: i, last: i, parts: [part('MONTH', i, i)], weak: true };
  }
  // "(the) second week of march", "early june", "the end of may"
  const weekOf =
    /^(first|second|third|fourth|last|final)$/.test(w) &&
    /^(week|weekend)$/.test(lower(tokens, i + 1)) &&
    lower(tokens, i + 2) === 'of';
  const edge = /^(early|mid|late)$/.test(w)
    ? 1
    : /^(end|beginning|start|middle)$/.test(w) && lower(tokens, i + 1) === 'of'
      ? 2
      : 0;
  const monthIndex = weekOf ? i + 3 : edge ? i + edge : -1;
  if (monthIndex > 0 && monthAt(tokens, monthIndex) !== null) {
    const year = endsClause(tokens[monthIndex]) ? null : yearAt(tokens, runs, monthIndex + 1);
    const parts = [
      part('MONTH', monthIndex, monthIndex),
      ...(year ? [part('YEAR', year.first, year.last)] : []),
    ];
    return { first: i, last: year?.last ?? monthIndex, parts, weak: false };
  }
  if (SEASONS.has(w)) {
    const year = yearAt(tokens, runs, i + 1);
    if (year) return { first: i, last: year.last, parts: [part('YEAR', year.first, year.last)], weak: false };
  }
  // "the nineteen eighties", "the eighties", "the 1980s"
  if (w === 'the') {
    const run = runs.get(i + 1);
    const decadeAt = run && /^(19|20)$/.test(run.digits) ? run.last + 1 : i + 1;
    if (DECADES.has(lower(tokens, decadeAt)) || /^(1[0-9]|20)?\d0'?s$/.test(lower(tokens, i + 1))) {
      const last = DECADES.has(lower(tokens, decadeAt)) ? decadeAt : i + 1;
      return { first: i + 1, last, parts: [part('YEAR', i + 1, last)], weak: false };
    }
  }
  // A year after a preposition of time: "in nineteen eighty four", "since 2019", "2020-2021".
  if (/^(1[89]|20)\d\d[-–](1[89]|20)?\d\d$/.test(w))
    return { first: i, last: i, parts: [part('YEAR', i, i)], weak: false };
  const run = runs.get(i);
  if (run && yearOf(run) !== null && TIME_PREPOSITIONS.has(lower(tokens, i - 1))) {
    const to = /^(to|through|until|and)$/.test(lower(tokens, run.last + 1))
      ? runs.get(run.last + 2)
      : undefined;
    const last = to && yearOf(to) !== null ? to.last : run.last;
    return { first: i, last, parts: [part('YEAR', i, last)], weak: true };
  }
  return null;
}

const WRITTEN_DATE = /^(\d{1,2}[/.-]\d{1,2}[/.-](\d{2}|\d{4})|\d{4}-\d{2}-\d{2})$/;

function contextType(tokens: Token[], first: number, base: EntityType): EntityType {
  const before = tokens
    .slice(Math.max(0, first - 8), first)
    .map((t) => t.lower)
    .join(' ');
  if (BIRTH.test(before)) return 'DOB';
  if (EXPIRY.test(before)) return 'CREDIT_CARD_EXPIRATION';
  return base;
}

export function detectDates(tokens: Token[], runs: Runs): Detection[] {
  const found: Detection[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (WRITTEN_DATE.test(tokens[i]!.core)) {
      found.push({ type: contextType(tokens, i, 'DATE'), first: i, last: i, priority: PRIORITY.grammar });
      continue;
    }
    const date = calendarDate(tokens, runs, i);
    if (date) {
      found.push({ type: contextType(tokens, i, 'DATE'), ...date, priority: PRIORITY.grammar });
      i = date.last;
      continue;
    }
    const span = interval(tokens, runs, i);
    if (span) {
      const type = contextType(tokens, span.first, 'DATE_INTERVAL');
      const { weak, ...rest } = span;
      found.push({
        type,
        ...rest,
        priority: weak && type === 'DATE_INTERVAL' ? PRIORITY.weakDate : PRIORITY.grammar,
      });
      i = span.last;
    }
  }
  return found;
}

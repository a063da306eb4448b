import { numberRuns, type NumberRun } from './spoken-numbers';
import { endsClause, type Token } from './tokens';

// A "chunk" is what a written transcript would show as one string: spoken digits become "4155550132",
// "john dot smith at gmail dot com" becomes "john.smith@gmail.com", spelled letters "g b two nine" become
// "gb29". Pattern recognisers run on chunks and report the tokens a chunk came from.

type PieceKind = 'number' | 'symbol' | 'letter' | 'word';

interface Piece {
  kind: PieceKind;
  text: string;
  first: number;
  last: number;
  run?: NumberRun;
}

export interface Chunk {
  text: string;
  first: number;
  last: number;
  /** Spoken numbers inside the chunk, in order. */
  runs: NumberRun[];
  /** Made of more than one piece (spelled, or joined by spoken symbols). */
  joined: boolean;
  /** Only a number run spoken as one quantity ("two million"), not a digit string. */
  quantity: boolean;
}

const SYMBOLS: Record<string, string> = {
  dot: '.',
  at: '@',
  dash: '-',
  hyphen: '-',
  underscore: '_',
  slash: '/',
  colon: ':',
  plus: '+',
  minus: '-',
};

/** Signs that lead a number and join only what follows. */
const SIGNS = new Set(['plus', 'minus']);

/** Words after which "at" is the preposition, never an e-mail's "@". */
const AT_STOP = new Set(
  (
    'me him her us them it you i we they he she is am are was were be been the a an and or but so to from of in on ' +
    'by for with this that there here just right away back home work school up down out look looking looked stare ' +
    'staring arrive arrived arriving best least most all once stay stayed staying meet met live lives lived'
  ).split(' '),
);

function piecesOf(tokens: Token[]): Piece[] {
  const runs = new Map(numberRuns(tokens).map((r) => [r.first, r]));
  const pieces: Piece[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const run = runs.get(i);
    if (run) {
      pieces.push({ kind: 'number', text: run.digits, first: run.first, last: run.last, run });
      i = run.last;
      continue;
    }
    const t = tokens[i]!;
    if (t.lower in SYMBOLS) pieces.push({ kind: 'symbol', text: SYMBOLS[t.lower]!, first: i, last: i });
    else if (/^\p{L}$/u.test(t.core)) pieces.push({ kind: 'letter', text: t.core, first: i, last: i });
    else pieces.push({ kind: 'word', text: t.core, first: i, last: i });
  }
  return pieces;
}

const spellable = (p: Piece | undefined): boolean => !!p && (p.kind === 'letter' || p.kind === 'number');
const joinable = (p: Piece | undefined): boolean => !!p && p.kind !== 'symbol';
const isAI = (p: Piece): boolean => p.kind === 'letter' && /^[ai]$/i.test(p.text);

/** Whether a spoken symbol stands for its sign here rather than for the word. */
function symbolHolds(pieces: Piece[], i: number, tokens: Token[]): boolean {
  const p = pieces[i]!;
  const prev = pieces[i - 1];
  const next = pieces[i + 1];
  if (!prev || !next || !joinable(next) || endsClause(tokens[prev.last]) || endsClause(tokens[p.last]))
    return false;
  const word = tokens[p.first]!.lower;
  if (word === 'plus' || word === 'minus') return next.kind === 'number';
  if (word === 'colon') return next.kind === 'symbol' || /^(https?|ftp|mailto)$/i.test(prev.text);
  if (word === 'slash') return true;
  if (word !== 'at') return joinable(prev);
  if (!joinable(prev) || AT_STOP.has(prev.text.toLowerCase())) return false;
  // "at" is "@" only before a domain: "at gmail dot com", "at example.com".
  return (
    /\.[a-z]{2,}$/i.test(next.text) ||
    pieces.slice(i + 2, i + 8).some((q) => q.kind === 'symbol' && tokens[q.first]!.lower === 'dot')
  );
}

/** Groups the tokens into chunks. Every token belongs to exactly one chunk. */
export function chunksOf(tokens: Token[]): Chunk[] {
  const pieces = piecesOf(tokens);
  const holds = pieces.map((p, i) => p.kind === 'symbol' && symbolHolds(pieces, i, tokens));
  const chunks: Chunk[] = [];
  let current: Piece[] = [];
  const flush = (): void => {
    if (current.length === 0) return;
    const runs = current.flatMap((p) => (p.run ? [p.run] : []));
    chunks.push({
      text: current.map((p) => p.text).join(''),
      first: current[0]!.first,
      last: current[current.length - 1]!.last,
      runs,
      joined: current.length > 1,
      quantity: current.length === 1 && !!current[0]!.run?.quantity,
    });
    current = [];
  };
  pieces.forEach((p, i) => {
    const prev = pieces[i - 1];
    let join = false;
    if (prev && !endsClause(tokens[prev.last])) {
      // "+" leads a phone number and "-" a coordinate: they join what follows, never what precedes.
      if ((holds[i] && !SIGNS.has(tokens[p.first]!.lower)) || holds[i - 1]) join = true;
      else if (spellable(prev) && spellable(p)) {
        // Spelled letters join each other and the digits beside them; a lone "a" or "i" is a word.
        const bothNumbers = prev.kind === 'number' && p.kind === 'number';
        const letterJoined = current.some((q) => q.kind === 'letter' && current.length > 1);
        join =
          !bothNumbers &&
          (!(isAI(prev) || isAI(p)) || letterJoined || (prev.kind === 'letter' && p.kind === 'letter'));
      }
    }
    if (!join) flush();
    const symbolAsWord = p.kind === 'symbol' && !holds[i];
    current.push(symbolAsWord ? { ...p, kind: 'word', text: tokens[p.first]!.core } : p);
  });
  flush();
  return chunks;
}

/** The digits of a chunk, or null when it holds letters or signs other than digit separators. */
export function digitsOf(chunk: Chunk): string | null {
  if (!/^\+?[\d().\-/ ]*\d[\d().\-/ ]*$/.test(chunk.text)) return null;
  return chunk.text.replace(/\D/g, '');
}

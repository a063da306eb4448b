import type { CaptionRules } from './options';
import type { PreparedWords } from './prepared';

const BALANCE_WEIGHT = 4;
const TOP_HEAVY_WEIGHT = 0.3;
/** A sentence ending inside a row, with the next one starting on the same row. */
const MID_ROW_SENTENCE_COST = 1.5;

/**
 * Row layouts of the words from `first` on, grown one word at a time so the caption splitter can ask, for
 * every candidate caption, how well it breaks into rows.
 *
 * The fewest rows come from greedy wrapping (fill each row as far as it goes; a word longer than a row gets
 * a row of its own). With that many rows, the breaks are placed by minimum cost: at good places (see
 * break-rules), a new sentence starting on a new row, rows of similar length and, with `bottomHeavyRows`,
 * the lower row the longer one.
 */
export class RowLayout {
  /** One past the last word laid out. */
  private end: number;
  /** cost[k][m - first]: best cost of words[first..m) in k rows, balance counted as the sum of squares. */
  private readonly cost: number[][];
  /** from[k][m - first]: where the k-th row of that best layout starts. */
  private readonly from: number[][];
  private greedyRows = 0;
  private greedyLast = 0;

  constructor(
    private readonly prepared: PreparedWords,
    private readonly first: number,
    private readonly rules: CaptionRules,
  ) {
    this.end = first;
    this.cost = Array.from({ length: rules.maxRows + 1 }, (_, k) => [k === 0 ? 0 : Infinity]);
    this.from = Array.from({ length: rules.maxRows + 1 }, () => [-1]);
  }

  /** Rows the words so far need. */
  get rows(): number {
    return this.greedyRows;
  }

  /** Adds the next word. */
  extend(): void {
    const { first, cost, from } = this;
    const { charsBefore, sentencesBefore, breakAfter, words } = this.prepared;
    if (this.end >= words.length) throw new RangeError('no word left to add');
    const m = ++this.end;
    const { maxCharsPerRow: max, maxRows, bottomHeavyRows } = this.rules;
    const length = charsBefore[m]! - charsBefore[m - 1]! - 1;
    if (this.greedyRows > 0 && this.greedyLast + 1 + length <= max) this.greedyLast += 1 + length;
    else {
      this.greedyRows += 1;
      this.greedyLast = length;
    }

    for (let k = 1; k <= maxRows; k++) {
      const previous = cost[k - 1]!;
      let best = Infinity;
      let bestFrom = -1;
      // A last row from s to m, growing leftwards: once it is too long, starting it earlier cannot help.
      for (let s = m - 1; s >= first + k - 1; s--) {
        const here = charsBefore[m]! - charsBefore[s]! - 1;
        if (here > max && s < m - 1) break;
        const before = previous[s - first]!;
        if (before === Infinity) continue;
        let c =
          before +
          BALANCE_WEIGHT * (here / max) ** 2 +
          MID_ROW_SENTENCE_COST * (sentencesBefore[m - 1]! - sentencesBefore[s]!);
        if (s > first) {
          c += breakAfter[s - 1]!;
          if (bottomHeavyRows) {
            const above = charsBefore[s]! - charsBefore[from[k - 1]![s - first]!]! - 1;
            if (above > here) c += (TOP_HEAVY_WEIGHT * (above - here)) / max;
          }
        }
        if (c < best) {
          best = c;
          bestFrom = s;
        }
      }
      cost[k]!.push(best);
      from[k]!.push(bestFrom);
    }
  }

  /**
   * How well the words so far break into their fewest rows: the breaks' cost plus the rows' squared
   * deviation from their mean length (relative to the row width); 0 for one row without a sentence inside.
   */
  layoutCost(): number {
    const rows = this.greedyRows;
    if (rows <= 1) {
      const { sentencesBefore } = this.prepared;
      return MID_ROW_SENTENCE_COST * (sentencesBefore[this.end - 1]! - sentencesBefore[this.first]!);
    }
    const mean =
      (this.prepared.charsBefore[this.end]! - this.prepared.charsBefore[this.first]! - 1 - (rows - 1)) / rows;
    const sumOfSquares = this.cost[rows]![this.end - this.first]!;
    return sumOfSquares - BALANCE_WEIGHT * rows * (mean / this.rules.maxCharsPerRow) ** 2;
  }

  /** The rows of the best layout of the words so far. */
  lines(): string[] {
    const text = (s: number, m: number): string =>
      this.prepared.words
        .slice(s, m)
        .map((w) => w.text)
        .join(' ');
    if (this.end === this.first) return [];
    if (this.greedyRows <= 1) return [text(this.first, this.end)];
    if (this.greedyRows > this.rules.maxRows) throw new RangeError('the words need more rows than allowed');
    const lines: string[] = [];
    let end = this.end;
    for (let k = this.greedyRows; k >= 1; k--) {
      const start = this.from[k]![end - this.first]!;
      lines.unshift(text(start, end));
      end = start;
    }
    return lines;
  }
}

/** The rows of the caption made of words[first..end), which must fit in `rules.maxRows` rows. */
export function breakRows(
  prepared: PreparedWords,
  first: number,
  end: number,
  rules: CaptionRules,
): string[] {
  const layout = new RowLayout(prepared, first, rules);
  for (let i = first; i < end; i++) layout.extend();
  return layout.lines();
}

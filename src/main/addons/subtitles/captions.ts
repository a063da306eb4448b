import type { Utterance } from '../../../shared/transcript';
import { languageWords } from './break-rules';
import type { CaptionRules } from './options';
import { prepareWords, type PreparedWords } from './prepared';
import { breakRows, RowLayout } from './rows';
import { settleTimings, type TimedCaption } from './timing';
import { utteranceWords } from './words';

/** A caption block: when it shows (seconds) and its text rows. */
export interface Caption {
  start: number;
  end: number;
  lines: string[];
  channel?: number;
  speaker?: number;
}

// Costs the caption split minimises: each caption costs CAPTION, the break that ends it twice its break-rules
// cost (a bad break between captions hurts more than one between rows), plus the cost of its row layout.
// So a split moves to a better place, or one more caption is spent, only when that buys clearly better breaks.
const CAPTION_COST = 1.5;
const CAPTION_BREAK_WEIGHT = 2;
const SHORT_CAPTION_COST = 0.5;
/** A silence this long inside an utterance always ends the caption: text should not show long before it is said. */
const FORCED_BREAK_PAUSE_MS = 1500;

/**
 * Splits one utterance's words into captions that respect the row, character and duration limits (a
 * single word over the limits makes a caption of its own), choosing the split points by minimum cost.
 * Returns each caption's [first, end) word range.
 */
export function splitIntoCaptions(prepared: PreparedWords, rules: CaptionRules): Array<[number, number]> {
  const { words } = prepared;
  const n = words.length;
  const best = new Array<number>(n + 1).fill(Infinity);
  const from = new Array<number>(n + 1).fill(-1);
  best[0] = 0;
  for (let i = 0; i < n; i++) {
    if (best[i] === Infinity) continue;
    const layout = new RowLayout(prepared, i, rules);
    let start = Infinity;
    let end = 0;
    for (let j = i; j < n; j++) {
      const word = words[j]!;
      if (j > i && word.start - words[j - 1]!.end >= FORCED_BREAK_PAUSE_MS) break;
      start = Math.min(start, word.start);
      end = Math.max(end, word.end);
      if (j > i && end - start > rules.maxDurationMs) break;
      layout.extend();
      if (j > i && layout.rows > rules.maxRows) break;
      const cost =
        best[i]! +
        CAPTION_COST +
        CAPTION_BREAK_WEIGHT * prepared.breakAfter[j]! +
        layout.layoutCost() +
        (end - start < rules.minDurationMs ? SHORT_CAPTION_COST : 0);
      if (cost < best[j + 1]!) {
        best[j + 1] = cost;
        from[j + 1] = i;
      }
    }
  }
  const ranges: Array<[number, number]> = [];
  for (let end = n; end > 0; end = from[end]!) ranges.unshift([from[end]!, end]);
  return ranges;
}

/**
 * Caption blocks for a whole transcript: built per utterance (so never across a speaker or channel change),
 * ordered by start time across channels, then timed (minimum duration, gaps, no added overlap).
 */
export function buildCaptions(utterances: Utterance[], rules: CaptionRules): Caption[] {
  if (!Array.isArray(utterances)) throw new TypeError('utterances must be an array');
  const blocks: TimedCaption[] = [];
  for (const utterance of utterances) {
    if (!utterance || typeof utterance !== 'object') continue;
    const prepared = prepareWords(utteranceWords(utterance), languageWords(utterance.language));
    const channel = Number.isInteger(utterance.channel) ? utterance.channel : 0;
    for (const [first, end] of splitIntoCaptions(prepared, rules)) {
      const words = prepared.words.slice(first, end);
      blocks.push({
        start: Math.min(...words.map((w) => w.start)),
        end: Math.max(...words.map((w) => w.end)),
        lines: breakRows(prepared, first, end, rules),
        channel,
        speaker: utterance.speaker,
        order: blocks.length,
      });
    }
  }
  blocks.sort((a, b) => a.start - b.start || a.channel - b.channel || a.order - b.order);
  return settleTimings(blocks, rules).map((block) => ({
    start: block.start / 1000,
    end: block.end / 1000,
    lines: block.lines,
    channel: block.channel,
    ...(block.speaker === undefined ? {} : { speaker: block.speaker }),
  }));
}

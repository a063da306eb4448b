import type { Transcription, Utterance, Word } from '../../../shared/transcript';
import { joinWords } from '../custom-spelling/word-edit';

// display_mode (spec §2.6; the SDK documents it as "the output will be reordered, creating new utterances when
// speakers overlapped"): the transcript as lines for display, in the order they were spoken. Where utterances
// of different speakers (or channels) overlap in time, the one that was interrupted is cut where the other
// starts; utterances that do not overlap stay one line each. Lines are labelled with the
// speaker (numbered as in the utterances) when diarized, and with the channel when there are several.

export interface DisplayLine {
  text: string;
  start: number;
  end: number;
  channel: number;
  speaker?: number;
}

export interface DisplayOptions {
  /** Prefix each line with "Speaker N: " / "Channel N: " (default: when diarized or multi-channel). */
  labels?: boolean;
}

interface Voice {
  channel: number;
  speaker?: number;
}

const sameVoice = (a: Voice, b: Voice): boolean => a.channel === b.channel && a.speaker === b.speaker;

/** Groups of utterances whose time ranges overlap, transitively, in time order. */
function overlappingGroups(utterances: Utterance[]): Utterance[][] {
  const sorted = [...utterances]
    .filter((u) => u.words.length > 0)
    .sort((a, b) => a.start - b.start || a.channel - b.channel);
  const groups: Utterance[][] = [];
  let groupEnd = -Infinity;
  for (const u of sorted) {
    if (groups.length > 0 && u.start < groupEnd) {
      groups[groups.length - 1]!.push(u);
      groupEnd = Math.max(groupEnd, u.end);
    } else {
      groups.push([u]);
      groupEnd = u.end;
    }
  }
  return groups;
}

function line(voice: Voice, words: Word[]): DisplayLine {
  return {
    text: joinWords(words),
    start: words[0]!.start,
    end: words[words.length - 1]!.end,
    channel: voice.channel,
    ...(voice.speaker !== undefined && { speaker: voice.speaker }),
  };
}

/**
 * Cuts each utterance of an overlapping group where an utterance of another voice starts inside it, and orders
 * the pieces by their start: a reply or an interjection shows up where it was said, between the two halves of
 * the sentence it interrupted.
 */
function interleave(group: Utterance[]): DisplayLine[] {
  const pieces: DisplayLine[] = [];
  for (const u of group) {
    const cuts = group
      .filter((o) => o !== u && !sameVoice(o, u) && o.start > u.start && o.start < u.end)
      .map((o) => o.start)
      .sort((a, b) => a - b);
    let words: Word[] = [];
    let next = 0;
    for (const word of u.words) {
      while (next < cuts.length && word.start >= cuts[next]!) {
        if (words.length > 0) pieces.push(line(u, words));
        words = [];
        next += 1;
      }
      words.push(word);
    }
    if (words.length > 0) pieces.push(line(u, words));
  }
  return pieces.sort((a, b) => a.start - b.start || a.channel - b.channel);
}

/** The display lines with their times and voices. */
export function displayLines(t: Transcription): DisplayLine[] {
  return overlappingGroups(t.utterances).flatMap(interleave);
}

function labelOf(l: DisplayLine, multiChannel: boolean): string {
  if (l.speaker === undefined) return `Channel ${l.channel}: `;
  return `${multiChannel ? `Channel ${l.channel}, ` : ''}Speaker ${l.speaker}: `;
}

/** The add-on's `results` (spec §2.6: an array of strings), one per display line. */
export function displayMode(t: Transcription, options: DisplayOptions = {}): string[] {
  const lines = displayLines(t);
  const multiChannel = new Set(lines.map((l) => l.channel)).size > 1;
  const labelled = options.labels ?? (multiChannel || lines.some((l) => l.speaker !== undefined));
  return lines.filter((l) => l.text !== '').map((l) => (labelled ? labelOf(l, multiChannel) : '') + l.text);
}

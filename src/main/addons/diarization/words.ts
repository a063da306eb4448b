import type { Utterance, Word } from '../../../shared/transcript';

// From speaker turns to the transcript: each word goes to the speaker it overlaps most, utterances are split
// where the speaker changes, and the words keep their times.

export interface ChannelTurn {
  start: number;
  end: number;
  /** Speaker number, unique across channels. */
  speaker: number;
}

const overlap = (a0: number, a1: number, b0: number, b1: number): number =>
  Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));
const gap = (t: number, turn: ChannelTurn): number => Math.max(0, turn.start - t, t - turn.end);

interface Choice {
  speaker: number;
  /** Share of the word's time the chosen speaker covers (0 when it was only the nearest). */
  cover: number;
}

function speakerOfWord(word: Word, turns: ChannelTurn[], fallback: number): Choice {
  const time = new Map<number, number>();
  for (const turn of turns) {
    const o = overlap(word.start, word.end, turn.start, turn.end);
    if (o > 0) time.set(turn.speaker, (time.get(turn.speaker) ?? 0) + o);
  }
  if (time.size > 0) {
    const [speaker, seconds] = [...time].reduce((best, entry) => (entry[1] > best[1] ? entry : best));
    return { speaker, cover: seconds / Math.max(1e-3, word.end - word.start) };
  }
  // Between turns (recogniser timing is loose at word edges): the nearest turn.
  const mid = (word.start + word.end) / 2;
  let best: ChannelTurn | undefined;
  for (const turn of turns) if (!best || gap(mid, turn) < gap(mid, best)) best = turn;
  return { speaker: best?.speaker ?? fallback, cover: 0 };
}

/** Speakers of a channel's words in time order; a lone word weakly held by another speaker follows its neighbours. */
export function wordSpeakers(words: Word[], turns: ChannelTurn[], fallback: number): number[] {
  const choices = words.map((w) => speakerOfWord(w, turns, fallback));
  return choices.map((choice, i) => {
    const before = choices[i - 1];
    const after = choices[i + 1];
    if (
      before &&
      after &&
      before.speaker === after.speaker &&
      choice.speaker !== before.speaker &&
      choice.cover < 0.5
    ) {
      return before.speaker;
    }
    return choice.speaker;
  });
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

/** Rebuilds an utterance from a run of its words, keeping its spacing convention. */
function piece(source: Utterance, words: Word[], speaker: number, spaced: boolean): Utterance {
  const kept = spaced ? words.map((w, i) => (i === 0 ? { ...w, word: w.word.trimStart() } : w)) : words;
  return {
    ...source,
    start: kept[0]!.start,
    end: kept[kept.length - 1]!.end,
    confidence: round(kept.reduce((s, w) => s + w.confidence, 0) / kept.length),
    speaker,
    words: kept,
    text: spaced ? kept.map((w) => w.word).join('') : kept.map((w) => w.word).join(' '),
  };
}

/**
 * Splits utterances at speaker changes. `speakerOf` maps each word (by identity) to its speaker; utterances
 * without words keep their text and take `emptySpeaker(utterance)`.
 */
export function splitBySpeaker(
  utterances: Utterance[],
  speakerOf: Map<Word, number>,
  emptySpeaker: (u: Utterance) => number,
): Utterance[] {
  const out: Utterance[] = [];
  for (const u of utterances) {
    if (u.words.length === 0) {
      out.push({ ...u, speaker: emptySpeaker(u) });
      continue;
    }
    // Words after the first carry their leading space (Gladia's convention) in spaced utterances.
    const spaced = u.words.length > 1 && u.words.slice(1).every((w) => /^\s/.test(w.word));
    let run: Word[] = [];
    let current = speakerOf.get(u.words[0]!)!;
    for (const word of u.words) {
      const speaker = speakerOf.get(word)!;
      if (speaker !== current && run.length > 0) {
        out.push(piece(u, run, current, spaced));
        run = [];
      }
      current = speaker;
      run.push(word);
    }
    // One speaker throughout: the utterance as it was, text untouched.
    if (run.length === u.words.length) out.push({ ...u, speaker: current });
    else out.push(piece(u, run, current, spaced));
  }
  return out;
}

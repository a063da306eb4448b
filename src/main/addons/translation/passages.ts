import type { Utterance } from '../../../shared/transcript';
import { sentencesOf, spreadWords } from './words';

/** Consecutive utterances of one speaker translated as one text (when `match_original_utterances` is off). */
export interface Passage {
  utterances: Utterance[];
  text: string;
  /** False for utterances already in the target language: they are kept as they are. */
  translate: boolean;
}

// A pause this long starts a new passage: sentences are timed over a passage's span, which must not hold silences.
const MAX_GAP_S = 1.5;
const MAX_PASSAGE_CHARS = 1000;

const sameVoice = (a: Utterance, b: Utterance): boolean => a.channel === b.channel && a.speaker === b.speaker;

export function passagesOf(utterances: Utterance[], translate: (u: Utterance) => boolean): Passage[] {
  const passages: Passage[] = [];
  for (const u of utterances) {
    const text = u.text.replace(/\s+/g, ' ').trim();
    const last = passages[passages.length - 1];
    const previous = last?.utterances[last.utterances.length - 1];
    const joins =
      last !== undefined &&
      previous !== undefined &&
      last.translate &&
      translate(u) &&
      sameVoice(previous, u) &&
      u.start - previous.end <= MAX_GAP_S &&
      last.text.length + text.length < MAX_PASSAGE_CHARS;
    if (joins) {
      last.utterances.push(u);
      last.text = `${last.text} ${text}`;
    } else {
      passages.push({ utterances: [u], text, translate: translate(u) });
    }
  }
  return passages;
}

/**
 * Utterances re-cut from translated passages: one per translated sentence, timed over the passage's span in
 * proportion to length, with the passage's channel and speaker.
 */
export function utterancesFromPassages(
  passages: Passage[],
  translated: Map<number, string>,
  target: string,
): Utterance[] {
  return passages.flatMap((passage, id) => {
    const text = translated.get(id);
    if (!passage.translate || text === undefined) return passage.utterances.map((u) => ({ ...u }));
    const first = passage.utterances[0]!;
    const last = passage.utterances[passage.utterances.length - 1]!;
    const confidence =
      passage.utterances.reduce((sum, u) => sum + u.confidence, 0) / Math.max(1, passage.utterances.length);
    const sentences = sentencesOf(text, target);
    const total = sentences.reduce((sum, s) => sum + s.length, 0);
    const span = last.end - first.start;
    let at = first.start;
    return sentences.map((sentence, i): Utterance => {
      const start = at;
      const end = i === sentences.length - 1 ? last.end : at + (span * sentence.length) / Math.max(1, total);
      at = end;
      const words = spreadWords(sentence, target, start, end, confidence);
      return {
        start: Math.round(start * 1000) / 1000,
        end: Math.round(end * 1000) / 1000,
        confidence: Math.round(confidence * 1000) / 1000,
        channel: first.channel,
        ...(first.speaker === undefined ? {} : { speaker: first.speaker }),
        words,
        text: words.map((w) => w.word).join(''),
        language: target,
      };
    });
  });
}

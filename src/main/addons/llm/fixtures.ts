// Test helpers: transcripts for the LLM add-ons' tests, from the reference turns of ../shared/audio/dialog_dev.wav.
import { readFileSync } from 'node:fs';
import type { Transcription, Utterance } from '../../../shared/transcript';
import { audio } from '../../../../test/helpers/paths';
import { utteranceOf } from '../subtitles/fixtures';

interface Turn {
  start: number;
  end: number;
  speaker: number;
  text: string;
}

/** An utterance whose words are spread evenly over [start, end]. */
export function timedUtterance(text: string, start: number, end: number, speaker?: number): Utterance {
  const tokens = text.split(/\s+/).filter(Boolean);
  const step = (end - start) / Math.max(1, tokens.length);
  const words = tokens.map((w, i): [string, number, number] => [w, start + i * step, start + (i + 1) * step]);
  const u = utteranceOf(words, speaker === undefined ? {} : { speaker });
  // The engines' words: the first without its leading space, the text their concatenation.
  u.words = u.words.map((w, i) => ({ ...w, word: i === 0 ? w.word.trim() : w.word }));
  u.text = u.words.map((w) => w.word).join('');
  return u;
}

export function transcriptionOf(utterances: Utterance[]): Transcription {
  return {
    full_transcript: utterances.map((u) => u.text).join(' '),
    languages: ['en'],
    utterances,
  };
}

/** The six speaker turns of dialog_dev.wav (reference text, times and speakers). */
export function dialogTranscript(): Transcription {
  const turns = (JSON.parse(readFileSync(audio('dialog_dev.json'), 'utf8')) as { segments: Turn[] }).segments;
  return transcriptionOf(turns.map((turn) => timedUtterance(turn.text, turn.start, turn.end, turn.speaker)));
}

/** A meeting of `count` numbered agenda items, one utterance each, long enough to need several chunks. */
export function agendaTranscript(count: number): Transcription {
  return transcriptionOf(
    Array.from({ length: count }, (_, i) =>
      timedUtterance(
        `Item ${i + 1} of the agenda is the budget for the team, and we agree on it today.`,
        i * 5,
        i * 5 + 4,
        i % 2,
      ),
    ),
  );
}

import { expect } from 'vitest';
import type { Transcription } from '../../shared/transcript';

/**
 * Test helper for the add-ons that rewrite words: words, utterance texts and full_transcript tell the same story,
 * words keep Gladia's leading space (all but an utterance's first), and times stay ordered.
 */
export function expectConsistent(t: Transcription): void {
  for (const u of t.utterances) {
    expect(u.text).toBe(
      u.words
        .map((w) => w.word)
        .join('')
        .trim(),
    );
    expect(u.start).toBe(u.words[0]!.start);
    expect(u.end).toBe(u.words[u.words.length - 1]!.end);
    u.words.forEach((w, i) => {
      expect(w.end).toBeGreaterThanOrEqual(w.start);
      if (i > 0) {
        expect(w.word.startsWith(' ')).toBe(true);
        expect(w.start).toBeGreaterThanOrEqual(u.words[i - 1]!.end);
      } else expect(w.word.startsWith(' ')).toBe(false);
    });
  }
  expect(t.full_transcript).toBe(t.utterances.map((u) => u.text).join(' '));
}

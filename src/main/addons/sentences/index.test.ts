import { describe, expect, it } from 'vitest';
import type { Transcription } from '../../../shared/transcript';
import {
  asTranscription,
  plainUtterance,
  SHARED_AUDIO_FILES,
  sharedAudioTranscript,
} from '../custom-vocabulary/fixtures';
import { punctuate } from '../punctuation';
import { runAddon } from '../run-addon';
import { buildSentences, sentenceTexts } from './index';

describe('sentences on real transcripts', () => {
  it('finds the same sentences in the dialog before and after punctuation_enhanced', async () => {
    const raw = sharedAudioTranscript('dialog_dev.wav');
    const punctuated = await punctuate(raw);
    const before = buildSentences(raw);
    const after = buildSentences(punctuated);
    console.log(sentenceTexts(punctuated));
    expect(after.map((s) => [s.start, s.end])).toEqual(before.map((s) => [s.start, s.end]));
    expect(sentenceTexts(punctuated)).toEqual([
      'Good morning, thanks for joining the planning claw.',
      'Happy to be here.',
      'Should we start with a budget?',
      'Yes, the budget is the first title on the agenda.',
      'Then I will share the numbers from last quarter.',
      'Before that ganzon one confirmed the day lying for the launch.',
      'The launches plan for the second week of March.',
    ]);
    expect(sentenceTexts(raw)[1]).toBe('Happy to be here');
  });

  it('gives every recording sentences that cover its words exactly once, in order', async () => {
    for (const file of SHARED_AUDIO_FILES) {
      const t = await punctuate(sharedAudioTranscript(file));
      const sentences = buildSentences(t);
      expect(
        sentences.flatMap((s) => s.words),
        file,
      ).toEqual(t.utterances.flatMap((u) => u.words));
      for (const s of sentences) {
        expect(s.start).toBe(s.words[0]!.start);
        expect(s.end).toBe(s.words[s.words.length - 1]!.end);
        expect(s.text).toBe(
          s.words
            .map((w) => w.word)
            .join('')
            .trim(),
        );
        expect(s.confidence).toBeGreaterThan(0);
        expect(s.language).toBe('en');
      }
    }
  });
});

describe('buildSentences', () => {
  const one = (text: string, language = 'en') =>
    asTranscription([plainUtterance(text, 0, { language })], [language]);

  it('splits punctuated text without cutting at abbreviations, decimals or initials', () => {
    const t = one(
      'Mr. Smith went to Washington. He met Dr. Jones at 3.5 p.m. on Monday! Did he? Yes! U.S. law.',
    );
    expect(sentenceTexts(t)).toEqual([
      'Mr. Smith went to Washington.',
      'He met Dr. Jones at 3.5 p.m. on Monday!',
      'Did he?',
      'Yes!',
      'U.S. law.',
    ]);
  });

  it('keeps each utterance’s channel and speaker and never joins two utterances', () => {
    const t = asTranscription([
      plainUtterance('Hello there. How are', 0, { speaker: 0 }),
      plainUtterance('you today?', 2, { speaker: 1, channel: 1 }),
    ]);
    const sentences = buildSentences(t);
    expect(sentences.map((s) => [s.text, s.speaker, s.channel])).toEqual([
      ['Hello there.', 0, 0],
      ['How are', 0, 0],
      ['you today?', 1, 1],
    ]);
    expect(buildSentences(one('no speaker here'))[0]).not.toHaveProperty('speaker');
  });

  it('times a sentence by its words and averages their confidence', () => {
    const t = one('One two. Three');
    t.utterances[0]!.words[1]!.confidence = 0.5;
    const [first, second] = buildSentences(t);
    expect([first!.start, first!.end, first!.confidence]).toEqual([0, 0.6, 0.7]);
    expect([second!.start, second!.end]).toEqual([0.6, 0.9]);
  });

  it('splits Chinese at its full stops', () => {
    const t = one('你 好 。 我 很 好 。', 'zh');
    expect(buildSentences(t).map((s) => s.words.length)).toEqual([3, 4]);
  });

  it('splits unicode text in other languages', () => {
    expect(sentenceTexts(one('¿Qué tal? Muy bien, gracias.', 'es'))).toEqual([
      '¿Qué tal?',
      'Muy bien, gracias.',
    ]);
  });

  it('returns nothing for an empty transcript or utterances without words', () => {
    const empty: Transcription = { full_transcript: '', languages: ['en'], utterances: [] };
    expect(buildSentences(empty)).toEqual([]);
    const hollow = { ...plainUtterance('x'), words: [], text: '' };
    expect(buildSentences({ ...empty, utterances: [hollow] })).toEqual([]);
  });

  it('runs inside the add-on wrapper with the spec’s result shape (texts)', async () => {
    const block = await runAddon('sentences', () => sentenceTexts(sharedAudioTranscript('jfk.wav')));
    expect(block.success).toBe(true);
    expect(block.is_empty).toBe(false);
    expect(block.results!.every((s) => typeof s === 'string')).toBe(true);
    const none = await runAddon('sentences', () =>
      sentenceTexts({ full_transcript: '', languages: [], utterances: [] }),
    );
    expect(none.is_empty).toBe(true);
  });
});

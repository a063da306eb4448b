import { describe, expect, it } from 'vitest';
import type { CustomVocabularyConfig } from '../../../shared/schemas/common';
import type { Transcription } from '../../../shared/transcript';
import { runAddon } from '../run-addon';
import {
  asTranscription,
  espeakTranscripts,
  plainUtterance,
  SHARED_AUDIO_FILES,
  sharedAudioTranscript,
  UNRELATED_VOCABULARY,
  utteranceOf,
} from './fixtures';
import {
  correctUtterance,
  correctVocabulary,
  findCorrections,
  threshold,
  vocabularyEntries,
  vocabularyHotwords,
} from './index';

const vocabulary = (items: CustomVocabularyConfig['vocabulary'], default_intensity?: number) => ({
  vocabulary: items,
  ...(default_intensity !== undefined && { default_intensity }),
});

function allTranscripts(): { name: string; transcription: Transcription }[] {
  return [
    ...SHARED_AUDIO_FILES.map((name) => ({ name, transcription: sharedAudioTranscript(name) })),
    ...espeakTranscripts().map((r) => ({ name: r.id, transcription: r.transcription })),
  ];
}

describe('correctVocabulary on real transcripts', () => {
  it('changes nothing when the vocabulary does not occur', () => {
    const config = vocabulary(UNRELATED_VOCABULARY);
    for (const { name, transcription } of allTranscripts()) {
      expect(correctVocabulary(transcription, config), name).toBe(transcription);
    }
  });

  it('changes little even at the highest intensity', () => {
    const config = vocabulary(UNRELATED_VOCABULARY, 1);
    const all = allTranscripts();
    const words = all.reduce((n, r) => n + r.transcription.utterances.flatMap((u) => u.words).length, 0);
    const changes = all.flatMap((r) =>
      findCorrections(r.transcription, config).map((c) => `${r.name}: ${c.from} → ${c.to}`),
    );
    console.log(
      `intensity 1, ${UNRELATED_VOCABULARY.length} absent entries, ${words} words: ${changes.length} changes`,
      changes,
    );
    expect(changes.length / words).toBeLessThan(0.02);
  });

  it('fixes the recogniser’s near-misses in the shared recordings', () => {
    const config = vocabulary(['planning call', 'Americans', 'John Dashwood', ...UNRELATED_VOCABULARY]);
    const dialog = correctVocabulary(sharedAudioTranscript('dialog_dev.wav'), config);
    expect(dialog.full_transcript).toContain('thanks for joining the planning call Happy');
    expect(correctVocabulary(sharedAudioTranscript('jfk.wav'), config).full_transcript).toMatch(
      /^And so my fellow Americans Ask not/,
    );
    // Spelled right but in lower case: only the case changes.
    expect(correctVocabulary(sharedAudioTranscript('libri_0870.wav'), config).full_transcript).toMatch(
      /^And mr John Dashwood had then/,
    );
  });

  it('fixes misrecognised names in synthesised speech', () => {
    const byId = new Map(espeakTranscripts().map((r) => [r.id, r.transcription]));
    const fixed = (id: string, config: CustomVocabularyConfig) =>
      correctVocabulary(byId.get(id)!, config).full_transcript;
    expect(fixed('espeak-120wpm-6', vocabulary(['Marianne', 'Dashwood']))).toContain(
      'With and Marianne amount',
    );
    const names = vocabulary(
      [{ value: 'Siobhan Murphy', pronunciations: ['shivawn murphy'] }, 'Frankfurt', 'Kubernetes'],
      0.8,
    );
    expect(fixed('espeak-150wpm-1', names)).toContain('report to Siobhan Murphy before');
    expect(fixed('espeak-150wpm-2', names)).toContain('Frankfurt today');
    expect(fixed('espeak-120wpm-2', { ...names, default_intensity: 1 })).toMatch(/^Kubernetes cluster/);
    // Double Metaphone knows "Siobhan" sounds like "shivawn"; at the default intensity it is still too far.
    expect(fixed('espeak-150wpm-1', vocabulary(['Siobhan Murphy'], 0.8))).toContain('Siobhan Murphy');
    expect(fixed('espeak-150wpm-1', vocabulary(['Siobhan Murphy']))).toContain('shine murphy');
  });
});

describe('correctVocabulary', () => {
  const one = (text: string) => asTranscription([plainUtterance(text)]);
  const fix = (text: string, items: CustomVocabularyConfig['vocabulary'], intensity?: number) =>
    correctVocabulary(one(text), vocabulary(items, intensity)).full_transcript;

  it('joins and splits words, and fixes case, even at intensity 0', () => {
    expect(fix('we met dash wood there', ['Dashwood'], 0)).toBe('we met Dashwood there');
    expect(fix('the post gres database', ['Postgres'], 0)).toBe('the Postgres database');
    expect(fix('on youtube today', ['You Tube'], 0)).toBe('on You Tube today');
    expect(fix('we met dashwod there', ['Dashwood'], 0)).toBe('we met dashwod there');
    expect(fix('we met dashwod there', ['Dashwood'])).toBe('we met Dashwood there');
  });

  it('keeps punctuation and spacing around a correction, and times the new words', () => {
    const u = utteranceOf('"the@0-0.2 planning@0.2-0.6 claw,"@0.6-0.9 she@1-1.2 said.@1.2-1.5');
    const after = correctVocabulary(asTranscription([u]), vocabulary(['planning call']));
    expect(after.full_transcript).toBe('"the planning call," she said.');
    const words = after.utterances[0]!.words;
    expect(words.map((w) => w.word)).toEqual(['"the', ' planning', ' call,"', ' she', ' said.']);
    expect(words[2]).toMatchObject({ start: 0.6, end: 0.9 });
  });

  it('matches only close enough runs: short entries exactly, far ones not at all', () => {
    expect(fix('call the ape now', ['API'], 1)).toBe('call the ape now');
    expect(fix('call the a p i now', ['API'], 0)).toBe('call the API now');
    expect(fix('it was consideration', ['constitution'])).toBe('it was consideration');
    expect(fix('lying down', ['launch'], 1)).toBe('lying down');
  });

  it('does not swallow function words that are not part of the phrase', () => {
    expect(fix('and then we left', ['Anton'], 1)).toBe('and then we left');
    expect(fix('you and me', ['agenda'], 1)).toBe('you and me');
  });

  it('asks more of words the recogniser was sure of', () => {
    expect(threshold(0.5, 0.9)).toBeGreaterThan(threshold(0.5, 0.3));
    expect(threshold(1, 0.5)).toBeLessThan(threshold(0.5, 0.5));
    expect(threshold(0, 0.5)).toBe(Infinity);
    // "american" is close to "Americans" (0.856): enough when the recogniser doubted it, not when it was sure.
    const withConfidence = (confidence: number) =>
      asTranscription([
        utteranceOf('my@0-0.2 fellow@0.2-0.5 american@0.5-0.9 friends@0.9-1.3'),
      ]).utterances.map((u) => ({ ...u, words: u.words.map((w) => ({ ...w, confidence })) }));
    const config = vocabulary(['Americans']);
    const t = (confidence: number) => asTranscription(withConfidence(confidence));
    expect(findCorrections(t(0.3), config)).toHaveLength(1);
    expect(findCorrections(t(1), config)).toHaveLength(0);
  });

  it('applies an entry with a language only to utterances in that language', () => {
    const t = asTranscription([
      plainUtterance('bonjour dash wood', 0, { language: 'fr' }),
      plainUtterance('hello dash wood', 2, { language: 'en' }),
    ]);
    const after = correctVocabulary(t, vocabulary([{ value: 'Dashwood', language: 'en' }]));
    expect(after.utterances.map((u) => u.text)).toEqual(['bonjour dash wood', 'hello Dashwood']);
  });

  it('matches pronunciations like the value and writes the value', () => {
    const nguyen = [{ value: 'Nguyen', pronunciations: ['new win'] }];
    expect(fix('ask mister new win about it', nguyen, 0)).toBe('ask mister Nguyen about it');
    expect(fix('ask mister new winn about it', nguyen)).toBe('ask mister Nguyen about it');
    expect(fix('ask mister new winn about it', ['Nguyen'], 1)).toBe('ask mister new winn about it');
  });

  it('uses the entry intensity before the default one', () => {
    const items = [{ value: 'Frankfurt', intensity: 0.9 }];
    expect(fix('to frank fort today', items, 0)).toBe('to Frankfurt today');
    expect(fix('to frank fort today', ['Frankfurt'], 0)).toBe('to frank fort today');
  });

  it('chooses the best of overlapping matches', () => {
    expect(fix('john dash wood came', ['John Dashwood', 'Dashwood'])).toBe('John Dashwood came');
    expect(fix('new york city', ['New York', 'New York City'])).toBe('New York City');
  });

  it('handles unicode and accents', () => {
    expect(fix('zoe and renee', ['Zoë', 'Renée'], 0)).toBe('Zoë and Renée');
    const t = asTranscription([plainUtterance('我 在 北 京', 0, { language: 'zh' })], ['zh']);
    expect(
      correctVocabulary(t, vocabulary(['北京'], 0)).utterances[0]!.words.map((w) => w.word.trim()),
    ).toEqual(['我', '在', '北京']);
  });

  it('ignores blank entries and leaves empty transcripts alone', () => {
    const t = one('nothing here');
    expect(correctVocabulary(t, vocabulary(['', '  ', { value: '' }, '...']))).toBe(t);
    expect(vocabularyEntries(vocabulary(['', ' x '])).map((e) => e.value)).toEqual(['x']);
    const empty: Transcription = { full_transcript: '', languages: ['en'], utterances: [] };
    expect(correctVocabulary(empty, vocabulary(['Dashwood']))).toBe(empty);
  });

  it('gives the engine its hotwords, pronunciations included', () => {
    expect(
      vocabularyHotwords(
        vocabulary(['Dashwood', { value: 'Siobhan', pronunciations: ['shivawn'], intensity: 0.9 }], 0.3),
      ),
    ).toEqual([
      { phrase: 'Dashwood', boost: 0.3 },
      { phrase: 'Siobhan', boost: 0.9 },
      { phrase: 'shivawn', boost: 0.9 },
    ]);
  });

  it('corrects a single utterance (a live final)', () => {
    const u = plainUtterance('the planning claw');
    expect(correctUtterance(u, vocabulary(['planning call'])).text).toBe('the planning call');
    expect(correctUtterance(u, vocabulary(['Nvidia']))).toBe(u);
  });

  it('runs inside the add-on wrapper', async () => {
    const block = await runAddon('custom_vocabulary', () =>
      correctVocabulary(one('a planning claw'), vocabulary(['planning call'])),
    );
    expect(block.results!.full_transcript).toBe('a planning call');
  });
});

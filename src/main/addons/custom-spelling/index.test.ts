import { describe, expect, it } from 'vitest';
import type { Transcription } from '../../../shared/transcript';
import { runAddon } from '../run-addon';
import { expectConsistent } from '../test-consistency';
import {
  asTranscription,
  plainUtterance,
  SHARED_AUDIO_FILES,
  sharedAudioTranscript,
  utteranceOf,
} from '../custom-vocabulary/fixtures';
import { applyCustomSpelling, spellText, spellUtterance } from './index';

const spell = (t: Transcription, dictionary: Record<string, string[]>) =>
  applyCustomSpelling(t, { spelling_dictionary: dictionary });

describe('applyCustomSpelling on real transcripts', () => {
  it('replaces a misrecognised word everywhere in the dialog and keeps the rest', () => {
    const before = sharedAudioTranscript('dialog_dev.wav');
    const after = spell(before, { call: ['claw'], deadline: ['day lying'] });
    expect(after.full_transcript).toContain('planning call');
    expect(after.full_transcript).toContain('confirmed the deadline for');
    expect(after.full_transcript).not.toMatch(/claw|lying/);
    // "day lying" became one word spanning both: first start, last end.
    const old = before.utterances[4]!.words;
    const merged = after.utterances[4]!.words.find((w) => w.word.trim() === 'deadline')!;
    const day = old.findIndex((w) => w.word.trim() === 'day');
    expect(merged.start).toBe(old[day]!.start);
    expect(merged.end).toBe(old[day + 1]!.end);
    expect(after.utterances[4]!.words).toHaveLength(old.length - 1);
    expectConsistent(after);
    // Only the edited utterances changed; the input is untouched.
    expect(after.utterances[1]).toBe(before.utterances[1]);
    expect(before.full_transcript).toContain('planning claw');
  });

  it('leaves every shared recording unchanged when no variant occurs', () => {
    for (const file of SHARED_AUDIO_FILES) {
      const t = sharedAudioTranscript(file);
      expect(spell(t, { Kubernetes: ['cube nettis', 'kubernetis'], 'Dr.': ['doctor'] }), file).toBe(t);
    }
  });

  it('spells "mr" as the dictionary says without touching other words', () => {
    const t = sharedAudioTranscript('libri_0870.wav');
    const after = spell(t, { 'Mr.': ['mr'], Dashwood: ['dashwood'] });
    expect(after.full_transcript).toMatch(/^And Mr\. john Dashwood had then leisure/);
    expectConsistent(after);
  });
});

describe('applyCustomSpelling matching rules', () => {
  const one = (text: string) => asTranscription([plainUtterance(text)]);

  it('is case-insensitive and writes the key exactly', () => {
    expect(spell(one('we use SEQUEL and sequel server'), { SQL: ['sequel'] }).full_transcript).toBe(
      'we use SQL and SQL server',
    );
  });

  it('matches whole words only', () => {
    const t = one('the cat sat in the category catalogue');
    expect(spell(t, { dog: ['cat'] }).full_transcript).toBe('the dog sat in the category catalogue');
  });

  it('keeps punctuation around a replaced word and does not double a final period', () => {
    const t = one('"claw," he said. Acme inc.');
    const after = spell(t, { call: ['claw'], 'Acme Inc.': ['acme inc'] });
    expect(after.full_transcript).toBe('"call," he said. Acme Inc.');
  });

  it('matches variants written with punctuation, and consumes it', () => {
    const t = one('the A.I. team and the a.i team');
    expect(spell(t, { AI: ['a.i.'] }).full_transcript).toBe('the AI team and the AI team');
    expect(spell(one('hello world, again'), { 'Hello World': ['hello, world'] }).full_transcript).toBe(
      'Hello World, again',
    );
  });

  it('replaces multi-word variants, and a key of several words becomes several timed words', () => {
    const u = utteranceOf('fly@0-0.4 to@0.4-0.5 new@0.5-0.7 york@0.7-1.0 city@1.0-1.4 today@1.6-2.0');
    const after = spell(asTranscription([u]), { 'New York City': ['new york city', 'newyork'] });
    const words = after.utterances[0]!.words;
    expect(words.map((w) => w.word)).toEqual(['fly', ' to', ' New', ' York', ' City', ' today']);
    // The three new words share 0.5-1.4 in proportion to their length.
    expect(words[2]!.start).toBe(0.5);
    expect(words[4]!.end).toBe(1.4);
    expect(words[3]!.start).toBe(words[2]!.end);
    const merged = spell(asTranscription([plainUtterance('going to new york now')]), {
      NYC: ['new york'],
    });
    expect(merged.utterances[0]!.words.map((w) => w.word.trim())).toEqual(['going', 'to', 'NYC', 'now']);
    expectConsistent(merged);
  });

  it('prefers the longest variant where entries overlap, and never re-matches its own output', () => {
    const dictionary = { 'New York': ['new york'], 'New York Times': ['new york times'], times: ['Times'] };
    expect(spell(one('read the new york times in new york'), dictionary).full_transcript).toBe(
      'read the New York Times in New York',
    );
    // "a" → "a b" must not loop on its own result.
    expect(spell(one('a c a'), { 'a b': ['a'] }).full_transcript).toBe('a b c a b');
  });

  it('resolves a variant listed under two keys by dictionary order', () => {
    expect(spell(one('use colour'), { color: ['colour'], Colour: ['colour'] }).full_transcript).toBe(
      'use color',
    );
  });

  it('handles unicode: accents, ß, non-Latin scripts and CJK characters', () => {
    expect(spell(one('ZOE met zoe'), { Zoë: ['zoe'] }).full_transcript).toBe('Zoë met Zoë');
    expect(spell(one('die STRASSE hier'), { Straße: ['strasse'] }).full_transcript).toBe('die Straße hier');
    expect(spell(one('привет мир'), { Мир: ['мир'] }).full_transcript).toBe('привет Мир');
    const chinese = asTranscription([plainUtterance('我 在 北 京', 0, { language: 'zh' })], ['zh']);
    const spelled = spell(chinese, { 北京市: ['北京'] });
    expect(spelled.utterances[0]!.words.map((w) => w.word.trim())).toEqual(['我', '在', '北京市']);
  });

  it('ignores empty variants, empty keys and an empty dictionary', () => {
    const t = one('nothing to do here');
    expect(spell(t, {})).toBe(t);
    expect(spell(t, { '': ['nothing'], x: ['', '  ', '...'] })).toBe(t);
  });

  it('handles an empty transcript and utterances without words', () => {
    const empty: Transcription = { full_transcript: '', languages: ['en'], utterances: [] };
    expect(spell(empty, { a: ['b'] })).toBe(empty);
    const hollow = { ...plainUtterance('x'), words: [], text: '' };
    expect(spellUtterance(hollow, { spelling_dictionary: { a: ['b'] } })).toBe(hollow);
  });

  it('works on words without leading spaces (live finals)', () => {
    const u = plainUtterance('the planning claw starts');
    const spelled = spellUtterance(u, { spelling_dictionary: { 'planning call': ['planning claw'] } });
    expect(spelled.text).toBe('the planning call starts');
    expect(spelled.words.map((w) => w.word)).toEqual(['the', 'planning', 'call', 'starts']);
  });

  it('spells the texts of sentences blocks', () => {
    const t: Transcription = {
      ...one('the claw'),
      sentences: [
        { success: true, is_empty: false, exec_time: 0, error: null, results: ['The claw.', 'No claws.'] },
      ],
    };
    expect(spell(t, { call: ['claw'] }).sentences![0]!.results).toEqual(['The call.', 'No claws.']);
  });

  it('runs inside the add-on wrapper', async () => {
    const block = await runAddon('custom_spelling', () => spell(one('a claw'), { call: ['claw'] }));
    expect(block.success).toBe(true);
    expect(block.results!.full_transcript).toBe('a call');
  });
});

describe('spellText', () => {
  it('keeps the spacing of unchanged text', () => {
    expect(spellText('  one  claw\ntwo claw.  ', { spelling_dictionary: { call: ['claw'] } })).toBe(
      '  one  call\ntwo call.  ',
    );
    expect(spellText('', { spelling_dictionary: { call: ['claw'] } })).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import type { Transcription } from '../../../shared/transcript';
import { runAddon } from '../run-addon';
import {
  dialogTranscript,
  EMPTY,
  MEETING,
  refsTranscript,
  transcriptOf,
  type Turn,
} from '../summarization/fixtures';
import { findTerms, maskTerms, moderate, type ModerationResult } from './index';

const lines = (...texts: string[]): Transcription =>
  transcriptOf(texts.map((text, i): Turn => [i % 2, text]));
const verdict = (text: string): ModerationResult | undefined => moderate(lines(text))[0];

describe('moderate on clean speech', () => {
  it('finds nothing in the shared audio transcripts or the meeting', () => {
    expect(moderate(refsTranscript())).toEqual([]);
    expect(moderate(dialogTranscript())).toEqual([]);
    expect(moderate(transcriptOf(MEETING))).toEqual([]);
  });

  it('leaves ordinary words that contain a listed term alone', () => {
    const benign = lines(
      'The class assignment was hard, but I passed the exam.',
      'Add the shiitake mushrooms to the cocktail sauce.',
      'She graduated cum laude from the therapist programme.',
      'The sex of the patient was not recorded.',
      'Scunthorpe United won on Saturday.',
      'Please assess the title of the document.',
    );
    expect(moderate(benign)).toEqual([]);
  });

  it('is empty for an empty transcript, and the runner says so', async () => {
    expect(moderate(EMPTY)).toEqual([]);
    expect(await runAddon('moderation', () => moderate(EMPTY))).toMatchObject({
      success: true,
      is_empty: true,
      results: [],
    });
  });
});

describe('moderate on offensive speech', () => {
  it('stars out a lone swear word as Gladia shows it', () => {
    expect(verdict('Fuck.')).toMatchObject({
      text: '****.',
      type: 'PROFANE',
      severity: 'LOW',
      classifications: ['VULGARITY'],
    });
  });

  it('calls an insult hateful and stars out whole words', () => {
    expect(verdict('You are a stupid bitch.')).toMatchObject({
      text: 'You are a stupid *****.',
      type: 'HATEFUL',
      severity: 'MEDIUM',
      classifications: ['INSULT', 'VULGARITY'],
    });
    // Three terms in one utterance: a level up.
    expect(verdict('You are a stupid bitch and a fucking idiot.')).toMatchObject({
      text: 'You are a stupid ***** and a ******* *****.',
      severity: 'HIGH',
    });
  });

  it('rates slurs high', () => {
    expect(verdict('Get out of here, you retard.')).toMatchObject({
      type: 'HATEFUL',
      severity: 'HIGH',
      classifications: ['SLUR'],
    });
  });

  it('flags threats aimed at the listener as violent but keeps their words readable', () => {
    expect(verdict("If you do that again I'll kill you.")).toMatchObject({
      text: "If you do that again I'll kill you.",
      type: 'VIOLENT',
      severity: 'HIGH',
      classifications: ['THREAT'],
    });
    expect(verdict("I'm gonna kill you")?.type).toBe('VIOLENT');
    expect(verdict('This heat will kill you.')).toBeUndefined();
  });

  it('raises the severity when swearing piles up', () => {
    expect(verdict('Shit, this is crap.')?.severity).toBe('LOW');
    expect(verdict('What the fuck is this shit, damn it.')?.severity).toBe('MEDIUM');
  });

  it('sees through starred and leet spellings', () => {
    expect(verdict('You f*cking moron')?.classifications).toEqual(['INSULT', 'VULGARITY']);
    expect(verdict('This is sh1t')?.text).toBe('This is ****');
  });

  it('points at the utterance: index, times, channel and speaker', () => {
    const t = lines('Good morning everyone.', 'Well, this is bullshit.', 'Let us move on.');
    const results = moderate(t);
    expect(results).toHaveLength(1);
    const u = t.utterances[1]!;
    expect(results[0]).toEqual({
      utterance_id: 1,
      text: 'Well, this is ********.',
      type: 'PROFANE',
      severity: 'LOW',
      classifications: ['VULGARITY'],
      start: u.start,
      end: u.end,
      channel: 0,
      speaker: 1,
    });
  });

  it('leaves speaker out when the transcript has none', () => {
    const t = transcriptOf([[0, 'Oh shit.']], { noSpeakers: true });
    expect(moderate(t)[0]).not.toHaveProperty('speaker');
  });

  it('only checks English utterances: the word list has false friends elsewhere', () => {
    const t = transcriptOf([[0, 'El gato negro duerme.']], { language: 'es' });
    expect(moderate(t)).toEqual([]);
    expect(findTerms('El gato negro duerme.')).toHaveLength(1);
  });
});

describe('maskTerms', () => {
  it('keeps the text length and everything outside the words found', () => {
    const text = 'Well shit, what a fucking mess!';
    const masked = maskTerms(text, findTerms(text));
    expect(masked).toBe('Well ****, what a ******* mess!');
    expect(masked).toHaveLength(text.length);
  });

  it('counts positions in UTF-16 units like the matcher, after emoji', () => {
    const text = '😀😀 fuck';
    expect(maskTerms(text, findTerms(text))).toBe('😀😀 ****');
  });
});

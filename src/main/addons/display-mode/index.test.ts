import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Transcription, Utterance } from '../../../shared/transcript';
import { audio } from '../../../../test/helpers/paths';
import { asTranscription, sharedAudioTranscript, utteranceOf } from '../custom-vocabulary/fixtures';
import { runAddon } from '../run-addon';
import { displayLines, displayMode } from './index';

const transcript = (utterances: Utterance[]): Transcription => asTranscription(utterances);

describe('displayMode on real transcripts', () => {
  it('labels the dialog with its speakers, one line per utterance', () => {
    const dialog = JSON.parse(readFileSync(audio('dialog_dev.json'), 'utf8')) as {
      segments: { start: number; end: number; speaker: number }[];
    };
    const t = sharedAudioTranscript('dialog_dev.wav');
    // The reference turns give each recognised utterance its speaker (the one whose turn it overlaps most).
    const utterances = t.utterances.map((u) => {
      const overlap = (s: { start: number; end: number }) =>
        Math.min(u.end, s.end) - Math.max(u.start, s.start);
      const turn = [...dialog.segments].sort((a, b) => overlap(b) - overlap(a))[0]!;
      return { ...u, speaker: turn.speaker };
    });
    const lines = displayMode({ ...t, utterances });
    console.log(lines);
    expect(lines).toHaveLength(6);
    expect(lines[0]).toBe('Speaker 0: Good morning thanks for joining the planning claw');
    expect(lines[1]).toMatch(/^Speaker 1: Happy to be here/);
    expect(lines[4]).toMatch(/^Speaker 2: Before that/);
  });

  it('cuts two recordings spoken over each other where the other voice starts', () => {
    const jfk = sharedAudioTranscript('jfk.wav').utterances.map((u) => ({ ...u, speaker: 0 }));
    // libri_0880 ("he was not an ill disposed young man") said by another speaker 1.5 s into "ask not".
    const shift = jfk[1]!.start + 0.5 - sharedAudioTranscript('libri_0880.wav').utterances[0]!.start;
    const libri = sharedAudioTranscript('libri_0880.wav').utterances.map((u) => ({
      ...u,
      speaker: 1,
      start: u.start + shift,
      end: u.end + shift,
      words: u.words.map((w) => ({ ...w, start: w.start + shift, end: w.end + shift })),
    }));
    const lines = displayLines(transcript([...jfk, ...libri]));
    const words = (t: Transcription) => t.utterances.flatMap((u) => u.words);
    // Every word appears once, in time order; a speaker's next line is a later utterance, not a piece of it.
    expect(lines.flatMap((l) => l.text.split(' '))).toHaveLength(
      words(transcript([...jfk, ...libri])).length,
    );
    for (let i = 1; i < lines.length; i++) {
      expect(lines[i]!.start).toBeGreaterThanOrEqual(lines[i - 1]!.start);
      if (lines[i]!.speaker === lines[i - 1]!.speaker) {
        expect(lines[i]!.start).toBeGreaterThanOrEqual(lines[i - 1]!.end);
      }
    }
    expect(lines.length).toBeGreaterThan(jfk.length + libri.length);
    console.log(displayMode(transcript([...jfk, ...libri])));
  });
});

describe('displayMode', () => {
  it('keeps separate utterances as separate lines in time order, unlabelled without speakers', () => {
    const t = transcript([utteranceOf('world@2-2.5'), utteranceOf('hello@0-0.5 there@0.5-1')]);
    expect(displayMode(t)).toEqual(['hello there', 'world']);
    expect(displayMode(t, { labels: true })).toEqual(['Channel 0: hello there', 'Channel 0: world']);
  });

  it('splits an utterance where another speaker talks over it', () => {
    const t = transcript([
      utteranceOf('so@0-0.5 the@0.5-1 plan@1-1.5 is@1.5-2 simple@2-2.5', { speaker: 0 }),
      utteranceOf('yeah@1.1-1.3 right@1.3-1.6', { speaker: 1 }),
    ]);
    expect(displayMode(t)).toEqual([
      'Speaker 0: so the plan',
      'Speaker 1: yeah right',
      'Speaker 0: is simple',
    ]);
    const lines = displayLines(t);
    expect(lines.map((l) => [l.start, l.end])).toEqual([
      [0, 1.5],
      [1.1, 1.6],
      [1.5, 2.5],
    ]);
  });

  it('labels channels, and channel and speaker together', () => {
    const left = utteranceOf('left@0-1', { channel: 0 });
    const right = utteranceOf('right@2-3', { channel: 1 });
    expect(displayMode(transcript([right, left]))).toEqual(['Channel 0: left', 'Channel 1: right']);
    const both = transcript([
      { ...left, speaker: 0 },
      { ...right, speaker: 0 },
    ]);
    expect(displayMode(both)).toEqual(['Channel 0, Speaker 0: left', 'Channel 1, Speaker 0: right']);
    expect(displayMode(both, { labels: false })).toEqual(['left', 'right']);
  });

  it('does not interleave overlapping utterances of the same speaker', () => {
    const t = transcript([
      utteranceOf('one@0-1 two@1-2', { speaker: 3 }),
      utteranceOf('three@1.5-2.5', { speaker: 3 }),
    ]);
    expect(displayMode(t)).toEqual(['Speaker 3: one two', 'Speaker 3: three']);
  });

  it('returns nothing for an empty transcript', async () => {
    const empty: Transcription = { full_transcript: '', languages: [], utterances: [] };
    expect(displayMode(empty)).toEqual([]);
    const block = await runAddon('display_mode', () => displayMode(empty));
    expect(block).toMatchObject({ success: true, is_empty: true, results: [] });
  });
});

import { describe, expect, it } from 'vitest';
import type { Transcription } from '../../../shared/transcript';
import { AddonError, runAddon } from '../run-addon';
import { keyCount, polish, selectSentences } from './extractive';
import { dialogTranscript, EMPTY, MEETING, refsTranscript, transcriptOf, type Turn } from './fixtures';
import { summarize, type SummaryType } from './index';
import { MAX_UNIT_WORDS } from './units';

const TYPES: SummaryType[] = ['general', 'bullet_points', 'concise'];
const meeting = transcriptOf(MEETING);
const squash = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Every sentence quoted comes from the transcript, in the transcript's order. */
function expectQuotedInOrder(sentences: string[], t: Transcription): void {
  const source = squash(t.full_transcript);
  let from = 0;
  for (const sentence of sentences) {
    const at = source.indexOf(squash(sentence), from);
    expect(at, sentence).toBeGreaterThanOrEqual(0);
    from = at;
  }
}

const sentencesOf = (paragraph: string): string[] => paragraph.split(/(?<=[.!?])\s+(?=[A-Z])/);

describe('summarize (extractive) on the meeting', () => {
  it('general: one paragraph of transcript sentences, in order, covering the decisions', async () => {
    const summary = await summarize(meeting, { type: 'general' });
    expect(summary).not.toContain('\n');
    expect(summary.length).toBeGreaterThan(200);
    expect(summary.length).toBeLessThan(meeting.full_transcript.length / 3);
    expectQuotedInOrder(sentencesOf(summary), meeting);
    expect(summary).toContain('second week of March');
    expect(summary).toMatch(/budget/i);
  });

  it('bullet_points: 3 to 7 "- " lines, each a transcript sentence, in order', async () => {
    const summary = await summarize(meeting, { type: 'bullet_points' });
    const bullets = summary.split('\n');
    expect(bullets.length).toBeGreaterThanOrEqual(3);
    expect(bullets.length).toBeLessThanOrEqual(7);
    for (const bullet of bullets) expect(bullet).toMatch(/^- [A-Z].*[.!?]$/);
    expectQuotedInOrder(
      bullets.map((b) => b.slice(2)),
      meeting,
    );
    // No two bullets say the same thing.
    expect(new Set(bullets).size).toBe(bullets.length);
  });

  it('concise: one or two sentences, and the recap is what the rest of the meeting points at', async () => {
    const summary = await summarize(meeting, { type: 'concise' });
    expect(summary).not.toContain('\n');
    expect(sentencesOf(summary).length).toBeLessThanOrEqual(2);
    expectQuotedInOrder(sentencesOf(summary), meeting);
    expect(summary).toMatch(/^To sum up: we cut the paid ads/);
  });

  it('uses general when the config names no type', async () => {
    expect(await summarize(meeting)).toBe(await summarize(meeting, { type: 'general' }));
  });
});

describe('summarize (extractive) on the shared audio transcripts', () => {
  it('turns unpunctuated lower-case references into sentences', async () => {
    const refs = refsTranscript();
    for (const type of TYPES) {
      const summary = await summarize(refs, { type });
      const parts =
        type === 'bullet_points' ? summary.split('\n').map((b) => b.slice(2)) : sentencesOf(summary);
      expect(parts.length).toBeGreaterThan(0);
      for (const part of parts) expect(part).toMatch(/^[A-Z].*\.$/);
      expectQuotedInOrder(parts, refs);
    }
  });

  it('keeps the dialog summary to its content sentences', async () => {
    const dialog = dialogTranscript();
    const bullets = (await summarize(dialog, { type: 'bullet_points' })).split('\n');
    expect(bullets).toHaveLength(3);
    // "Happy to be here." has too few content words to be worth quoting.
    expect(bullets).not.toContain('- Happy to be here.');
    const concise = await summarize(dialog, { type: 'concise' });
    expect(sentencesOf(concise).length).toBeLessThanOrEqual(2);
  });
});

describe('summarize (extractive) edge cases', () => {
  it('returns an empty string for an empty transcript, which the runner reports as empty', async () => {
    for (const type of TYPES) expect(await summarize(EMPTY, { type })).toBe('');
    const blank = transcriptOf([[0, '   ']]);
    expect(await summarize(blank)).toBe('');
    expect(await runAddon('summarization', () => summarize(EMPTY))).toMatchObject({
      success: true,
      is_empty: true,
      results: '',
    });
  });

  it('falls back to full_transcript when there are no utterances', async () => {
    const t: Transcription = { full_transcript: meeting.full_transcript, languages: ['en'], utterances: [] };
    expect(await summarize(t, { type: 'concise' })).toBe(await summarize(meeting, { type: 'concise' }));
  });

  it('cuts long unpunctuated speech into quotable pieces', async () => {
    const words = squash(meeting.full_transcript).split(' ');
    const turns: Turn[] = [];
    for (let i = 0; i < words.length; i += 150) turns.push([0, words.slice(i, i + 150).join(' ')]);
    const asr = transcriptOf(turns);
    const bullets = (await summarize(asr, { type: 'bullet_points' })).split('\n');
    expect(bullets.length).toBeGreaterThanOrEqual(3);
    for (const bullet of bullets) {
      expect(bullet.slice(2).split(' ').length).toBeLessThanOrEqual(MAX_UNIT_WORDS);
      expect(bullet).toMatch(/^- [A-Z].*\.$/);
    }
    expectQuotedInOrder(
      bullets.map((b) => b.slice(2)),
      asr,
    );
  });

  it('rejects an unknown type with a 400 the runner passes on', async () => {
    const wrapped = await runAddon('summarization', () =>
      summarize(meeting, { type: 'tldr' as unknown as SummaryType }),
    );
    expect(wrapped.success).toBe(false);
    expect(wrapped.error).toMatchObject({ status_code: 400, exception: 'AddonError' });
    await expect(summarize(meeting, {}, { chunkChars: 10 })).rejects.toBeInstanceOf(AddonError);
  });
});

describe('helpers', () => {
  it('keyCount keeps about the square root, 3 to 7, never more than there is', () => {
    expect([1, 2, 5, 16, 30, 49, 200].map(keyCount)).toEqual([1, 2, 3, 4, 5, 7, 7]);
  });

  it('polish gives sentence case and a full stop, dropping a dangling comma', () => {
    expect(polish('and so my fellow americans')).toBe('And so my fellow americans.');
    expect(polish('we make offers to maria,')).toBe('We make offers to maria.');
    expect(polish('Is it ready?')).toBe('Is it ready?');
    expect(polish('  ')).toBe('');
  });

  it('selectSentences quotes nothing twice', () => {
    const repeated = transcriptOf([
      [0, 'The budget for the launch campaign is two hundred thousand dollars.'],
      [1, 'The budget for the launch campaign is two hundred thousand dollars.'],
      [0, 'The launch moves to the second week of March because of the security review.'],
      [1, 'We hire two engineers for the mobile team this year.'],
    ]);
    const picked = selectSentences(repeated, 'bullet_points');
    expect(new Set(picked).size).toBe(picked.length);
    expect(picked).toHaveLength(3);
  });
});

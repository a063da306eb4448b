import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { audio } from '../../../../test/helpers/paths';
import type { Utterance } from '../../../shared/transcript';
import { runAddon } from '../run-addon';
import { parseSrt, parseVtt, utterance, utteranceOf, type ParsedCue } from './fixtures';
import { buildSubtitles, captionsFor, toSrt, toVtt, type SubtitlesOptions } from './index';

const srtOf = (utterances: Utterance[], options: Partial<SubtitlesOptions> = {}): ParsedCue[] =>
  parseSrt(buildSubtitles(utterances, { formats: ['srt'], ...options })[0]!.subtitles);

/** The transcripts of shared/audio/refs.tsv, one utterance each, words evenly timed, files one after another. */
function refsTranscript(): Utterance[] {
  const rows = readFileSync(audio('refs.tsv'), 'utf8').trim().split('\n');
  let at = 0.5;
  return rows.map((row, channel) => {
    const text = row.split('\t')[2]!;
    const made = utterance(text, { at, step: 0.38, length: 0.32, speaker: channel });
    at = made.end + 1.2;
    return made;
  });
}

/** shared/audio/dialog_dev.json: three speakers, sentence-long segments, words spread evenly over each. */
function dialogTranscript(): Utterance[] {
  const dialog = JSON.parse(readFileSync(audio('dialog_dev.json'), 'utf8')) as {
    segments: Array<{ start: number; end: number; speaker: number; text: string }>;
  };
  return dialog.segments.map((segment) => {
    const words = segment.text.split(' ');
    const step = (segment.end - segment.start) / words.length;
    return utteranceOf(
      words.map((word, i) => [word, segment.start + i * step, segment.start + (i + 0.85) * step]),
      { speaker: segment.speaker },
    );
  });
}

describe('buildSubtitles', () => {
  it('returns one subtitle per format, in the order asked, both describing the same cues', () => {
    const utterances = [
      utterance('Hello and welcome.'),
      utterance('Thanks for having me.', { at: 2, speaker: 1 }),
    ];
    const [vtt, srt] = buildSubtitles(utterances, { formats: ['vtt', 'srt'] });
    expect(vtt!.format).toBe('vtt');
    expect(srt!.format).toBe('srt');
    expect(parseVtt(vtt!.subtitles)).toEqual(parseSrt(srt!.subtitles));
    const captions = captionsFor(utterances, { formats: ['srt'] });
    expect(srt!.subtitles).toBe(toSrt(captions));
    expect(vtt!.subtitles).toBe(toVtt(captions));
    expect(srt!.subtitles).toBe(
      '1\n00:00:00,000 --> 00:00:01,150\nHello and welcome.\n\n2\n00:00:02,000 --> 00:00:03,550\nThanks for having me.\n\n',
    );
  });

  it('gives an empty SRT and a header-only VTT for an empty transcript', () => {
    expect(buildSubtitles([], { formats: ['srt', 'vtt'] })).toEqual([
      { format: 'srt', subtitles: '' },
      { format: 'vtt', subtitles: 'WEBVTT\n' },
    ]);
  });

  it('writes times past the first hour', () => {
    const late = utterance('still going strong', { at: 2 * 3600 + 3 * 60 + 4.5 });
    const [srt, vtt] = buildSubtitles([late], { formats: ['srt', 'vtt'] });
    expect(srt!.subtitles).toContain('02:03:04,500 --> 02:03:05,650');
    expect(vtt!.subtitles).toContain('02:03:04.500 --> 02:03:05.650');
  });

  it('applies the compliance rules: rows, characters, 5/6 s minimum, 7 s maximum, 2-frame gaps', () => {
    const utterances = dialogTranscript().concat(
      refsTranscript().map((u) => ({
        ...u,
        words: u.words.map((w) => ({ ...w, start: w.start + 30, end: w.end + 30 })),
      })),
      [utterance('Yes.', { at: 60, length: 0.1 }), utterance('No.', { at: 60.3, length: 0.1, speaker: 1 })],
    );
    const cues = srtOf(utterances, { style: 'compliance' });
    cues.forEach((cue, i) => {
      expect(cue.lines.length).toBeLessThanOrEqual(2);
      for (const line of cue.lines) expect([...line].length).toBeLessThanOrEqual(42);
      expect(cue.end - cue.start).toBeLessThanOrEqual(7);
      const next = cues[i + 1];
      if (next) expect(next.start - cue.end).toBeGreaterThanOrEqual(0.083 - 1e-9);
      // Shorter than 5/6 s only when the next caption leaves no room.
      if (cue.end - cue.start < 0.833 - 1e-9) expect(next!.start - cue.end).toBeCloseTo(0.083, 6);
    });
    expect(cues.at(-2)).toMatchObject({ start: 60, end: 60.217, lines: ['Yes.'] });
    expect(cues.at(-1)).toMatchObject({ start: 60.3, end: 61.133, lines: ['No.'] });
  });

  it('lets explicit fields override the compliance style', () => {
    const text = 'the quick brown fox jumps over the lazy dog while the farmer watches from his porch';
    const cues = srtOf([utterance(text)], {
      style: 'compliance',
      maximum_characters_per_row: 20,
      maximum_rows_per_caption: 3,
      minimum_duration: 2,
    });
    for (const cue of cues) for (const line of cue.lines) expect(line.length).toBeLessThanOrEqual(20);
    expect(cues.some((cue) => cue.lines.length === 3)).toBe(true);
    expect(cues.at(-1)!.end - cues.at(-1)!.start).toBeGreaterThanOrEqual(2);
  });

  it('reports bad options as a 400 through the add-on wrapper', async () => {
    const result = await runAddon('subtitles', () =>
      buildSubtitles([utterance('hi')], { formats: ['srt'], maximum_rows_per_caption: 9 }),
    );
    expect(result).toMatchObject({ success: false, results: null });
    expect(result.error).toMatchObject({ status_code: 400, exception: 'AddonError' });
    expect(result.error!.message).toContain('maximum_rows_per_caption');
  });
});

const utterances0 = (): Utterance => refsTranscript()[0]!;

describe('buildSubtitles on real transcript shapes', () => {
  it('captions the reference transcripts of shared/audio', () => {
    const utterances = refsTranscript();
    const [srt, vtt] = buildSubtitles(utterances, { formats: ['srt', 'vtt'] });
    const cues = parseSrt(srt!.subtitles);
    expect(parseVtt(vtt!.subtitles)).toEqual(cues);
    expect(cues.map((cue) => cue.lines.join(' ')).join(' ')).toBe(utterances.map((u) => u.text).join(' '));
    for (const cue of cues) {
      expect(cue.lines.length).toBeLessThanOrEqual(2);
      for (const line of cue.lines) expect(line.length).toBeLessThanOrEqual(42);
    }
    for (const line of cues.flatMap((cue) => cue.lines))
      expect(line).not.toMatch(/ (the|a|an|to|of|and|his)$/);
  });

  it("splits jfk.wav's sentence where the speaker pauses", () => {
    const words = utterances0().words.map((w) => w.word.trim());
    let at = 0.3;
    const timed = words.map((word, i): [string, number, number] => {
      const span: [string, number, number] = [word, at, at + 0.3];
      at += i === 13 ? 0.9 : 0.38; // "...can do for you" — pause — "ask what you can do..."
      return span;
    });
    expect(words[13]).toBe('you');
    expect(srtOf([utteranceOf(timed)]).map((cue) => cue.lines)).toEqual([
      ['and so my fellow americans ask', 'not what your country can do for you'],
      ['ask what you can do for your country'],
    ]);
  });

  it('captions a three-speaker dialog without mixing speakers', () => {
    const utterances = dialogTranscript();
    const captions = captionsFor(utterances, { formats: ['srt'], style: 'compliance' });
    for (const caption of captions) {
      const owner = utterances.find(
        (u) => u.speaker === caption.speaker && u.text.includes(caption.lines.join(' ')),
      );
      expect(owner, caption.lines.join(' ')).toBeDefined();
    }
    expect(captions.map((c) => c.lines)).toContainEqual([
      'Happy to be here.',
      'Should we start with the budget?',
    ]);
  });
});

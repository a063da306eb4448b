// Test helpers: hand-built utterances and a strict reader of the SRT/VTT this module writes.
import type { Utterance, Word } from '../../../shared/transcript';

export interface UtteranceSpec {
  /** Seconds of the first word. */
  at?: number;
  /** Seconds from one word's start to the next. */
  step?: number;
  /** Seconds each word lasts. */
  length?: number;
  channel?: number;
  speaker?: number;
  language?: string;
}

/** Words with explicit [text, start, end] timings. */
export function utteranceOf(words: Array<[string, number, number]>, spec: UtteranceSpec = {}): Utterance {
  const list: Word[] = words.map(([word, start, end]) => ({ word: ` ${word}`, start, end, confidence: 0.9 }));
  return {
    start: list[0]?.start ?? spec.at ?? 0,
    end: list[list.length - 1]?.end ?? spec.at ?? 0,
    confidence: 0.9,
    channel: spec.channel ?? 0,
    ...(spec.speaker === undefined ? {} : { speaker: spec.speaker }),
    words: list,
    text: words.map(([word]) => word).join(' '),
    language: spec.language ?? 'en',
  };
}

/** The text's words evenly timed: one every `step` seconds (0.4 by default), each lasting `length` (0.35). */
export function utterance(text: string, spec: UtteranceSpec = {}): Utterance {
  const { at = 0, step = 0.4, length = 0.35 } = spec;
  const words = text
    .split(/\s+/)
    .filter(Boolean)
    .map((word, i): [string, number, number] => [word, at + i * step, at + i * step + length]);
  return utteranceOf(words, spec);
}

export interface ParsedCue {
  start: number;
  end: number;
  lines: string[];
}

const seconds = (h: string, m: string, s: string, ms: string): number =>
  Number(h) * 3600 + Number(m) * 60 + Number(s) + Number(ms) / 1000;

function parseBlocks(blocks: string[], separator: ',' | '.', numbered: boolean): ParsedCue[] {
  const sep = separator === ',' ? ',' : '\\.';
  const time = new RegExp(
    `^(\\d{2,}):([0-5]\\d):([0-5]\\d)${sep}(\\d{3}) --> (\\d{2,}):([0-5]\\d):([0-5]\\d)${sep}(\\d{3})$`,
  );
  return blocks.map((block, i) => {
    const rows = block.split('\n');
    if (numbered && rows.shift() !== String(i + 1)) throw new Error(`cue ${i + 1}: bad index in ${block}`);
    const match = time.exec(rows.shift() ?? '');
    if (!match) throw new Error(`cue ${i + 1}: bad timing line in ${block}`);
    const [, h1, m1, s1, ms1, h2, m2, s2, ms2] = match as unknown as string[];
    if (rows.length === 0 || rows.some((row) => row.trim() === '')) throw new Error(`cue ${i + 1}: bad rows`);
    return { start: seconds(h1!, m1!, s1!, ms1!), end: seconds(h2!, m2!, s2!, ms2!), lines: rows };
  });
}

/** Parses SRT as written by toSrt, throwing on anything out of shape. */
export function parseSrt(srt: string): ParsedCue[] {
  if (srt === '') return [];
  if (!srt.endsWith('\n\n')) throw new Error('SRT must end with a blank line');
  return parseBlocks(srt.slice(0, -2).split('\n\n'), ',', true);
}

const unescapeVtt = (line: string): string =>
  line.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** Parses WebVTT as written by toVtt (cue text unescaped), throwing on anything out of shape. */
export function parseVtt(vtt: string): ParsedCue[] {
  if (vtt === 'WEBVTT\n') return [];
  if (!vtt.startsWith('WEBVTT\n\n') || !vtt.endsWith('\n\n')) throw new Error('bad WebVTT framing');
  const cues = parseBlocks(vtt.slice('WEBVTT\n\n'.length, -2).split('\n\n'), '.', false);
  for (const cue of cues) {
    if (/[<>]|&(?!amp;|lt;|gt;)/.test(cue.lines.join('\n'))) throw new Error('unescaped markup in WebVTT');
    cue.lines = cue.lines.map(unescapeVtt);
  }
  return cues;
}

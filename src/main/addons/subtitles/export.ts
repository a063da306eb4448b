import type { Caption } from './captions';

export type { Caption } from './captions';

/** `HH:MM:SS<sep>mmm` from seconds; negative or non-finite times become 0, hours grow past two digits. */
export function formatTimestamp(seconds: number, separator: ',' | '.'): string {
  const total = Number.isFinite(seconds) ? Math.max(0, Math.round(seconds * 1000)) : 0;
  const ms = total % 1000;
  const s = Math.floor(total / 1000) % 60;
  const m = Math.floor(total / 60_000) % 60;
  const h = Math.floor(total / 3_600_000);
  const pad = (value: number, width = 2): string => String(value).padStart(width, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(ms, 3)}`;
}

interface Cue {
  start: number;
  end: number;
  lines: string[];
}

/**
 * Captions as they can be written: rows without line breaks inside (a blank line would end the cue early),
 * empty rows and captions dropped, times whole milliseconds >= 0 with end after start.
 */
function cues(captions: Caption[]): Cue[] {
  const out: Cue[] = [];
  for (const caption of captions) {
    const lines = (caption.lines ?? [])
      .map((line) => String(line).replace(/\s+/g, ' ').trim())
      .filter(Boolean);
    if (lines.length === 0) continue;
    const start = Number.isFinite(caption.start) ? Math.max(0, Math.round(caption.start * 1000)) : 0;
    const rawEnd = Number.isFinite(caption.end) ? Math.round(caption.end * 1000) : start;
    out.push({ start: start / 1000, end: Math.max(rawEnd, start + 1) / 1000, lines });
  }
  return out;
}

/** SubRip: numbered cues, `HH:MM:SS,mmm --> HH:MM:SS,mmm`, the rows, a blank line. No captions → ''. */
export function toSrt(captions: Caption[]): string {
  return cues(captions)
    .map(
      (cue, i) =>
        `${i + 1}\n${formatTimestamp(cue.start, ',')} --> ${formatTimestamp(cue.end, ',')}\n${cue.lines.join('\n')}\n\n`,
    )
    .join('');
}

// WebVTT cue text is markup: `&` and `<` must be escaped, and `-->` may not appear in it.
const escapeVtt = (line: string): string =>
  line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** WebVTT: the `WEBVTT` header, then cues `HH:MM:SS.mmm --> HH:MM:SS.mmm` and rows. No captions → the header. */
export function toVtt(captions: Caption[]): string {
  const body = cues(captions)
    .map(
      (cue) =>
        `${formatTimestamp(cue.start, '.')} --> ${formatTimestamp(cue.end, '.')}\n${cue.lines.map(escapeVtt).join('\n')}\n\n`,
    )
    .join('');
  return body ? `WEBVTT\n\n${body}` : 'WEBVTT\n';
}

import { AddonError } from '../run-addon';

export type SubtitleFormat = 'srt' | 'vtt';
export type SubtitleStyle = 'default' | 'compliance';

/** `subtitles_config` (spec §2.5). */
export interface SubtitlesOptions {
  /** One Subtitle per format, in the order given. */
  formats: SubtitleFormat[];
  /** Seconds >= 0: a caption is shown at least this long (its end is extended, never over the next caption). */
  minimum_duration?: number;
  /** Seconds 1..30: captions whose speech lasts longer are split at word boundaries. */
  maximum_duration?: number;
  /** >= 1: rows wrap at word boundaries; a single longer word stays whole on its row. */
  maximum_characters_per_row?: number;
  /** 1..5: when more rows are needed a new caption starts. */
  maximum_rows_per_caption?: number;
  style?: SubtitleStyle;
}

/** Everything the caption builder needs, with durations in milliseconds. */
export interface CaptionRules {
  maxCharsPerRow: number;
  maxRows: number;
  maxDurationMs: number;
  minDurationMs: number;
  /** Smallest gap kept between consecutive captions. */
  minGapMs: number;
  /** Gaps shorter than this are closed down to `minGapMs` so captions do not flicker off and on. */
  closeGapMs: number;
  /** When two rows cannot be equal, the lower one should be the longer (a "bottom-heavy pyramid"). */
  bottomHeavyRows: boolean;
}

// Values of common subtitle tools (Subtitle Edit, YouTube, BBC guidance): 42 characters, 2 rows, 7 s, 1 s.
const DEFAULT_RULES: CaptionRules = {
  maxCharsPerRow: 42,
  maxRows: 2,
  maxDurationMs: 7000,
  minDurationMs: 1000,
  minGapMs: 0,
  closeGapMs: 0,
  bottomHeavyRows: false,
};

// Netflix-style timed text: 5/6 s minimum, 2-frame gap at 24 fps, gaps under 12 frames (0.5 s) closed.
const COMPLIANCE_RULES: CaptionRules = {
  maxCharsPerRow: 42,
  maxRows: 2,
  maxDurationMs: 7000,
  minDurationMs: 833,
  minGapMs: 83,
  closeGapMs: 500,
  bottomHeavyRows: true,
};

const FORMATS: readonly SubtitleFormat[] = ['srt', 'vtt'];

function invalid(message: string): never {
  throw new AddonError(400, `Invalid subtitles_config: ${message}`);
}

function checkNumber(
  value: unknown,
  field: string,
  min: number,
  max: number,
  integer: boolean,
): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || (integer && !Number.isInteger(value)))
    invalid(`${field} must be ${integer ? 'an integer' : 'a number'}`);
  if (value < min || value > max)
    invalid(`${field} must be ${max === Infinity ? `>= ${min}` : `between ${min} and ${max}`}`);
  return value;
}

/** Distinct requested formats in the order given; defaults to SRT like the spec. */
export function resolveFormats(options: Partial<SubtitlesOptions>): SubtitleFormat[] {
  const formats: unknown = options.formats ?? ['srt'];
  if (!Array.isArray(formats) || formats.length === 0) invalid('formats must be a non-empty array');
  const out: SubtitleFormat[] = [];
  for (const format of formats) {
    if (!FORMATS.includes(format as SubtitleFormat)) invalid(`unknown format ${JSON.stringify(format)}`);
    if (!out.includes(format as SubtitleFormat)) out.push(format as SubtitleFormat);
  }
  return out;
}

/** The style's defaults with the explicit config fields laid over them. Bad values throw a 400 AddonError. */
export function resolveRules(options: Partial<SubtitlesOptions>): CaptionRules {
  if (typeof options !== 'object' || options === null) invalid('must be an object');
  const style = options.style ?? 'default';
  if (style !== 'default' && style !== 'compliance') invalid(`unknown style ${JSON.stringify(style)}`);
  const rules = { ...(style === 'compliance' ? COMPLIANCE_RULES : DEFAULT_RULES) };

  const minimum = checkNumber(options.minimum_duration, 'minimum_duration', 0, Infinity, false);
  const maximum = checkNumber(options.maximum_duration, 'maximum_duration', 1, 30, false);
  const chars = checkNumber(
    options.maximum_characters_per_row,
    'maximum_characters_per_row',
    1,
    Infinity,
    true,
  );
  const rows = checkNumber(options.maximum_rows_per_caption, 'maximum_rows_per_caption', 1, 5, true);
  if (minimum !== undefined) rules.minDurationMs = Math.round(minimum * 1000);
  if (maximum !== undefined) rules.maxDurationMs = Math.round(maximum * 1000);
  if (chars !== undefined) rules.maxCharsPerRow = chars;
  if (rows !== undefined) rules.maxRows = rows;
  return rules;
}

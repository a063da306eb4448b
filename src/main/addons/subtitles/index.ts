import type { Subtitle, Utterance } from '../../../shared/transcript';
import { buildCaptions, type Caption } from './captions';
import { toSrt, toVtt } from './export';
import { resolveFormats, resolveRules, type SubtitlesOptions } from './options';

export type { Caption } from './captions';
export { formatTimestamp, toSrt, toVtt } from './export';
export type { SubtitleFormat, SubtitlesOptions, SubtitleStyle } from './options';

/** The caption blocks `buildSubtitles` writes, for callers that render them themselves (the UI's preview). */
export function captionsFor(utterances: Utterance[], options: Partial<SubtitlesOptions>): Caption[] {
  return buildCaptions(utterances, resolveRules(options));
}

/**
 * The subtitles add-on (spec §2.5, §2.6): one Subtitle per requested format, in the order asked.
 * Invalid options throw an AddonError (400).
 */
export function buildSubtitles(utterances: Utterance[], options: SubtitlesOptions): Subtitle[] {
  const formats = resolveFormats(options);
  const captions = captionsFor(utterances, options);
  return formats.map((format) => ({
    format,
    subtitles: format === 'srt' ? toSrt(captions) : toVtt(captions),
  }));
}

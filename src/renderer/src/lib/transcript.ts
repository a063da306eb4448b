import type { Utterance, Word } from '../../../shared/transcript';
import { formatTimestamp } from './format';

/** How long after a word's end it stays highlighted, so short pauses between words do not flicker. */
const HOLD_S = 0.35;

/** Words of all utterances in reading order; the index is the `data-w` of each word in the transcript view. */
export function flattenWords(utterances: readonly Utterance[]): Word[] {
  return utterances.flatMap((utterance) => utterance.words);
}

/** Index of the word being spoken at `time` (binary search over word starts), or -1 between phrases. */
export function activeWordIndex(words: readonly Pick<Word, 'start' | 'end'>[], time: number): number {
  let low = 0;
  let high = words.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (words[mid]!.start <= time) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  if (found < 0) return -1;
  return time <= words[found]!.end + HOLD_S ? found : -1;
}

/** Who is talking: `Speaker 1` when diarized, `Channel 2` for multi-channel audio, nothing otherwise. */
export function voiceLabel(
  utterance: Pick<Utterance, 'speaker' | 'channel'>,
  channels: number,
): string | null {
  if (utterance.speaker !== undefined && utterance.speaker !== null)
    return `Speaker ${utterance.speaker + 1}`;
  if (channels > 1) return `Channel ${utterance.channel + 1}`;
  return null;
}

export interface VoiceSummary {
  label: string;
  /** Index into the palette: the speaker number, or the channel number. */
  tone: number;
  utterances: number;
  seconds: number;
}

/** Talk time per speaker (or per channel), in order of first appearance. */
export function summarizeVoices(utterances: readonly Utterance[], channels: number): VoiceSummary[] {
  const out = new Map<string, VoiceSummary>();
  for (const utterance of utterances) {
    const label = voiceLabel(utterance, channels);
    if (!label) continue;
    const entry = out.get(label) ?? {
      label,
      tone: utterance.speaker ?? utterance.channel,
      utterances: 0,
      seconds: 0,
    };
    entry.utterances += 1;
    entry.seconds += Math.max(0, utterance.end - utterance.start);
    out.set(label, entry);
  }
  return [...out.values()];
}

/** The transcript as the Copy button puts it on the clipboard: one line per utterance, with time and voice. */
export function transcriptText(utterances: readonly Utterance[], channels: number): string {
  return utterances
    .map((utterance) => {
      const voice = voiceLabel(utterance, channels);
      return `[${formatTimestamp(utterance.start)}] ${voice ? `${voice}: ` : ''}${utterance.text.trim()}`;
    })
    .join('\n');
}

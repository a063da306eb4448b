import type { ApiJob, ExportedFile, ExportFormat } from '../../shared/ipc/jobs';
import { BridgeError } from '../../shared/ipc/errors';
import type { Utterance } from '../../shared/transcript';
import { buildSubtitles } from '../addons/subtitles';

const MIME: Record<ExportFormat, string> = {
  txt: 'text/plain; charset=utf-8',
  srt: 'application/x-subrip; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** `interview.m4a` → `interview`; a live session or an unnamed upload gets the job's short id. */
function baseName(job: ApiJob): string {
  const name = job.kind === 'pre-recorded' ? job.file?.filename?.replace(/\.[^.]+$/, '') : undefined;
  const safe = name?.replace(/[\\/:*?"<>|\r\n]+/g, '_').trim();
  return safe || `transcript-${job.id.slice(0, 8)}`;
}

/** One line per utterance; a speaker (or, for multi-channel audio, a channel) label when there is more than one. */
function toText(utterances: Utterance[], fallback: string): string {
  if (utterances.length === 0) return fallback ? `${fallback}\n` : '';
  const speakers = new Set(utterances.map((u) => u.speaker).filter((s) => s !== undefined));
  const channels = new Set(utterances.map((u) => u.channel));
  const label = (u: Utterance): string =>
    speakers.size > 1 && u.speaker !== undefined
      ? `Speaker ${u.speaker + 1}: `
      : channels.size > 1
        ? `Channel ${u.channel + 1}: `
        : '';
  return utterances.map((u) => `${label(u)}${u.text.trim()}`).join('\n') + '\n';
}

/**
 * A finished job as a file: TXT, SRT/VTT (the job's own subtitles when it asked for that format, otherwise built with
 * the subtitles add-on's default rules) or the job as the API returns it (JSON).
 */
export function exportJob(job: ApiJob, format: ExportFormat): ExportedFile {
  const filename = `${baseName(job)}.${format}`;
  if (format === 'json') {
    return { filename, mimeType: MIME.json, content: `${JSON.stringify(job, null, 2)}\n` };
  }
  const transcription = job.status === 'done' ? job.result?.transcription : undefined;
  if (!transcription) {
    throw new BridgeError({
      status: 409,
      message: `Job ${job.id} is ${job.status}: only a finished transcription can be exported as ${format.toUpperCase()}`,
    });
  }
  if (format === 'txt') {
    return {
      filename,
      mimeType: MIME.txt,
      content: toText(transcription.utterances, transcription.full_transcript),
    };
  }
  const own = transcription.subtitles?.find((s) => s.format === format)?.subtitles;
  const content = own ?? buildSubtitles(transcription.utterances, { formats: [format] })[0]!.subtitles;
  return { filename, mimeType: MIME[format], content };
}

import { copyFileSync, statSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { randomUUID } from 'node:crypto';
import { probeAudio } from './audio/probe';
import type { Config } from './config';
import { createCore, type Log } from './core';
import { fileUrl } from './jobs/audio-url';
import { parsePreRecordedRequest } from '../shared/schemas/pre-recorded';
import type { Transcription } from '../shared/transcript';

const CLI_OWNER = 'cli';

/** `transcribe FILE`: the same job pipeline as the server, without HTTP; prints the transcript. */
export async function transcribeFile(config: Config, path: string, log: Log): Promise<number> {
  const publicUrl = 'http://127.0.0.1';
  const core = createCore(config, () => publicUrl, log);
  try {
    const info = await probeAudio(path);
    const temp = core.files.tempPath();
    copyFileSync(path, temp);
    const file = core.files.adopt(temp, {
      id: randomUUID(),
      owner: CLI_OWNER,
      filename: basename(path),
      extension: extname(path).slice(1).toLowerCase() || null,
      source: null,
      size: statSync(path).size,
      audioDuration: info.durationSec,
      numberOfChannels: info.channels,
    });
    const parsed = parsePreRecordedRequest({ audio_url: fileUrl(publicUrl, file.id) });
    if (!parsed.ok) throw new Error(parsed.errors.join('; '));
    const job = core.preRecorded.create(CLI_OWNER, parsed.value);
    core.start();
    for (;;) {
      const current = core.jobs.get(job.id)!;
      if (current.status === 'done') {
        const { transcription } = JSON.parse(current.resultJson!) as { transcription: Transcription };
        console.log(transcription.full_transcript);
        return 0;
      }
      if (current.status === 'error') {
        console.error(`error ${current.errorCode}: ${current.errorMessage}`);
        return 1;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await core.close(0);
  }
}

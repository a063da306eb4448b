// Test helper: real transcripts of the shared recordings, made by the real engine, for the add-on tests.
import { ModelRegistry } from '../../engine/models';
import { EnginePool } from '../../engine/pool';
import { loadAudio } from '../../engine/test-audio';
import { transcribe } from '../../engine/transcriber';
import { buildTranscription, spaceWords } from '../../jobs/pre-recorded/transcription';
import type { Transcription } from '../../../shared/transcript';
import { MODELS_DIR } from '../../../../test/helpers/paths';

/** Transcribes shared recordings one after another on a one-engine pool, then closes the pool. */
export async function transcribeShared(files: string[]): Promise<Map<string, Transcription>> {
  const resolved = new ModelRegistry(MODELS_DIR).resolve('solaria-1', ['en']);
  if (!resolved.ok) throw new Error(resolved.message);
  const pool = new EnginePool({ size: 1 });
  try {
    const out = new Map<string, Transcription>();
    for (const file of files) {
      const audio = { channels: [loadAudio(file)], sampleRate: 16000 as const };
      const { utterances } = await transcribe(pool, audio, { model: resolved.model, language: 'en' });
      // As the pre-recorded pipeline hands transcripts to the add-ons: Gladia's word spacing, sorted.
      out.set(file, buildTranscription(spaceWords(utterances), ['en']));
    }
    return out;
  } finally {
    await pool.close();
  }
}

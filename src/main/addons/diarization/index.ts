import type { DiarizationConfig } from '../../../shared/schemas/pre-recorded';
import type { Transcription, Utterance, Word } from '../../../shared/transcript';
import { diarizeChannel, findSpeakerModels, type SpeakerResult } from '../../engine/diarization';
import type { EnginePool } from '../../engine/pool';
import { SPEAKER_CATALOG } from '../../engine/catalog';
import { AddonError } from '../run-addon';
import { speakerBounds } from './bounds';
import { splitBySpeaker, wordSpeakers, type ChannelTurn } from './words';

export { speakerBounds } from './bounds';

// The diarization add-on (spec §2.3, §2.5, §2.6): who speaks when, from the pyannote segmentation model and a
// voice model (a neural speaker embedding when one is installed, MFCC statistics otherwise), applied to the
// transcript as `speaker` on every utterance, utterances split where the speaker changes.

export interface DiarizationAudio {
  /** 16 kHz samples indexed by the utterances' `channel` (the decoder's channels, before any de-duplication). */
  channels: Float32Array[];
  sampleRate: 16000;
}

export interface DiarizeOptions {
  /** The models folder (as for the recognisers); holds sherpa-onnx-pyannote-segmentation-3-0/ at least. */
  modelsDir: string;
  signal?: AbortSignal;
  /** Diarization worker pool; by default one shared worker thread. */
  pool?: EnginePool;
}

export interface DiarizationTurn extends ChannelTurn {
  channel: number;
}

export interface DiarizationOutput {
  /** The transcript's utterances with `speaker` set, split at speaker changes, in time order. */
  utterances: Utterance[];
  /** Who speaks when (overlapping speech gives overlapping turns), in time order. */
  turns: DiarizationTurn[];
  /** Distinct speakers (numbers 0..speakers-1 across all channels, first those who say words in the transcript). */
  speakers: number;
  /** The voice model used: `embedding-model:<catalog id>` or `mfcc-bic`. */
  voice: string;
}

function requireModels(modelsDir: string): {
  segmentation: string;
  embedding?: { id: string; path: string };
} {
  const models = findSpeakerModels(modelsDir);
  if (!models.segmentation) {
    const entry = SPEAKER_CATALOG.find((m) => m.role === 'segmentation')!;
    throw new AddonError(
      422,
      `The diarization model is not installed: install ${entry.id} (${entry.url}) so that ${modelsDir}/${entry.folder}/ holds ${entry.files.map((f) => f.name).join(', ')}`,
    );
  }
  return { segmentation: models.segmentation, embedding: models.embedding };
}

/**
 * Diarizes the channels the transcript uses, each on its own (speakers numbered across channels in order of
 * appearance), and returns the transcript's utterances with speakers. Throws AddonError (400 for a bad
 * config, 422 when the segmentation model is missing); rejects with the signal's reason when aborted.
 */
export async function diarize(
  audio: DiarizationAudio,
  transcription: Transcription,
  config: Partial<DiarizationConfig> | null | undefined,
  options: DiarizeOptions,
): Promise<DiarizationOutput> {
  const bounds = speakerBounds(config);
  const models = requireModels(options.modelsDir);
  const channels = [...new Set(transcription.utterances.map((u) => u.channel))].sort((a, b) => a - b);
  for (const channel of channels) {
    if (!(audio.channels[channel] instanceof Float32Array)) {
      throw new AddonError(500, `no audio for channel ${channel} of the transcript`);
    }
  }

  const turns: DiarizationTurn[] = [];
  const speakerOf = new Map<Word, number>();
  const channelFallback = new Map<number, number>();
  let offset = 0;
  for (const channel of channels) {
    const result: SpeakerResult = await diarizeChannel(audio.channels[channel]!, {
      segmentationModel: models.segmentation,
      embeddingModel: models.embedding?.path,
      bounds,
      signal: options.signal,
      pool: options.pool,
    });
    const channelTurns = result.turns.map((t) => ({ ...t, speaker: t.speaker + offset, channel }));
    turns.push(...channelTurns);
    // A channel where the segmentation heard nobody still has a speaker for its words.
    const fallback = offset;
    channelFallback.set(channel, fallback);
    const words = transcription.utterances
      .filter((u) => u.channel === channel)
      .flatMap((u) => u.words)
      .sort((a, b) => a.start - b.start);
    wordSpeakers(words, channelTurns, fallback).forEach((speaker, i) => speakerOf.set(words[i]!, speaker));
    offset += Math.max(1, result.speakers);
  }

  const utterances = splitBySpeaker(
    transcription.utterances,
    speakerOf,
    (u) => channelFallback.get(u.channel) ?? 0,
  );
  utterances.sort((a, b) => a.start - b.start || a.channel - b.channel);
  turns.sort((a, b) => a.start - b.start || a.channel - b.channel);
  // Renumbered in order of appearance in the transcript, then of turns nobody's words fell into.
  const order = new Map<number, number>();
  for (const s of [...utterances.map((u) => u.speaker!), ...turns.map((t) => t.speaker)]) {
    if (!order.has(s)) order.set(s, order.size);
  }
  return {
    utterances: utterances.map((u) => ({ ...u, speaker: order.get(u.speaker!)! })),
    turns: turns.map((t) => ({ ...t, speaker: order.get(t.speaker)! })),
    speakers: order.size,
    voice: models.embedding ? `embedding-model:${models.embedding.id}` : 'mfcc-bic',
  };
}

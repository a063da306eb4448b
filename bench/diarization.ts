// `node --import tsx bench/diarization.ts`: diarization error rate and time on dialog_dev.wav, and time (plus
// speaker confusion) on a 5-minute file built from ../shared/audio. Runs the add-on's engine (worker thread,
// built-in MFCC voice model unless an embedding model is installed in ../shared/models). Prints figures only.
import { readFileSync } from 'node:fs';
import { audio, MODELS_DIR } from '../test/helpers/paths';
import { diarizationErrorRate, type Turn } from '../src/main/addons/diarization/der';
import { createDiarizationPool, diarizeChannel, findSpeakerModels } from '../src/main/engine/diarization';
import { loadAudio } from '../src/main/engine/test-audio';

const TARGET_SECONDS = 300;
const GAP_SECONDS = 0.5;

interface DialogTurn {
  start: number;
  end: number;
  voice: string;
}

/**
 * Five voices, no repetition back to back: the shared recordings in turn until 5 minutes. Each clip's whole span is
 * its speaker's turn (their edges hold a little silence, so missed speech here means nothing; confusion does).
 */
function longFile(): { samples: Float32Array; reference: Turn[] } {
  const dialog = (JSON.parse(readFileSync(audio('dialog_dev.json'), 'utf8')) as { segments: DialogTurn[] })
    .segments;
  const clips: [string, string][] = [
    ['dialog_dev.wav', ''],
    ['jfk.wav', 'jfk'],
    ['libri_0870.wav', 'libri'],
    ['libri_0880.wav', 'libri'],
    ['libri_0890.wav', 'libri'],
  ];
  const parts: Float32Array[] = [];
  const reference: Turn[] = [];
  let t = 0;
  for (let i = 0; t < TARGET_SECONDS; i++) {
    const [file, speaker] = clips[i % clips.length]!;
    const clip = loadAudio(file);
    if (speaker) reference.push({ start: t, end: t + clip.length / 16000, speaker });
    else
      for (const turn of dialog)
        reference.push({ start: t + turn.start, end: t + turn.end, speaker: turn.voice });
    parts.push(clip, new Float32Array(GAP_SECONDS * 16000));
    t += clip.length / 16000 + GAP_SECONDS;
  }
  const samples = new Float32Array(
    Math.min(
      TARGET_SECONDS * 16000,
      parts.reduce((n, p) => n + p.length, 0),
    ),
  );
  let offset = 0;
  for (const part of parts) {
    if (offset >= samples.length) break;
    samples.set(part.subarray(0, samples.length - offset), offset);
    offset += part.length;
  }
  return { samples, reference: reference.filter((r) => r.start < TARGET_SECONDS) };
}

async function main(): Promise<void> {
  const models = findSpeakerModels(MODELS_DIR);
  if (!models.segmentation) throw new Error(`no segmentation model in ${MODELS_DIR}`);
  const pool = createDiarizationPool(1);
  const options = { segmentationModel: models.segmentation, embeddingModel: models.embedding?.path, pool };
  console.log(`voice model: ${models.embedding?.id ?? 'built-in MFCC + BIC'}`);
  try {
    // Warm-up: starts the worker and loads the model, as a running server would have done already.
    await diarizeChannel(loadAudio('same_speaker_10s.wav'), options);

    const dialog = loadAudio('dialog_dev.wav');
    const reference = (JSON.parse(readFileSync(audio('dialog_dev.json'), 'utf8')) as { segments: Turn[] })
      .segments;
    let started = performance.now();
    const result = await diarizeChannel(dialog, options);
    let seconds = (performance.now() - started) / 1000;
    const der = diarizationErrorRate(reference, result.turns, 0.25);
    const strict = diarizationErrorRate(reference, result.turns, 0);
    console.log(
      `dialog_dev.wav (${(dialog.length / 16000).toFixed(1)} s): ${result.speakers} speakers (reference 3), ` +
        `DER ${(der.der * 100).toFixed(1)}% with a 0.25 s collar (missed ${der.missed.toFixed(2)} s, false alarm ` +
        `${der.falseAlarm.toFixed(2)} s, confusion ${der.confusion.toFixed(2)} s), ${(strict.der * 100).toFixed(1)}% ` +
        `without; ${seconds.toFixed(2)} s`,
    );

    const long = longFile();
    started = performance.now();
    const longResult = await diarizeChannel(long.samples, options);
    seconds = (performance.now() - started) / 1000;
    const longDer = diarizationErrorRate(long.reference, longResult.turns, 0.25);
    console.log(
      `5-minute file (${(long.samples.length / 16000).toFixed(0)} s, 5 voices): ${longResult.speakers} speakers, ` +
        `${seconds.toFixed(1)} s (real-time factor ${(seconds / (long.samples.length / 16000)).toFixed(3)}), ` +
        `speaker confusion ${((longDer.confusion / longDer.scored) * 100).toFixed(1)}% of the speech`,
    );
  } finally {
    await pool.close();
  }
}

void main();

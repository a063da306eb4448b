import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transcription, Utterance } from '../../../shared/transcript';
import { audio, MODELS_DIR } from '../../../../test/helpers/paths';
import { createDiarizationPool } from '../../engine/diarization';
import { ModelRegistry } from '../../engine/models';
import { EnginePool } from '../../engine/pool';
import { loadAudio } from '../../engine/test-audio';
import { transcribe } from '../../engine/transcriber';
import { buildTranscription, spaceWords } from '../../jobs/pre-recorded/transcription';
import { runAddon } from '../run-addon';
import { diarizationErrorRate } from './der';
import { diarize } from '.';

const resolved = new ModelRegistry(MODELS_DIR).resolve('solaria-1', ['en']);
if (!resolved.ok) throw new Error(resolved.message);
const engine = new EnginePool({ size: 2 });
const pool = createDiarizationPool(1);
afterAll(async () => {
  await engine.close();
  await pool.close();
});

/** A transcript as the pre-recorded pipeline builds it, from the real recogniser. */
async function transcriptOf(channels: Float32Array[]): Promise<Transcription> {
  const { utterances } = await transcribe(
    engine,
    { channels, sampleRate: 16000 },
    {
      model: resolved.ok ? resolved.model : (undefined as never),
      language: 'en',
    },
  );
  return buildTranscription(spaceWords(utterances), ['en']);
}

const reference = (): { start: number; end: number; speaker: number }[] =>
  JSON.parse(readFileSync(audio('dialog_dev.json'), 'utf8')).segments;

const wordsOf = (utterances: Utterance[]) =>
  utterances.flatMap((u) =>
    u.words.map((w) => ({ word: w.word.trim(), start: w.start, end: w.end, confidence: w.confidence })),
  );

function expectWellFormed(before: Transcription, after: Utterance[]): void {
  // Every word kept with its time, only regrouped.
  const sortWords = (w: ReturnType<typeof wordsOf>) =>
    [...w].sort((a, b) => a.start - b.start || a.word.localeCompare(b.word));
  expect(sortWords(wordsOf(after))).toEqual(sortWords(wordsOf(before.utterances)));
  for (const u of after) {
    expect(Number.isInteger(u.speaker)).toBe(true);
    expect(u.speaker).toBeGreaterThanOrEqual(0);
    expect(u.start).toBe(u.words[0]!.start);
    expect(u.end).toBe(u.words[u.words.length - 1]!.end);
    expect(u.text).toBe(u.words.map((w) => w.word).join(''));
    expect(u.words[0]!.word).toBe(u.words[0]!.word.trimStart());
    expect(u.confidence).toBeGreaterThan(0);
    expect(u.confidence).toBeLessThanOrEqual(1);
  }
  after.forEach((u, i) => i > 0 && expect(u.start).toBeGreaterThanOrEqual(after[i - 1]!.start));
}

/** Share of words whose speaker matches the reference speaker at the word's middle, under the best mapping. */
function wordAccuracy(
  utterances: Utterance[],
  turns: { start: number; end: number; speaker: number }[],
): number {
  const pairs = utterances.flatMap((u) =>
    u.words.map((w) => {
      const mid = (w.start + w.end) / 2;
      const gap = (t: { start: number; end: number }) => Math.max(0, t.start - mid, mid - t.end);
      const ref = turns.reduce((best, t) => (gap(t) < gap(best) ? t : best));
      return [u.speaker!, ref.speaker] as const;
    }),
  );
  const hyp = [...new Set(pairs.map((p) => p[0]))];
  const refs = [...new Set(pairs.map((p) => p[1]))];
  // Few speakers: every assignment of hypothesis speakers to reference speakers can be tried.
  let best = 0;
  const tryMap = (i: number, map: Map<number, number>, used: Set<number>): void => {
    if (i === hyp.length) {
      best = Math.max(best, pairs.filter(([h, r]) => map.get(h) === r).length);
      return;
    }
    for (const r of [...refs, -1]) {
      if (r >= 0 && used.has(r)) continue;
      map.set(hyp[i]!, r);
      if (r >= 0) used.add(r);
      tryMap(i + 1, map, used);
      used.delete(r);
    }
  };
  tryMap(0, new Map(), new Set());
  return best / pairs.length;
}

describe('diarize (add-on) on real transcripts', () => {
  let dialog: { samples: Float32Array; transcription: Transcription };
  beforeAll(async () => {
    const samples = loadAudio('dialog_dev.wav');
    dialog = { samples, transcription: await transcriptOf([samples]) };
  });

  it('puts the right speaker on the words of dialog_dev.wav and splits utterances at speaker turns', async () => {
    const started = performance.now();
    const out = await diarize(
      { channels: [dialog.samples], sampleRate: 16000 },
      dialog.transcription,
      {},
      { modelsDir: MODELS_DIR, pool },
    );
    const seconds = (performance.now() - started) / 1000;
    expectWellFormed(dialog.transcription, out.utterances);
    const accuracy = wordAccuracy(out.utterances, reference());
    const utteranceTurns = out.utterances.map((u) => ({ start: u.start, end: u.end, speaker: u.speaker! }));
    const der = diarizationErrorRate(reference(), utteranceTurns, 0.25);
    console.log(
      `dialog_dev.wav add-on: ${out.speakers} speakers (${out.voice}), ${out.utterances.length} utterances ` +
        `(from ${dialog.transcription.utterances.length}), word speaker accuracy ${(accuracy * 100).toFixed(1)}%, ` +
        `DER of the utterances ${(der.der * 100).toFixed(1)}% (collar 0.25 s), ${seconds.toFixed(2)} s`,
    );
    for (const u of out.utterances)
      console.log(`  [${u.start.toFixed(2)}-${u.end.toFixed(2)}] S${u.speaker}: ${u.text}`);
    expect(out.voice).toBe('mfcc-bic');
    expect(out.speakers).toBe(3);
    expect(new Set(out.utterances.map((u) => u.speaker))).toEqual(new Set([0, 1, 2]));
    expect(accuracy).toBeGreaterThanOrEqual(0.95);
    expect(der.der).toBeLessThanOrEqual(0.15);
    // One utterance per turn of the reference at least.
    expect(out.utterances.length).toBeGreaterThanOrEqual(6);
  });

  it('honours number_of_speakers and max_speakers', async () => {
    const input = { channels: [dialog.samples], sampleRate: 16000 as const };
    const two = await diarize(
      input,
      dialog.transcription,
      { number_of_speakers: 2 },
      { modelsDir: MODELS_DIR, pool },
    );
    expect(new Set(two.utterances.map((u) => u.speaker))).toEqual(new Set([0, 1]));
    const capped = await diarize(
      input,
      dialog.transcription,
      { max_speakers: 1, min_speakers: 0 },
      { modelsDir: MODELS_DIR, pool },
    );
    expect(new Set(capped.utterances.map((u) => u.speaker))).toEqual(new Set([0]));
    const zeroes = await diarize(
      input,
      dialog.transcription,
      { number_of_speakers: 0, min_speakers: 0, max_speakers: 0 },
      { modelsDir: MODELS_DIR, pool },
    );
    expect(zeroes.speakers).toBe(3);
  });

  it('finds two speakers in two_speakers_10s.wav and one in same_speaker_10s.wav', async () => {
    for (const [file, speakers] of [
      ['two_speakers_10s.wav', 2],
      ['same_speaker_10s.wav', 1],
    ] as const) {
      const samples = loadAudio(file);
      const transcription = await transcriptOf([samples]);
      const out = await diarize(
        { channels: [samples], sampleRate: 16000 },
        transcription,
        {},
        { modelsDir: MODELS_DIR, pool },
      );
      expectWellFormed(transcription, out.utterances);
      console.log(`${file}: ${out.utterances.map((u) => `S${u.speaker}: ${u.text}`).join(' | ')}`);
      expect(new Set(out.utterances.map((u) => u.speaker)).size, file).toBe(speakers);
      // two_speakers_10s.wav changes voice without a pause: the recogniser's utterance is split there.
      if (speakers === 2) expect(out.utterances.length).toBeGreaterThan(transcription.utterances.length);
      if (speakers === 1) {
        // One voice: the utterances are the recogniser's, untouched but for the speaker.
        expect(out.utterances.map((u) => u.text)).toEqual(transcription.utterances.map((u) => u.text));
      }
    }
  });

  it('numbers speakers across channels', async () => {
    const left = dialog.samples;
    const right = new Float32Array(left.length);
    right.set(loadAudio('jfk.wav').subarray(0, left.length));
    const transcription = await transcriptOf([left, right]);
    const out = await diarize(
      { channels: [left, right], sampleRate: 16000 },
      transcription,
      {},
      { modelsDir: MODELS_DIR, pool },
    );
    expectWellFormed(transcription, out.utterances);
    const speakersOf = (channel: number) =>
      new Set(out.utterances.filter((u) => u.channel === channel).map((u) => u.speaker));
    expect(speakersOf(0).size).toBe(3);
    expect(speakersOf(1).size).toBe(1);
    expect([...speakersOf(1)].some((s) => speakersOf(0).has(s))).toBe(false);
    expect(out.speakers).toBe(4);
  });

  it('fails as an add-on, not as a job, when the model is missing or the config is wrong', async () => {
    const input = { channels: [dialog.samples], sampleRate: 16000 as const };
    const missing = await runAddon('diarization', () =>
      diarize(input, dialog.transcription, {}, { modelsDir: '/nonexistent', pool }),
    );
    expect(missing.success).toBe(false);
    expect(missing.error?.status_code).toBe(422);
    expect(missing.error?.message).toContain('sherpa-onnx-pyannote-segmentation-3-0');
    const wrong = await runAddon('diarization', () =>
      diarize(
        input,
        dialog.transcription,
        { min_speakers: 3, max_speakers: 2 },
        { modelsDir: MODELS_DIR, pool },
      ),
    );
    expect(wrong.error?.status_code).toBe(400);
    const noAudio = await runAddon('diarization', () =>
      diarize({ channels: [], sampleRate: 16000 }, dialog.transcription, {}, { modelsDir: MODELS_DIR, pool }),
    );
    expect(noAudio.success).toBe(false);
  });

  it('wraps into the spec block with the utterances as results', async () => {
    const block = await runAddon(
      'diarization',
      async () =>
        (
          await diarize(
            { channels: [dialog.samples], sampleRate: 16000 },
            dialog.transcription,
            {},
            { modelsDir: MODELS_DIR, pool },
          )
        ).utterances,
    );
    expect(block).toMatchObject({ success: true, is_empty: false, error: null });
    expect(block.exec_time).toBeGreaterThan(0);
    expect(block.results!.every((u) => typeof u.speaker === 'number')).toBe(true);
  });
});

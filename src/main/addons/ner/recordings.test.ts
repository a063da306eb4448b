import { beforeAll, describe, expect, it } from 'vitest';
import type { Transcription } from '../../../shared/transcript';
import { references } from '../../engine/test-audio';
import { transcriptionOf } from './fixtures';
import { recognizeEntities } from './index';
import { transcribeShared } from './speech.fixture';

// The shared recordings, transcribed by the real engine: the names, nationalities and dates said in them.

let heard: Map<string, Transcription>;
beforeAll(async () => {
  heard = await transcribeShared([
    'jfk.wav',
    'libri_0870.wav',
    'libri_0880.wav',
    'libri_0890.wav',
    'dialog_dev.wav',
  ]);
}, 120_000);

const wordTimes = (t: Transcription, word: string): { start: number; end: number } => {
  const w = t.utterances.flatMap((u) => u.words).find((x) => x.word.trim().toLowerCase() === word);
  if (!w) throw new Error(`"${word}" not in "${t.full_transcript}"`);
  return w;
};

describe('named entities in the shared recordings', () => {
  it('finds John Dashwood in libri_0870.wav, timed by his words', () => {
    const t = heard.get('libri_0870.wav')!;
    const entities = recognizeEntities(t);
    console.log(`libri_0870: "${t.full_transcript}" → ${JSON.stringify(entities)}`);
    const name = entities.find((e) => e.entity_type === 'NAME');
    expect(name?.text.toLowerCase()).toBe('john dashwood');
    expect(name!.start).toBe(wordTimes(t, 'john').start);
    expect(name!.end).toBe(wordTimes(t, 'dashwood').end);
  });

  it('finds the nationality JFK addresses', () => {
    const t = heard.get('jfk.wav')!;
    const entities = recognizeEntities(t);
    console.log(`jfk: "${t.full_transcript}" → ${JSON.stringify(entities)}`);
    const origin = entities.find((e) => e.entity_type === 'ORIGIN');
    expect(origin?.text.toLowerCase()).toMatch(/^americans?$/);
    expect(origin!.start).toBeGreaterThan(1);
    expect(origin!.end).toBeLessThan(4);
  });

  it('finds the launch date in the last turn of dialog_dev.wav', () => {
    const t = heard.get('dialog_dev.wav')!;
    const entities = recognizeEntities(t);
    console.log(`dialog_dev: → ${JSON.stringify(entities)}`);
    const date = entities.find((e) => e.entity_type === 'DATE_INTERVAL');
    expect(date?.text.toLowerCase()).toMatch(/week of march$/);
    // The turn runs from 19.97 s to 22.96 s (dialog_dev.json).
    expect(date!.start).toBeGreaterThan(19.97);
    expect(date!.end).toBeLessThanOrEqual(23);
    expect(entities.every((e) => e.entity_type === 'DATE_INTERVAL')).toBe(true);
  });

  it('finds nothing in the two sentences that name nobody', () => {
    expect(recognizeEntities(heard.get('libri_0880.wav')!)).toEqual([]);
    expect(recognizeEntities(heard.get('libri_0890.wav')!)).toEqual([]);
  });

  it('finds the same entities in the reference transcripts', () => {
    const found = references().map((ref) =>
      recognizeEntities(transcriptionOf([ref.text])).map((e) => `${e.entity_type}: ${e.text}`),
    );
    expect(found).toEqual([['ORIGIN: americans'], ['NAME: john dashwood'], [], []]);
  });
});

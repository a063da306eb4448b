import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomVocabularyConfig } from '../../../shared/schemas/common';
import type { Transcription } from '../../../shared/transcript';
import { MODELS_DIR } from '../../../../test/helpers/paths';
import { ModelRegistry } from '../../engine/models';
import { EnginePool } from '../../engine/pool';
import { loadAudio } from '../../engine/test-audio';
import { transcribe } from '../../engine/transcriber';
import { applyCustomSpelling } from '../custom-spelling';
import { punctuate } from '../punctuation';
import { sentenceTexts } from '../sentences';
import { asTranscription, UNRELATED_VOCABULARY } from './fixtures';
import { correctVocabulary, findCorrections, vocabularyHotwords } from './index';

// The text add-ons on what the engine writes now (the fixtures hold what it wrote once): the recordings of
// ../shared/audio through the real recogniser, then vocabulary correction, spelling, punctuation, sentences.

const FILES = ['jfk.wav', 'libri_0870.wav', 'libri_0880.wav', 'libri_0890.wav', 'dialog_dev.wav'];
const resolved = new ModelRegistry(MODELS_DIR).resolve('solaria-1', ['en']);
if (!resolved.ok) throw new Error(resolved.message);
const { model } = resolved;
const pool = new EnginePool({ size: 2 });
afterAll(() => pool.close());

async function recognise(
  file: string,
  hotwords?: { phrase: string; boost: number }[],
): Promise<Transcription> {
  const audio = { channels: [loadAudio(file)], sampleRate: 16000 as const };
  const { utterances } = await transcribe(pool, audio, {
    model,
    language: 'en',
    ...(hotwords && { hotwords }),
  });
  return asTranscription(utterances);
}

const transcripts = new Map<string, Transcription>();
beforeAll(async () => {
  for (const file of FILES) transcripts.set(file, await recognise(file));
});

describe('text add-ons on fresh engine output', () => {
  it('a vocabulary that does not occur changes no recording', () => {
    const config = { vocabulary: UNRELATED_VOCABULARY };
    for (const [file, t] of transcripts) expect(correctVocabulary(t, config), file).toBe(t);
  });

  it('gets "planning call" right through hotwords, and through correction without them', async () => {
    const config: CustomVocabularyConfig = { vocabulary: ['planning call', 'Americans', 'deadline'] };
    const dialog = transcripts.get('dialog_dev.wav')!;
    const biased = await recognise('dialog_dev.wav', vocabularyHotwords(config));
    console.log(`plain:    ${dialog.full_transcript}`);
    console.log(`hotwords: ${biased.full_transcript}`);
    console.log('corrections after hotwords:', findCorrections(biased, config));
    const fixed = correctVocabulary(biased, config);
    console.log(`fixed:    ${fixed.full_transcript}`);
    expect(fixed.full_transcript).toContain('planning call');
    expect(correctVocabulary(dialog, config).full_transcript).toContain('planning call');
    expect(correctVocabulary(transcripts.get('jfk.wav')!, config).full_transcript).toContain(
      'fellow Americans',
    );
  });

  it('vocabulary, spelling, punctuation and sentences chain on the dialog', async () => {
    let t = transcripts.get('dialog_dev.wav')!;
    t = correctVocabulary(t, { vocabulary: ['planning call'] });
    t = applyCustomSpelling(t, { spelling_dictionary: { Agenda: ['agenda'] } });
    t = await punctuate(t);
    const sentences = sentenceTexts(t);
    console.log(sentences);
    expect(sentences[0]).toBe('Good morning, thanks for joining the planning call.');
    expect(sentences).toContain('Should we start with a budget?');
    expect(t.full_transcript).toContain('on the Agenda.');
    expect(t.full_transcript).toBe(t.utterances.map((u) => u.text).join(' '));
  });
});

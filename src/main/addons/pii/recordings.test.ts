import { beforeAll, describe, expect, it } from 'vitest';
import type { Transcription } from '../../../shared/transcript';
import { transcribeShared } from '../ner/speech.fixture';
import { redactPii } from './index';

// PII redaction of the shared recordings as the real engine transcribes them.

let heard: Map<string, Transcription>;
beforeAll(async () => {
  heard = await transcribeShared(['libri_0870.wav', 'jfk.wav', 'dialog_dev.wav']);
}, 120_000);

describe('PII redaction of the shared recordings', () => {
  it('replaces John Dashwood in libri_0870.wav by a marker over his words’ times', () => {
    const source = heard.get('libri_0870.wav')!;
    const { transcription, entities } = redactPii(source, { entity_types: ['GDPR'] });
    console.log(`libri_0870 redacted: "${transcription.full_transcript}"`);
    expect(transcription.full_transcript).toMatch(/^And (mr|mister) \[NAME_1\] had then leisure/);
    expect(entities).toHaveLength(1);
    const words = source.utterances[0]!.words;
    const john = words.findIndex((w) => w.word.trim() === 'john');
    const redacted = transcription.utterances[0]!.words;
    expect(redacted[john]).toMatchObject({
      word: ' [NAME_1]',
      start: words[john]!.start,
      end: words[john + 1]!.end,
    });
    expect(redacted).toHaveLength(words.length - 1);
    expect(redacted.map((w) => w.word).join('')).toBe(transcription.utterances[0]!.text);
  });

  it('masks the name letter for letter, word for word', () => {
    const source = heard.get('libri_0870.wav')!;
    const { transcription } = redactPii(source, { processed_text_type: 'MASK' });
    expect(transcription.full_transcript).toMatch(/^And (mr|mister) #### ######## had then leisure/);
    expect(transcription.utterances[0]!.words.map((w) => [w.start, w.end])).toEqual(
      source.utterances[0]!.words.map((w) => [w.start, w.end]),
    );
  });

  it('redacts what each preset covers in jfk.wav and dialog_dev.wav', () => {
    const jfk = heard.get('jfk.wav')!;
    expect(redactPii(jfk, { entity_types: ['GDPR_SENSITIVE'] }).transcription.full_transcript).toMatch(
      /fellow \[ORIGIN_1\]/,
    );
    expect(redactPii(jfk, { entity_types: ['PCI'] }).transcription).toEqual(jfk);
    const dialog = heard.get('dialog_dev.wav')!;
    expect(redactPii(dialog, { entity_types: ['GDPR'] }).transcription).toEqual(dialog);
    const hipaa = redactPii(dialog, { entity_types: ['HIPAA_SAFE_HARBOR'] }).transcription;
    expect(hipaa.utterances[5]!.text).toMatch(/the \[DATE_INTERVAL_1\]$/);
    expect(hipaa.utterances.slice(0, 5)).toEqual(dialog.utterances.slice(0, 5));
  });
});

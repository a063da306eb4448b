// The LLM add-ons over a transcript the real engine makes of ../shared/audio/dialog_dev.wav, against the loopback
// endpoint: the shapes the job pipeline will put in the result.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transcription } from '../../../shared/transcript';
import { MODELS_DIR } from '../../../../test/helpers/paths';
import { ModelRegistry } from '../../engine/models';
import { EnginePool } from '../../engine/pool';
import { loadAudio } from '../../engine/test-audio';
import { transcribe } from '../../engine/transcriber';
import { buildTranscription, spaceWords } from '../../jobs/pre-recorded/transcription';
import { runAddon } from '../run-addon';
import { audioToLlm } from '../audio-to-llm';
import { nameConsistency } from '../name-consistency';
import { structuredDataExtraction, structuredDataIsEmpty } from '../structured-data';
import { translate, translationIsEmpty } from '../translation';
import { translatingModel } from '../translation/test-translator';
import { createLlmClient, type LlmClient } from './client';
import { summarizeWithLlm } from './summarize';
import { quotedBlocks, startTestEndpoint, userText, type TestEndpoint } from './test-endpoint';

let endpoint: TestEndpoint;
let llm: LlmClient;
let transcription: Transcription;

/** Routes each add-on's prompt to a deterministic answer, as a model following the prompts would give. */
const model = translatingModel((request) => {
  const text = userText(request);
  if (text.startsWith('Classes:')) {
    return JSON.stringify({
      topic: [...new Set(quotedBlocks(request)[0]!.match(/budget|launch|deadline/gi))],
    });
  }
  if (text.includes('spelling to use everywhere')) return '{"names": []}';
  const lines = quotedBlocks(request)[0]!.split('\n');
  return `The transcript has ${lines.length} lines; it starts with "${lines[0]}".`;
});

beforeAll(async () => {
  const resolved = new ModelRegistry(MODELS_DIR).resolve('solaria-1', ['en']);
  if (!resolved.ok) throw new Error(resolved.message);
  const pool = new EnginePool({ size: 2 });
  try {
    const samples = loadAudio('dialog_dev.wav');
    const { utterances } = await transcribe(
      pool,
      { channels: [samples], sampleRate: 16000 },
      {
        model: resolved.model,
        language: 'en',
      },
    );
    transcription = buildTranscription(spaceWords(utterances), ['en']);
  } finally {
    await pool.close();
  }
  endpoint = await startTestEndpoint(model);
  llm = createLlmClient({ llmUrl: endpoint.url, llmModel: 'test-model' })!;
});
afterAll(() => endpoint?.close());

describe('LLM add-ons on the engine transcript of dialog_dev.wav', () => {
  it('translation: one result per language, utterances on the original times, subtitles', async () => {
    const wrapper = await runAddon(
      'translation',
      () =>
        translate(transcription, { target_languages: ['fr', 'es'] }, llm, {
          subtitles: { formats: ['vtt'] },
        }),
      translationIsEmpty,
    );
    expect(wrapper).toMatchObject({ success: true, is_empty: false, error: null });
    const [fr] = wrapper.results!;
    console.log(`engine transcript: "${transcription.full_transcript}"\nfr: "${fr!.full_transcript}"`);
    expect(Object.keys(fr!).sort()).toEqual([
      'error',
      'full_transcript',
      'languages',
      'subtitles',
      'utterances',
    ]);
    expect(fr!.utterances).toHaveLength(transcription.utterances.length);
    fr!.utterances.forEach((u, i) => {
      const source = transcription.utterances[i]!;
      expect([u.start, u.end, u.channel, u.language]).toEqual([
        source.start,
        source.end,
        source.channel,
        'fr',
      ]);
      expect(u.words.every((w) => w.start >= source.start - 1e-9 && w.end <= source.end + 1e-9)).toBe(true);
    });
    expect(fr!.full_transcript).toMatch(/Bon matin/i);
    expect(fr!.subtitles![0]!.subtitles).toMatch(/^WEBVTT\n\n00:00:00\.\d{3} --> /);
  });

  it('audio_to_llm, structured data, name consistency and a summary give the result shapes of spec §2.6', async () => {
    const llmBlock = await runAddon('audio_to_llm', () =>
      audioToLlm(transcription, { prompts: ['Describe it'] }, llm),
    );
    expect(llmBlock.results).toEqual([
      {
        success: true,
        is_empty: false,
        exec_time: expect.any(Number),
        error: null,
        results: { prompt: 'Describe it', response: expect.stringMatching(/^The transcript has 6 lines/) },
      },
    ]);
    const data = await runAddon(
      'structured_data_extraction',
      () => structuredDataExtraction(transcription, { classes: ['topic'] }, llm),
      structuredDataIsEmpty,
    );
    expect(data).toMatchObject({ success: true, is_empty: false });
    expect(JSON.parse(data.results!)).toEqual({ topic: expect.arrayContaining(['budget', 'launch']) });
    const names = await nameConsistency(transcription, {}, llm);
    expect(names.results).toBe(transcription.full_transcript);
    expect(names.replacements).toEqual([]);
    const summary = await summarizeWithLlm(transcription, { type: 'bullet_points' }, llm);
    expect(summary).toMatch(/^The transcript has 6 lines/);
    const summaryPrompt = endpoint.requests.at(-1)!;
    expect(userText(summaryPrompt)).toContain('one line per point, each starting with "- "');
  });
});

import { GladiaClient } from '@gladiaio/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  quotedBlocks,
  startTestEndpoint,
  userText,
  type TestEndpoint,
} from '../../src/main/addons/llm/test-endpoint';
import { translatingModel } from '../../src/main/addons/translation/test-translator';
import { audio } from '../helpers/paths';
import { KEY, removeDir, startServerProcess, type ServerProcess } from '../helpers/server-process';

// Every add-on through the real server process and the real SDK, on the real engine's transcript of
// dialog_dev.wav (three speakers). The language-model add-ons talk to an OpenAI-compatible endpoint that the
// test runs on loopback; a second server without one shows those add-ons failing alone.

let endpoint: TestEndpoint;
let withLlm: ServerProcess;
let withoutLlm: ServerProcess;

/** A model that follows each add-on's prompt deterministically. */
const model = translatingModel((request) => {
  const text = userText(request);
  if (text.startsWith('Classes:')) return JSON.stringify({ person: ['Dashwood'] });
  if (text.includes('spelling to use everywhere')) return '{"names": []}';
  const lines = quotedBlocks(request)[0]?.split('\n') ?? [];
  return `The transcript has ${lines.length} lines.`;
});

const poll = { interval: 250, timeout: 120_000 };
const client = (server: ServerProcess) => new GladiaClient({ apiKey: KEY, apiUrl: server.url }).preRecorded();

beforeAll(async () => {
  endpoint = await startTestEndpoint(model);
  [withLlm, withoutLlm] = await Promise.all([
    startServerProcess({ args: ['--llm-url', endpoint.url, '--llm-model', 'test-model'] }),
    startServerProcess(),
  ]);
});
afterAll(async () => {
  await Promise.all([withLlm?.stop(), withoutLlm?.stop()]);
  await endpoint?.close();
  for (const server of [withLlm, withoutLlm]) if (server) removeDir(server.dataDir);
});

describe('add-ons in pre-recorded jobs', () => {
  it('runs the local add-ons on dialog_dev.wav: speakers, sentences, spelling, entities, PII, sentiment, summary', async () => {
    const job = await client(withoutLlm).transcribe(
      audio('dialog_dev.wav'),
      {
        diarization: true,
        sentences: true,
        punctuation_enhanced: true,
        display_mode: true,
        custom_spelling: true,
        custom_spelling_config: { spelling_dictionary: { 'Mr.': ['mister'] } },
        named_entity_recognition: true,
        sentiment_analysis: true,
        moderation: true,
        summarization: true,
        summarization_config: { type: 'bullet_points' },
        subtitles: true,
        subtitles_config: { formats: ['srt', 'vtt'] },
      } as never,
      poll,
    );
    expect(job.status).toBe('done');
    const result = job.result as unknown as Record<string, any>;
    const t = result.transcription;
    const speakers = new Set(t.utterances.map((u: any) => u.speaker));
    console.log(`speakers ${[...speakers].join(',')}; "${t.full_transcript}"`);
    expect(speakers.size).toBeGreaterThanOrEqual(2);
    for (const u of t.utterances) expect(Number.isInteger(u.speaker)).toBe(true);
    expect(result.diarization).toBeUndefined();

    expect(t.sentences[0]).toMatchObject({ success: true, error: null });
    expect(t.sentences[0].results.length).toBeGreaterThan(0);
    expect(result.sentences.results).toEqual(t.sentences[0].results);
    expect(t.full_transcript).toMatch(/[.?!]$/);
    expect(result.display_mode.results.length).toBeGreaterThan(0);
    expect(t.full_transcript.toLowerCase()).not.toContain('mister');

    expect(result.named_entity_recognition).toMatchObject({ success: true, error: null });
    for (const e of result.named_entity_recognition.results) {
      expect(e).toEqual({
        entity_type: expect.any(String),
        text: expect.any(String),
        start: expect.any(Number),
        end: expect.any(Number),
      });
    }
    expect(result.sentiment_analysis.success).toBe(true);
    expect(Array.isArray(JSON.parse(result.sentiment_analysis.results))).toBe(true);
    expect(result.moderation.success).toBe(true);
    expect(result.summarization).toMatchObject({ success: true, is_empty: false });
    expect(result.summarization.results).toMatch(/^- /m);
    expect(t.subtitles.map((s: any) => s.format)).toEqual(['srt', 'vtt']);
  });

  it('redacts PII with stable markers everywhere', async () => {
    const job = await client(withoutLlm).transcribe(
      audio('libri_0870.wav'),
      {
        pii_redaction: true,
        pii_redaction_config: { processed_text_type: 'MARKER' },
        subtitles: true,
      } as never,
      poll,
    );
    const t = (job.result as any).transcription;
    console.log(`redacted: "${t.full_transcript}"`);
    expect(t.full_transcript.toLowerCase()).not.toContain('dashwood');
    expect(t.full_transcript).toMatch(/\[NAME_1\]/);
    const words = t.utterances.flatMap((u: any) => u.words.map((w: any) => w.word)).join('');
    expect(words.toLowerCase()).not.toContain('dashwood');
    expect(t.subtitles[0].subtitles.toLowerCase()).not.toContain('dashwood');
  });

  it('runs the language-model add-ons against a configured OpenAI-compatible endpoint', async () => {
    const before = endpoint.requests.length;
    const job = await client(withLlm).transcribe(
      audio('jfk.wav'),
      {
        translation: true,
        translation_config: { target_languages: ['fr'] },
        summarization: true,
        audio_to_llm: true,
        audio_to_llm_config: { prompts: ['What is asked of the listeners?'] },
        structured_data_extraction: true,
        structured_data_extraction_config: { classes: ['person'] },
      } as never,
      poll,
    );
    const result = job.result as unknown as Record<string, any>;
    expect(endpoint.requests.length).toBeGreaterThan(before + 3);
    expect(result.translation).toMatchObject({ success: true, error: null });
    expect(result.translation.results[0]).toMatchObject({ languages: ['fr'], error: null });
    expect(result.translation.results[0].utterances.length).toBe(result.transcription.utterances.length);
    expect(result.summarization.results).toMatch(/lines/);
    expect(result.audio_to_llm.results[0]).toMatchObject({
      success: true,
      results: { prompt: 'What is asked of the listeners?', response: expect.any(String) },
    });
    expect(JSON.parse(result.structured_data_extraction.results)).toHaveProperty('person');
  });

  it('without a language model, those add-ons fail alone and say how to configure one', async () => {
    const job = await client(withoutLlm).transcribe(
      audio('jfk.wav'),
      {
        translation: true,
        translation_config: { target_languages: ['fr'] },
        audio_to_llm: true,
        audio_to_llm_config: { prompts: ['Summarize'] },
        summarization: true,
      } as never,
      poll,
    );
    expect(job.status).toBe('done');
    const result = job.result as unknown as Record<string, any>;
    expect(result.transcription.full_transcript.length).toBeGreaterThan(20);
    for (const name of ['translation', 'audio_to_llm']) {
      expect(result[name]).toMatchObject({ success: false, results: null });
      expect(result[name].error.status_code).toBe(501);
      expect(result[name].error.message).toContain('--llm-url');
    }
    // The summary still comes, from the offline extractive summariser.
    expect(result.summarization).toMatchObject({ success: true, is_empty: false });
  });

  it('rejects add-on flags without their config at creation', async () => {
    const response = await fetch(`${withoutLlm.url}/v2/pre-recorded`, {
      method: 'POST',
      headers: { 'x-gladia-key': KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ audio_url: 'https://example.com/a.wav', translation: true }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { validation_errors: string[] };
    expect(body.validation_errors.join('\n')).toContain('translation_config');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEndpoint, type TestEndpoint } from '../../src/main/addons/llm/test-endpoint';
import { translatingModel } from '../../src/main/addons/translation/test-translator';
import { wavPayload } from '../helpers/live-audio';
import { connect, send } from '../helpers/live-socket';
import { audio } from '../helpers/paths';
import { api, removeDir, startServerProcess, type ServerProcess } from '../helpers/server-process';

// Live sessions with realtime_processing and post_processing add-ons (spec §2.4, PROTOCOL §5.4), against the real
// server, models and a loopback OpenAI-compatible endpoint.

let endpoint: TestEndpoint;
let server: ServerProcess;

beforeAll(async () => {
  endpoint = await startTestEndpoint(translatingModel('A call to serve the country.'));
  server = await startServerProcess({ args: ['--llm-url', endpoint.url, '--llm-model', 'test-model'] });
});
afterAll(async () => {
  await server?.stop();
  await endpoint?.close();
  if (server) removeDir(server.dataDir);
});

async function stream(file: string, body: Record<string, unknown>) {
  const init = await api(server.url, 'POST', '/v2/live', body);
  expect(init.status, JSON.stringify(init.body)).toBe(201);
  const socket = await connect(init.body.url);
  await send(socket, wavPayload(audio(file)), 32000);
  socket.ws.send(JSON.stringify({ type: 'stop_recording' }));
  expect((await socket.closed).code).toBe(1000);
  return { id: init.body.id as string, messages: socket.messages };
}

describe('live add-ons', () => {
  it('sends entities, sentiment and translations per final, spelled; summary and blocks after stop', async () => {
    const { id, messages } = await stream('jfk.wav', {
      endpointing: 0.3,
      messages_config: { receive_lifecycle_events: true },
      realtime_processing: {
        custom_spelling: true,
        custom_spelling_config: { spelling_dictionary: { nation: ['country'] } },
        named_entity_recognition: true,
        sentiment_analysis: true,
        translation: true,
        translation_config: { target_languages: ['fr'] },
      },
      post_processing: { summarization: true, summarization_config: { type: 'concise' } },
    });
    const types = messages.map((m) => m.type);
    const finals = messages.filter((m) => m.type === 'transcript' && m.data.is_final);
    expect(finals.length).toBeGreaterThan(0);
    const text = finals.map((m) => m.data.utterance.text).join(' ');
    expect(text).toContain('nation');
    expect(text).not.toContain('country');

    for (const type of ['named_entity_recognition', 'sentiment_analysis', 'translation']) {
      const sent = messages.filter((m) => m.type === type);
      expect(sent.length, type).toBe(finals.length);
      for (const m of sent) {
        expect(m.error).toBeNull();
        expect(finals.map((f) => f.data.id)).toContain(m.data.utterance_id);
      }
    }
    const translation = messages.find((m) => m.type === 'translation');
    expect(translation.data).toMatchObject({ original_language: 'en', target_language: 'fr' });
    expect(translation.data.translated_utterance.text.length).toBeGreaterThan(0);
    for (const r of messages.find((m) => m.type === 'sentiment_analysis').data.results) {
      expect(Object.keys(r).sort()).toEqual(['channel', 'emotion', 'end', 'sentiment', 'start', 'text']);
    }

    // Realtime messages come before the post-processing ones, in PROTOCOL §5.6's order.
    const lastRealtime = Math.max(...['translation', 'sentiment_analysis'].map((t) => types.lastIndexOf(t)));
    expect(lastRealtime).toBeLessThan(types.indexOf('post_transcript'));
    expect(types.indexOf('post_final_transcript')).toBeLessThan(types.indexOf('post_summarization'));
    expect(types.indexOf('post_summarization')).toBeLessThan(types.indexOf('end_session'));
    const summary = messages.find((m) => m.type === 'post_summarization');
    expect(summary).toMatchObject({ error: null, data: { results: 'A call to serve the country.' } });
    const post = messages.find((m) => m.type === 'post_final_transcript').data;
    for (const block of ['named_entity_recognition', 'sentiment_analysis', 'translation', 'summarization']) {
      expect(post[block], block).toMatchObject({ success: true, error: null });
    }

    const job = await api(server.url, 'GET', `/v2/live/${id}`);
    expect(job.body.status).toBe('done');
    expect(job.body.result.summarization.results).toBe('A call to serve the country.');
    expect(job.body.result.translation.results[0].languages).toEqual(['fr']);
  });

  it('reports a failing language model in its messages and still ends the session cleanly', async () => {
    endpoint.queue({ status: 400, body: { error: { message: 'bad request' } } });
    endpoint.queue({ status: 400, body: { error: { message: 'bad request' } } });
    const { messages } = await stream('libri_0890.wav', {
      realtime_processing: { translation: true, translation_config: { target_languages: ['de'] } },
    });
    const translations = messages.filter((m) => m.type === 'translation');
    expect(translations.length).toBeGreaterThan(0);
    expect(translations[0].error.message).toMatch(/400/);
    expect(translations[0].data).toBeNull();
    expect(messages.some((m) => m.type === 'post_final_transcript')).toBe(true);
  });
});

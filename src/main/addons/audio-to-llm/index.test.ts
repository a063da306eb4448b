import { describe, expect, it } from 'vitest';
import { runAddon } from '../run-addon';
import { createLlmClient } from '../llm/client';
import { agendaTranscript, dialogTranscript } from '../llm/fixtures';
import { promptChars, quotedBlocks, userText, type ChatRequest } from '../llm/test-endpoint';
import { endpointPerTest } from '../llm/endpoint-per-test';
import { audioToLlm } from './index';

const startEndpoint = endpointPerTest();

/** Agenda item numbers in a text: "Item 7", "item 3-5". */
function itemsIn(text: string): number[] {
  return [...text.matchAll(/[Ii]tems? (\d+)(?:-(\d+))?/g)].flatMap((m) => {
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    return Array.from({ length: to - from + 1 }, (_, i) => from + i);
  });
}

const list = (numbers: number[]): string => [...new Set(numbers)].sort((a, b) => a - b).join(', ');

/** Notes as a model writes them: runs of items as ranges, so merged notes are shorter than their parts. */
function notes(numbers: number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    runs.push(j > i ? `item ${sorted[i]}-${sorted[j]}` : `item ${sorted[i]}`);
    i = j + 1;
  }
  return runs.length > 0 ? `Discussed ${runs.join(' and ')}.` : 'Nothing relevant.';
}

/**
 * A deterministic stand-in for a model that follows the add-on's prompts: notes list the agenda items of their
 * chunk, merges keep every item, answers name the items and who spoke first.
 */
function meetingModel(request: ChatRequest): string {
  const text = userText(request);
  const [first = '', second = ''] = quotedBlocks(request);
  if (text.includes('Write concise notes') || text.includes('Merge these notes'))
    return notes(itemsIn(second));
  if (text.endsWith('Which agenda items were discussed?'))
    return `The items discussed were ${list(itemsIn(first))}.`;
  if (text.endsWith('Who spoke first?')) return `${first.split('\n')[0]!.split(':')[0]} spoke first.`;
  return 'I do not know.';
}

describe('audioToLlm', () => {
  it('fails with 501 and how to configure a model when none is set', async () => {
    const wrapper = await runAddon('audio_to_llm', () =>
      audioToLlm(dialogTranscript(), { prompts: ['x'] }, null),
    );
    expect(wrapper).toMatchObject({ success: false, is_empty: true, results: null });
    expect(wrapper.error?.status_code).toBe(501);
    expect(wrapper.error?.message).toContain('The audio_to_llm add-on needs a language model');
    expect(wrapper.error?.message).toContain('--llm-url');
  });

  it('answers each prompt over the whole transcript in one request when it fits', async () => {
    const endpoint = await startEndpoint(meetingModel);
    const llm = createLlmClient({ llmUrl: endpoint.url, llmModel: 'test-model' });
    const results = await audioToLlm(
      dialogTranscript(),
      { prompts: ['Who spoke first?', 'Which agenda items were discussed?'] },
      llm,
    );
    expect(results).toHaveLength(2);
    expect(results[0]).toEqual({
      success: true,
      is_empty: false,
      exec_time: expect.any(Number),
      error: null,
      results: { prompt: 'Who spoke first?', response: 'Speaker 1 spoke first.' },
    });
    expect(results[1]!.results).toEqual({
      prompt: 'Which agenda items were discussed?',
      response: 'The items discussed were .',
    });
    expect(endpoint.requests).toHaveLength(2);
    const transcript = quotedBlocks(endpoint.requests[0]!)[0]!;
    expect(transcript.split('\n')).toHaveLength(6);
    expect(transcript).toContain('Speaker 3: Before that, can someone confirm the deadline for the launch?');
  });

  it('condenses a transcript longer than the context chunk by chunk and answers from the notes', async () => {
    const endpoint = await startEndpoint(meetingModel);
    const contextChars = 1500;
    // 240 items give more notes than one request holds: they are merged before the answer.
    for (const count of [60, 240]) {
      const expected = list(Array.from({ length: count }, (_, i) => i + 1));
      const t = agendaTranscript(count);
      endpoint.requests.length = 0;
      const llm = createLlmClient({
        llmUrl: endpoint.url,
        llmModel: 'test-model',
        llmContextChars: contextChars,
      });
      expect(t.full_transcript.length).toBeGreaterThan(3 * contextChars);
      const [answer] = await audioToLlm(t, { prompts: ['Which agenda items were discussed?'] }, llm);
      expect(answer!.results?.response).toBe(`The items discussed were ${expected}.`);
      const noteRequests = endpoint.requests.filter((r) => userText(r).includes('Write concise notes'));
      const merges = endpoint.requests.filter((r) => userText(r).includes('Merge these notes')).length;
      console.log(
        `audio_to_llm, ${t.full_transcript.length} chars, context ${contextChars}: ` +
          `${endpoint.requests.length} requests (${noteRequests.length} notes, ${merges} merges, 1 answer)`,
      );
      expect(noteRequests.length).toBeGreaterThanOrEqual(4);
      expect(endpoint.requests).toHaveLength(noteRequests.length + merges + 1);
      if (count === 240) expect(merges).toBeGreaterThan(0);
      for (const request of endpoint.requests) expect(promptChars(request)).toBeLessThanOrEqual(contextChars);
      // Every utterance went to exactly one notes request, in order.
      const sent = noteRequests.flatMap((r) => itemsIn(quotedBlocks(r)[1]!));
      expect(sent).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    }
  });

  it('reports a failing prompt in its own wrapper and fails as a whole only when every prompt fails', async () => {
    const endpoint = await startEndpoint(meetingModel);
    const llm = createLlmClient({ llmUrl: endpoint.url, llmModel: 'test-model', llmRetries: 0 });
    endpoint.queue({ status: 500, body: { error: { message: 'out of memory' } } });
    const results = await audioToLlm(
      dialogTranscript(),
      { prompts: ['Who spoke first?', 'Who spoke first?'] },
      llm,
    );
    expect(results[0]).toMatchObject({ success: false, results: null, error: { status_code: 502 } });
    expect(results[0]!.error?.message).toContain('answered 500: out of memory');
    expect(results[1]).toMatchObject({ success: true, results: { response: 'Speaker 1 spoke first.' } });

    const empty = await audioToLlm(dialogTranscript(), { prompts: ['  ', 'Who spoke first?'] }, llm);
    expect(empty[0]!.error).toMatchObject({ status_code: 400, message: 'The prompt is empty' });

    endpoint.queue({ status: 500 }, { status: 500 });
    const wrapper = await runAddon('audio_to_llm', () =>
      audioToLlm(dialogTranscript(), { prompts: ['a?', 'b?'] }, llm),
    );
    expect(wrapper.success).toBe(false);
    expect(wrapper.error?.status_code).toBe(502);
  });

  it('uses the model a request names when the endpoint serves it, and skips the model for a silent file', async () => {
    const endpoint = await startEndpoint(meetingModel, { models: ['small', 'large'] });
    const llm = createLlmClient({ llmUrl: endpoint.url, llmModel: 'small' });
    await audioToLlm(dialogTranscript(), { prompts: ['Who spoke first?'], model: 'large' }, llm);
    await audioToLlm(dialogTranscript(), { prompts: ['Who spoke first?'], model: 'openai/gpt-4o-mini' }, llm);
    expect(endpoint.requests.map((r) => r.model)).toEqual(['large', 'small']);
    const silent = await audioToLlm(
      { full_transcript: '', languages: ['en'], utterances: [] },
      { prompts: ['Summarize'] },
      llm,
    );
    expect(silent[0]).toMatchObject({
      success: true,
      is_empty: true,
      results: { prompt: 'Summarize', response: '' },
    });
    expect(endpoint.requests).toHaveLength(2);
  });
});

import { describe, expect, it } from 'vitest';
import { runAddon } from '../run-addon';
import { createLlmClient } from '../llm/client';
import { agendaTranscript, dialogTranscript } from '../llm/fixtures';
import { promptChars, quotedBlocks, userText, type ChatRequest } from '../llm/test-endpoint';
import { endpointPerTest } from '../llm/endpoint-per-test';
import { extractStructuredData, structuredDataExtraction, structuredDataIsEmpty } from './index';

const startEndpoint = endpointPerTest();

// What the stand-in model recognises for each class it is asked about.
const RECOGNISERS: Record<string, RegExp> = {
  date: /\b(last quarter|second week of March)\b/gi,
  topic: /\b(budget|launch|deadline)\b/gi,
  'item number': /\bItem (\d+)\b/g,
  person: /\b(?:Mr|Ms)\. [A-Z][a-z]+\b/g,
};

/** Answers as small models do: inside a code fence, keys capitalised, a trailing comma. */
function extractionModel(request: ChatRequest): string {
  const classes = JSON.parse(/^Classes: (.*)$/m.exec(userText(request))![1]!) as string[];
  const transcript = quotedBlocks(request)[0]!;
  const entries = classes.map((name) => {
    const pattern = RECOGNISERS[name];
    const values = pattern ? [...transcript.matchAll(pattern)].map((m) => m[1] ?? m[0]) : [];
    const key = name.charAt(0).toUpperCase() + name.slice(1);
    return `"${key}": [${values.map((v) => JSON.stringify(v)).join(', ')}]`;
  });
  return `Here is the data:\n\`\`\`json\n{${entries.join(',\n')},}\n\`\`\``;
}

describe('structured data extraction', () => {
  it('fails with 501 and how to configure a model when none is set', async () => {
    const wrapper = await runAddon('structured_data_extraction', () =>
      structuredDataExtraction(dialogTranscript(), { classes: ['date'] }, null),
    );
    expect(wrapper.error).toMatchObject({ status_code: 501, exception: 'LlmNotConfiguredError' });
    expect(wrapper.error?.message).toContain('The structured_data_extraction add-on needs a language model');
  });

  it('extracts each class from the dialog as a JSON string, distinct values in order of mention', async () => {
    const endpoint = await startEndpoint(extractionModel);
    const llm = createLlmClient({ llmUrl: endpoint.url, llmModel: 'test-model' });
    const results = await structuredDataExtraction(
      dialogTranscript(),
      { classes: ['date', 'topic', 'person', 'date'] },
      llm,
    );
    expect(typeof results).toBe('string');
    expect(JSON.parse(results)).toEqual({
      date: ['last quarter', 'second week of March'],
      topic: ['budget', 'deadline', 'launch'],
      person: [],
    });
    expect(structuredDataIsEmpty(results)).toBe(false);
    expect(endpoint.requests).toHaveLength(1);
    expect(endpoint.requests[0]!.response_format).toEqual({ type: 'json_object' });
    expect(userText(endpoint.requests[0]!)).toContain('Speaker 2: Happy to be here.');
  });

  it('extracts chunk by chunk from a long transcript and merges the values without duplicates', async () => {
    const endpoint = await startEndpoint(extractionModel);
    const llm = createLlmClient({ llmUrl: endpoint.url, llmModel: 'test-model', llmContextChars: 1500 });
    const data = await extractStructuredData(
      agendaTranscript(60),
      { classes: ['item number', 'topic'] },
      llm,
    );
    expect(data['item number']).toEqual(Array.from({ length: 60 }, (_, i) => String(i + 1)));
    expect(data.topic).toEqual(['budget']);
    console.log(
      `structured_data_extraction over 60 utterances, context 1500: ${endpoint.requests.length} requests`,
    );
    expect(endpoint.requests.length).toBeGreaterThanOrEqual(4);
    for (const request of endpoint.requests) expect(promptChars(request)).toBeLessThanOrEqual(1500);
  });

  it('is empty when no class has a value, and fails on an unusable answer or no classes', async () => {
    const endpoint = await startEndpoint(extractionModel);
    const llm = createLlmClient({ llmUrl: endpoint.url, llmModel: 'test-model' });
    const none = await structuredDataExtraction(dialogTranscript(), { classes: ['person'] }, llm);
    expect(none).toBe('{"person":[]}');
    expect(structuredDataIsEmpty(none)).toBe(true);

    endpoint.queue('Sorry, I can only chat.');
    const wrapper = await runAddon('structured_data_extraction', () =>
      structuredDataExtraction(dialogTranscript(), { classes: ['date'] }, llm),
    );
    expect(wrapper.error?.status_code).toBe(502);
    expect(wrapper.error?.message).toContain('not the JSON asked for: "Sorry, I can only chat."');

    await expect(extractStructuredData(dialogTranscript(), { classes: [' '] }, llm)).rejects.toMatchObject({
      statusCode: 400,
    });
  });
});

import { describe, expect, it } from 'vitest';
import type { Transcription } from '../../../shared/transcript';
import { runAddon } from '../run-addon';
import { createLlmClient } from '../llm/client';
import { timedUtterance, transcriptionOf } from '../llm/fixtures';
import { userText, type ChatRequest } from '../llm/test-endpoint';
import { endpointPerTest } from '../llm/endpoint-per-test';
import { applyNameMappings, nameConsistency } from './index';

const startEndpoint = endpointPerTest();

const LINES = [
  'Welcome everyone, Katherine will present the budget.',
  'Thanks. Catherine here, and Jon Smyth is joining us.',
  'Great, Kathryn, please go ahead. John Smith, can you hear us?',
  'Yes, this is John Smith from Mc Donald Logistics.',
  'McDonald Logistics sent the numbers, we will mark the date. Mark Jones agrees.',
];

function meeting(rounds = 1): Transcription {
  const utterances = Array.from({ length: rounds }, (_, round) =>
    LINES.map((text, i) => timedUtterance(text, round * 40 + i * 6, round * 40 + i * 6 + 5, i % 3)),
  ).flat();
  return transcriptionOf(utterances);
}

// The stand-in model's knowledge: which spellings belong together. It proposes a group when a variant appears in
// what it was sent, plus some proposals a sloppy model makes, which the add-on must refuse.
const GROUPS = [
  { canonical: 'Katherine', variants: ['Catherine', 'Kathryn'] },
  { canonical: 'John Smith', variants: ['Jon Smyth'] },
  { canonical: 'McDonald Logistics', variants: ['Mc Donald Logistics'] },
  { canonical: 'Marc', variants: ['Mark'] },
];
const SLOPPY = [
  { canonical: 'Katherine', variants: ['everyone'] },
  { canonical: 'John Smith', variants: ['Smith'] },
  { canonical: 'Zed', variants: ['Zedd'] },
];

function namesModel(request: ChatRequest): string {
  const text = userText(request);
  if (text.includes('List every proper name')) {
    const spellings = GROUPS.flatMap((g) => [g.canonical, ...g.variants]).filter((s) => text.includes(s));
    return JSON.stringify({ names: spellings });
  }
  const found = GROUPS.filter((g) => g.variants.some((v) => text.includes(v)));
  return JSON.stringify({ names: [...found, ...SLOPPY] });
}

const CORRECTED = [
  'Welcome everyone, Katherine will present the budget.',
  'Thanks. Katherine here, and John Smith is joining us.',
  'Great, Katherine, please go ahead. John Smith, can you hear us?',
  'Yes, this is John Smith from McDonald Logistics.',
  'McDonald Logistics sent the numbers, we will mark the date. Marc Jones agrees.',
];

function expectCorrected(t: Transcription, rounds: number): void {
  expect(t.utterances.map((u) => u.text)).toEqual(Array.from({ length: rounds }, () => CORRECTED).flat());
  expect(t.full_transcript).toBe(Array.from({ length: rounds }, () => CORRECTED.join(' ')).join(' '));
  for (const u of t.utterances) {
    expect(u.words.map((w) => w.word).join('')).toBe(u.text);
    u.words.forEach((w, i) => {
      expect(w.end).toBeGreaterThanOrEqual(w.start);
      if (i > 0) expect(w.start).toBeGreaterThanOrEqual(u.words[i - 1]!.end - 1e-9);
    });
  }
}

describe('nameConsistency', () => {
  it('fails with 501 and how to configure a model when none is set', async () => {
    const wrapper = await runAddon('name_consistency', () => nameConsistency(meeting(), {}, null));
    expect(wrapper.error?.status_code).toBe(501);
    expect(wrapper.error?.message).toContain('The name_consistency add-on needs a language model');
  });

  it('gives every name one spelling in the full transcript, utterances and words', async () => {
    const endpoint = await startEndpoint(namesModel);
    const llm = createLlmClient({ llmUrl: endpoint.url, llmModel: 'test-model' });
    const input = meeting();
    const before = structuredClone(input);
    const outcome = await nameConsistency(input, {}, llm);
    expect(input).toEqual(before);
    expect(endpoint.requests).toHaveLength(1);
    expectCorrected(outcome.transcription, 1);
    expect(outcome.results).toBe(outcome.transcription.full_transcript);
    expect(outcome.replacements).toEqual([
      { from: 'Catherine', to: 'Katherine', count: 1 },
      { from: 'Kathryn', to: 'Katherine', count: 1 },
      { from: 'Jon Smyth', to: 'John Smith', count: 1 },
      { from: 'Mc Donald Logistics', to: 'McDonald Logistics', count: 1 },
      { from: 'Mark', to: 'Marc', count: 1 },
    ]);

    // Same word count: times kept; fewer words: the new ones share the old span.
    const [original, fixed] = [input.utterances[2]!, outcome.transcription.utterances[2]!];
    expect(fixed.words[1]).toEqual({ ...original.words[1]!, word: ' Katherine,' });
    const logistics = {
      before: input.utterances[3]!.words,
      after: outcome.transcription.utterances[3]!.words,
    };
    expect(logistics.after).toHaveLength(logistics.before.length - 1);
    expect(logistics.after.slice(-2).map((w) => w.word)).toEqual([' McDonald', ' Logistics.']);
    expect(logistics.after.at(-2)!.start).toBe(logistics.before.at(-3)!.start);
    expect(logistics.after.at(-1)!.end).toBe(logistics.before.at(-1)!.end);
  });

  it('lists names chunk by chunk for a long transcript and groups them in one more request', async () => {
    const endpoint = await startEndpoint(namesModel);
    const llm = createLlmClient({ llmUrl: endpoint.url, llmModel: 'test-model', llmContextChars: 1000 });
    const outcome = await nameConsistency(meeting(4), {}, llm);
    const listing = endpoint.requests.filter((r) => userText(r).includes('List every proper name'));
    console.log(`name_consistency over 20 utterances, context 1000: ${endpoint.requests.length} requests`);
    expect(listing.length).toBeGreaterThanOrEqual(2);
    expect(endpoint.requests).toHaveLength(listing.length + 1);
    expect(userText(endpoint.requests.at(-1)!)).toContain('Catherine (4 times)');
    expectCorrected(outcome.transcription, 4);
    expect(outcome.replacements.find((r) => r.from === 'Kathryn')?.count).toBe(4);
  });

  it('matches mixed-case spellings in their case only, and uncased ones in any case', () => {
    const t = transcriptionOf([timedUtterance("mark said that Mark and MARK saw jon smyth's car", 0, 4)]);
    const cased = applyNameMappings(t, [{ from: 'Mark', to: 'Marc' }]).transcription;
    expect(cased.full_transcript).toBe("mark said that Marc and MARK saw jon smyth's car");
    const uncased = applyNameMappings(t, [{ from: 'jon smyth', to: 'John Smith' }]).transcription;
    expect(uncased.utterances[0]!.text).toBe("mark said that Mark and MARK saw John Smith's car");
    expect(uncased.utterances[0]!.words.slice(-3).map((w) => w.word)).toEqual([' John', " Smith's", ' car']);
  });
});

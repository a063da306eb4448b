import { afterEach, describe, expect, it } from 'vitest';
import type { Transcription, Utterance } from '../../../shared/transcript';
import { runAddon } from '../run-addon';
import { createLlmClient } from '../llm/client';
import { agendaTranscript, dialogTranscript, timedUtterance, transcriptionOf } from '../llm/fixtures';
import { promptChars, startTestEndpoint, userText, type TestEndpoint } from '../llm/test-endpoint';
import { translate, translateUtterance, translationIsEmpty } from './index';
import { batchOf, tableTranslate, translatorModel } from './test-translator';

let endpoint: TestEndpoint | undefined;
afterEach(async () => {
  await endpoint?.close();
  endpoint = undefined;
});

async function client(options: { contextChars?: number; retries?: number } = {}) {
  endpoint ??= await startTestEndpoint(translatorModel);
  return createLlmClient({
    llmUrl: endpoint.url,
    llmModel: 'test-model',
    llmContextChars: options.contextChars,
    llmRetries: options.retries,
  });
}

/** Translated utterances keep the original's times, speaker and channel, and their words tile its span. */
function expectRetimed(translated: Utterance[], original: Utterance[], target: string): void {
  expect(translated).toHaveLength(original.length);
  translated.forEach((u, i) => {
    const source = original[i]!;
    expect(u).toMatchObject({
      start: source.start,
      end: source.end,
      channel: source.channel,
      language: target,
    });
    expect(u.speaker).toBe(source.speaker);
    expect(u.words.map((w) => w.word).join('')).toBe(u.text);
    expect(u.words[0]!.start).toBeCloseTo(source.start, 3);
    expect(u.words.at(-1)!.end).toBeCloseTo(source.end, 3);
    u.words.forEach((w, j) => {
      expect(w.end).toBeGreaterThanOrEqual(w.start);
      if (j > 0) expect(w.start).toBeCloseTo(u.words[j - 1]!.end, 3);
    });
  });
}

describe('translate', () => {
  it('fails with 501 and how to configure a model when none is set', async () => {
    const wrapper = await runAddon('translation', () =>
      translate(dialogTranscript(), { target_languages: ['fr'] }, null),
    );
    expect(wrapper).toMatchObject({ success: false, results: null, error: { status_code: 501 } });
    expect(wrapper.error?.message).toContain(
      'The translation add-on needs a language model: start the server',
    );
  });

  it('translates every utterance one-to-one into each target language, words over the original times', async () => {
    const llm = await client();
    const t = dialogTranscript();
    const items = await translate(t, { target_languages: ['fr', 'ja', 'wo', 'haw'] }, llm);
    expect(items.map((i) => i.languages)).toEqual([['fr'], ['ja'], ['wo'], ['haw']]);
    expect(items.every((i) => i.error === null)).toBe(true);
    const [fr, ja, wo] = items;
    expect(fr!.utterances.map((u) => u.text)).toEqual(t.utterances.map((u) => tableTranslate(u.text, 'fr')));
    expect(fr!.utterances[0]!.text).toBe('Bon matin, merci pour joining le planning appel.');
    expect(fr!.full_transcript).toBe(fr!.utterances.map((u) => u.text).join(' '));
    for (const item of items) expectRetimed(item.utterances, t.utterances, item.languages[0]!);
    // Japanese is cut into words by Intl.Segmenter and written without spaces.
    expect(ja!.utterances[0]!.words.map((w) => w.word)).toEqual([
      'これ',
      'は',
      'テスト',
      'の',
      '翻訳',
      'です。',
    ]);
    expect(ja!.full_transcript).toBe('これはテストの翻訳です。'.repeat(6));
    expect(wo!.utterances[1]!.text).toBe('[wo] Happy to be here. Should we start with the budget?');
    expect(endpoint!.requests).toHaveLength(4);
    const prompt = userText(endpoint!.requests[0]!);
    expect(prompt).toContain('Translate each line of this English (en) transcript into French (fr).');
    expect(endpoint!.requests[3]!.messages[0]!.content).toContain('into Hawaiian (haw)');
    expect(translationIsEmpty(items)).toBe(false);
  });

  it('copies utterances already in the target language without asking the model', async () => {
    const llm = await client();
    const t = dialogTranscript();
    const [en] = await translate(t, { target_languages: ['en'] }, llm);
    expect(en!.utterances).toEqual(t.utterances);
    expect(en!.full_transcript).toBe(t.full_transcript);
    expect(endpoint!.requests).toHaveLength(0);
  });

  it('puts context, informal address and lipsync in the prompt as configured', async () => {
    const llm = await client();
    const t = dialogTranscript();
    await translate(
      t,
      {
        target_languages: ['de'],
        context: 'A product team planning meeting.',
        informal: true,
        lipsync: true,
      },
      llm,
    );
    await translate(
      t,
      {
        target_languages: ['de'],
        context: 'ignored',
        context_adaptation: false,
        informal: false,
        lipsync: false,
      },
      llm,
    );
    const [adapted, plain] = endpoint!.requests.map(userText);
    expect(adapted).toContain('About the recording: A product team planning meeting.');
    expect(adapted).toContain('Use informal forms where the language has them');
    expect(adapted).toContain('about as long as its line when spoken');
    expect(plain).not.toContain('About the recording');
    expect(plain).not.toContain('informal');
    expect(plain).not.toContain('as long as its line');
  });

  it('translates a long transcript in batches that fit the context, with the previous lines as context', async () => {
    const contextChars = 1500;
    const llm = await client({ contextChars });
    const t = agendaTranscript(60);
    const [fr] = await translate(t, { target_languages: ['fr'] }, llm);
    const batches = endpoint!.requests.map((r) => batchOf(r).lines.map((l) => l.id));
    console.log(`translation of 60 utterances, context ${contextChars}: ${batches.length} requests`);
    expect(batches.length).toBeGreaterThanOrEqual(4);
    expect(batches.flat()).toEqual(Array.from({ length: 60 }, (_, i) => i));
    for (const request of endpoint!.requests) expect(promptChars(request)).toBeLessThanOrEqual(contextChars);
    expect(userText(endpoint!.requests[1]!)).toContain('The lines just before, for context only');
    expectRetimed(fr!.utterances, t.utterances, 'fr');
    expect(fr!.utterances[59]!.text).toBe(
      "Point 60 de le ordre du jour est le budget pour le team, et nous agree on it aujourd'hui.",
    );
  });

  it('asks again for lines a batch answer leaves out, and halves a batch the model cuts short', async () => {
    const llm = await client();
    const t = agendaTranscript(6);
    endpoint!.queue(
      JSON.stringify({
        translations: [
          { id: 0, text: 'un' },
          { id: 2, text: 'trois' },
        ],
      }),
      { content: '{"translations": [{"id": 1, "text": "deux"}]}' },
    );
    const [first] = await translate(t, { target_languages: ['fr'] }, llm);
    expect(first!.utterances.slice(0, 3).map((u) => u.text)).toEqual(['un', 'deux', 'trois']);
    expect(endpoint!.requests.map((r) => batchOf(r).lines.length)).toEqual([6, 1, 1, 1, 1]);

    endpoint!.requests.length = 0;
    endpoint!.queue({ content: '{"translations": [{"id": 0, "text": "po', finishReason: 'length' });
    const [second] = await translate(t, { target_languages: ['fr'] }, llm);
    expect(endpoint!.requests.map((r) => batchOf(r).lines.length)).toEqual([6, 3, 3]);
    expectRetimed(second!.utterances, t.utterances, 'fr');
  });

  it('translates passages and re-cuts them into sentences when utterances need not match', async () => {
    const llm = await client();
    const t = transcriptionOf([
      timedUtterance('Good morning.', 0, 1, 0),
      timedUtterance('Yes, the budget is the first item.', 1.5, 4, 0),
      timedUtterance('Then we will share the numbers.', 4.2, 6, 0),
      timedUtterance('Thanks.', 7, 8, 1),
      timedUtterance('Good morning.', 20, 21, 1),
    ]);
    const [fr] = await translate(t, { target_languages: ['fr'], match_original_utterances: false }, llm);
    expect(batchOf(endpoint!.requests[0]!).lines.map((l) => l.text)).toEqual([
      'Good morning. Yes, the budget is the first item. Then we will share the numbers.',
      'Thanks.',
      'Good morning.',
    ]);
    expect(userText(endpoint!.requests[0]!)).not.toContain('as long as its line');
    expect(fr!.utterances.map((u) => [u.text, u.speaker])).toEqual([
      ['Bon matin.', 0],
      ['Oui, le budget est le premier point.', 0],
      ['Puis nous vais partager le chiffres.', 0],
      ['Merci.', 1],
      ['Bon matin.', 1],
    ]);
    const passage = fr!.utterances.slice(0, 3);
    expect(passage[0]!.start).toBe(0);
    expect(passage[2]!.end).toBe(6);
    passage.forEach((u, i) => i > 0 && expect(u.start).toBeCloseTo(passage[i - 1]!.end, 3));
    expect(fr!.utterances[4]).toMatchObject({ start: 20, end: 21 });
  });

  it('adds subtitles and sentences per language when the job asks for them', async () => {
    const llm = await client();
    const t = dialogTranscript();
    const [fr] = await translate(t, { target_languages: ['fr'] }, llm, {
      subtitles: { formats: ['srt', 'vtt'] },
      sentences: (translated: Transcription) => translated.utterances.map((u) => u.text),
    });
    expect(fr!.subtitles?.map((s) => s.format)).toEqual(['srt', 'vtt']);
    const srt = fr!.subtitles![0]!.subtitles;
    expect(srt).toMatch(/^1\n00:00:00,300 --> /);
    expect(srt).toMatch(/\nBon matin, merci\spour joining le planning appel\.\n/);
    expect(srt).toContain('--> 00:00:22,960');
    expect(fr!.sentences).toEqual(fr!.utterances.map((u) => u.text));
  });

  it('reports a failing language in its own item and fails as a whole only when all fail', async () => {
    const llm = await client({ retries: 0 });
    endpoint!.queue({ status: 500, body: { error: { message: 'CUDA out of memory' } } });
    const items = await translate(dialogTranscript(), { target_languages: ['de', 'fr'] }, llm);
    expect(items[0]).toMatchObject({ languages: ['de'], utterances: [], full_transcript: '' });
    expect(items[0]!.error).toMatchObject({ status_code: 502, exception: 'LlmUpstreamError' });
    expect(items[0]!.error!.message).toContain('CUDA out of memory');
    expect(items[1]!.error).toBeNull();
    expect(items[1]!.utterances).toHaveLength(6);

    endpoint!.queue({ status: 503 }, { status: 503 });
    const wrapper = await runAddon('translation', () =>
      translate(dialogTranscript(), { target_languages: ['de', 'fr'] }, llm),
    );
    expect(wrapper.success).toBe(false);
    expect(wrapper.error?.status_code).toBe(502);
  });

  it('translates a single live utterance and keeps its times', async () => {
    const llm = await client();
    const u = timedUtterance('Good morning, the budget is the first item.', 12.5, 15, 1);
    const translated = await translateUtterance(u, 'fr', { informal: true }, llm);
    expect(translated).toMatchObject({ start: 12.5, end: 15, speaker: 1, channel: 0, language: 'fr' });
    expect(translated.text).toBe('Bon matin, le budget est le premier point.');
    expect(translated.words[0]).toMatchObject({ word: 'Bon', start: 12.5 });
    expect(userText(endpoint!.requests[0]!)).toContain('informal');
    await expect(translateUtterance(u, 'fr', {}, null)).rejects.toMatchObject({ statusCode: 501 });
  });
});

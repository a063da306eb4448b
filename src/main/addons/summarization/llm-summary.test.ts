import { describe, expect, it } from 'vitest';
import { AddonError, runAddon } from '../run-addon';
import { EMPTY, MEETING, refsTranscript, transcriptOf } from './fixtures';
import { summarize } from './index';
import { chunkLines, promptLines, shapeAnswer } from './llm-summary';

const meeting = transcriptOf(MEETING);

/** A language model stand-in that records its prompts and answers with fixed text. */
function recorder(answer: (prompt: string, call: number) => string = () => 'A fixed summary.') {
  const prompts: string[] = [];
  const llm = async (prompt: string): Promise<string> => {
    prompts.push(prompt);
    return answer(prompt, prompts.length);
  };
  return { llm, prompts };
}

describe('summarize with a language model', () => {
  it('sends the whole transcript, speaker-labelled, with the instruction for the type', async () => {
    const { llm, prompts } = recorder();
    const summary = await summarize(meeting, { type: 'general' }, { llm });
    expect(summary).toBe('A fixed summary.');
    expect(prompts).toHaveLength(1);
    for (const u of meeting.utterances) expect(prompts[0]).toContain(`Speaker ${u.speaker! + 1}: ${u.text}`);
    expect(prompts[0]).toContain('one paragraph');
  });

  it('asks for "- " lines or one or two sentences by type', async () => {
    const { llm, prompts } = recorder();
    await summarize(meeting, { type: 'bullet_points' }, { llm });
    await summarize(meeting, { type: 'concise' }, { llm });
    expect(prompts[0]).toContain('each line starting with "- "');
    expect(prompts[1]).toContain('one or two sentences');
  });

  it('sends unlabelled lines when there was no diarization', async () => {
    const { llm, prompts } = recorder();
    const refs = refsTranscript();
    await summarize(refs, {}, { llm });
    expect(prompts[0]).toContain(refs.utterances[0]!.text);
    expect(prompts[0]).not.toContain('Speaker');
  });

  it('puts the answer in the shape the type promises', async () => {
    const bulletsIn = recorder(() => 'Key points:\n* Budget cut\n2. Launch moved\n• Two offers');
    expect(await summarize(meeting, { type: 'bullet_points' }, { llm: bulletsIn.llm })).toBe(
      '- Budget cut\n- Launch moved\n- Two offers',
    );
    const fenced = recorder(() => '```\nThe team cut ads.\nThe launch moved.\n```');
    expect(await summarize(meeting, { type: 'general' }, { llm: fenced.llm })).toBe(
      'The team cut ads. The launch moved.',
    );
  });

  it('does not call the model for an empty transcript', async () => {
    const { llm, prompts } = recorder();
    expect(await summarize(EMPTY, { type: 'concise' }, { llm })).toBe('');
    expect(prompts).toHaveLength(0);
  });

  it('summarises a long transcript in parts, then the summaries', async () => {
    const { llm, prompts } = recorder((prompt, call) => `Summary ${call} of a part.`);
    const budget = 1000;
    const summary = await summarize(meeting, { type: 'concise' }, { llm, chunkChars: budget });
    const lines = promptLines(meeting);
    const parts = chunkLines(lines, budget);
    expect(parts.length).toBeGreaterThan(3);
    expect(prompts).toHaveLength(parts.length + 1);
    // Every line goes to exactly one part prompt, in order, and no part is over budget.
    let line = 0;
    parts.forEach((part, i) => {
      expect(part.length).toBeLessThanOrEqual(budget);
      expect(prompts[i]).toContain(`part ${i + 1} of ${parts.length}`);
      expect(prompts[i]).toContain(part);
      for (const own of part.split('\n')) expect(own).toBe(lines[line++]);
    });
    expect(line).toBe(lines.length);
    const final = prompts[prompts.length - 1]!;
    for (let i = 1; i <= parts.length; i++) expect(final).toContain(`Summary ${i} of a part.`);
    expect(final).toContain('one or two sentences');
    expect(summary).toBe(`Summary ${parts.length + 1} of a part.`);
  });

  it('merges part summaries until they fit, even when the model is wordy', async () => {
    const wordy = 'The team talked about the plan at length. '.repeat(10).trim();
    const { llm, prompts } = recorder((prompt) =>
      prompt.includes('Merge them') ? wordy.slice(0, 300) : wordy,
    );
    const summary = await summarize(meeting, { type: 'general' }, { llm, chunkChars: 1000 });
    expect(prompts.some((p) => p.includes('Merge them'))).toBe(true);
    const final = prompts[prompts.length - 1]!;
    expect(final).toContain('one paragraph');
    expect(final.length).toBeLessThan(1000 + 600);
    expect(summary.length).toBeGreaterThan(0);
  });

  it('turns a model failure into a 502 that names the cause, and keeps an AddonError as it is', async () => {
    const failing = async (): Promise<string> => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:11434');
    };
    const wrapped = await runAddon('summarization', () => summarize(meeting, {}, { llm: failing }));
    expect(wrapped.success).toBe(false);
    expect(wrapped.error?.status_code).toBe(502);
    expect(wrapped.error?.message).toContain('ECONNREFUSED');

    const timedOut = async (): Promise<string> => {
      throw new AddonError(504, 'The language model did not answer in time');
    };
    await expect(summarize(meeting, {}, { llm: timedOut })).rejects.toMatchObject({ statusCode: 504 });

    const silent = recorder(() => '   ');
    await expect(summarize(meeting, {}, { llm: silent.llm })).rejects.toMatchObject({ statusCode: 502 });
  });
});

describe('chunkLines and shapeAnswer', () => {
  it('cuts an over-long line between words and never exceeds the budget', () => {
    const line = 'word '.repeat(100).trim();
    const chunks = chunkLines([line, 'short'], 120);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(120);
    expect(chunks.join(' ').replace(/\n/g, ' ')).toBe(`${line} short`);
    expect(chunkLines(['x'.repeat(250)], 100).map((c) => c.length)).toEqual([100, 100, 50]);
  });

  it('joins paragraphs and normalises list markers', () => {
    expect(shapeAnswer('One.\n\nTwo.', 'concise')).toBe('One. Two.');
    expect(shapeAnswer('- a\n-b\n1) c', 'bullet_points')).toBe('- a\n- b\n- c');
  });
});

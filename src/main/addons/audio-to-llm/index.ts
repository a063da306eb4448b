import type { AddonResult, Transcription } from '../../../shared/transcript';
import { AddonError, runAddon } from '../run-addon';
import type { LlmClient } from '../llm/client';
import { transcriptLines } from '../llm/chunks';
import { llmNotConfigured } from '../llm/errors';
import { answerOverTranscript } from '../llm/map-reduce';

export interface AudioToLlmOptions {
  prompts: string[];
  /** The model the request named; honoured only when the configured endpoint serves a model of that name. */
  model?: string | undefined;
}

/** One prompt's answer (spec §2.6: the `results` of each inner wrapper). */
export interface AudioToLlmAnswer {
  prompt: string;
  response: string;
}

const SYSTEM =
  'You are given the transcript of an audio recording. It comes from speech recognition and may contain ' +
  'recognition errors. Do what the user asks about the recording, using only what the transcript says. Answer in ' +
  'the language of the request unless it asks for another, with the answer only.';

const answerIsEmpty = (answer: AudioToLlmAnswer): boolean => answer.response.trim() === '';

/**
 * The audio_to_llm add-on: one wrapper per prompt, in the order given, each with `{prompt, response}`. A prompt
 * that fails reports its own error; when every prompt fails, the first error is thrown so the add-on's outer
 * wrapper fails too. Without a configured model it throws 501.
 */
export async function audioToLlm(
  t: Transcription,
  options: AudioToLlmOptions,
  llm: LlmClient | null,
): Promise<AddonResult<AudioToLlmAnswer>[]> {
  if (!llm) throw llmNotConfigured('audio_to_llm');
  const lines = transcriptLines(t);
  const failures: unknown[] = [];
  const results: AddonResult<AudioToLlmAnswer>[] = [];
  for (const prompt of options.prompts) {
    const wrapper = await runAddon(
      'audio_to_llm',
      async () => {
        try {
          return { prompt, response: await answer(llm, lines, prompt, options.model) };
        } catch (error) {
          failures.push(error);
          throw error;
        }
      },
      answerIsEmpty,
    );
    results.push(wrapper);
  }
  if (failures.length > 0 && failures.length === options.prompts.length) throw failures[0];
  return results;
}

async function answer(llm: LlmClient, lines: string[], prompt: string, model: string | undefined) {
  if (prompt.trim() === '') throw new AddonError(400, 'The prompt is empty');
  // Nothing was said: there is nothing to ask the model about.
  if (lines.length === 0) return '';
  return answerOverTranscript(llm, lines, {
    system: SYSTEM,
    request: prompt.trim(),
    options: { temperature: 0.2, ...(model ? { model } : {}) },
  });
}

import type { Transcription, Utterance } from '../../../shared/transcript';
import { AddonError } from '../run-addon';
import type { SummaryType } from './extractive';

/** A language model as the summariser sees it: a prompt in, the answer's text out. */
export type LlmFn = (prompt: string) => Promise<string>;

/** Characters of transcript per prompt; a local 8k-token model holds this with room for the instructions. */
export const DEFAULT_CHUNK_CHARS = 12_000;
/** Each round of summarising summaries shrinks the text; a model that does not is cut short after this. */
const MAX_ROUNDS = 4;

const CONTEXT =
  'The text comes from automatic speech recognition and may contain recognition errors. ' +
  'Use only what it says, and write in the language it is in.';

const INSTRUCTIONS: Record<SummaryType, string> = {
  general:
    'Write a summary as one paragraph of plain prose: no heading, no list, nothing before or after it.',
  bullet_points:
    'Write the key points as a list, one point per line, each line starting with "- ". ' +
    'No heading and nothing before or after the list.',
  concise: 'Summarize it in one or two sentences. No heading and nothing before or after them.',
};

const fenced = (text: string): string => `"""\n${text}\n"""`;

function lineOf(utterance: Utterance): string {
  const text = utterance.text.replace(/\s+/g, ' ').trim();
  if (text === '') return '';
  return typeof utterance.speaker === 'number' ? `Speaker ${utterance.speaker + 1}: ${text}` : text;
}

/** The transcript as prompt lines, one per utterance (speaker-labelled when diarization ran). */
export function promptLines(t: Transcription): string[] {
  const lines = (t.utterances ?? []).map(lineOf).filter((line) => line !== '');
  if (lines.length > 0) return lines;
  const full = (t.full_transcript ?? '').trim();
  return full === '' ? [] : [full];
}

/** Packs lines into chunks of at most `budget` characters; a longer line is cut between words (or anywhere). */
export function chunkLines(lines: string[], budget: number): string[] {
  const pieces = lines.flatMap((line) => {
    if (line.length <= budget) return [line];
    const out: string[] = [];
    let rest = line;
    while (rest.length > budget) {
      const space = rest.lastIndexOf(' ', budget);
      const cut = space > budget / 2 ? space : budget;
      out.push(rest.slice(0, cut).trim());
      rest = rest.slice(cut).trim();
    }
    if (rest !== '') out.push(rest);
    return out;
  });
  const chunks: string[] = [];
  let current = '';
  for (const piece of pieces) {
    if (current !== '' && current.length + 1 + piece.length > budget) {
      chunks.push(current);
      current = '';
    }
    current = current === '' ? piece : `${current}\n${piece}`;
  }
  if (current !== '') chunks.push(current);
  return chunks;
}

async function ask(llm: LlmFn, prompt: string): Promise<string> {
  let answer: string;
  try {
    answer = await llm(prompt);
  } catch (error) {
    if (error instanceof AddonError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new AddonError(502, `The language model failed: ${message}`, { cause: error });
  }
  const text = (answer ?? '').replace(/^```[^\n]*\n([\s\S]*?)\n```$/, '$1').trim();
  if (text === '') throw new AddonError(502, 'The language model returned an empty summary');
  return text;
}

const partPrompt = (chunk: string, part: number, parts: number): string =>
  `Here is part ${part} of ${parts} of the transcript of one recording. ${CONTEXT}\n\n${fenced(chunk)}\n\n` +
  'Summarize this part in a short paragraph, keeping the facts, names, numbers and decisions, in order.';

const mergePrompt = (summaries: string): string =>
  `Here are summaries of consecutive parts of one recording, in order. ${CONTEXT}\n\n${fenced(summaries)}\n\n` +
  'Merge them into one shorter summary, keeping the facts, names, numbers and decisions, in order.';

const finalPrompt = (body: string, type: SummaryType, fromSummaries: boolean): string =>
  (fromSummaries
    ? `Here are summaries of consecutive parts of the transcript of one recording, in order. ${CONTEXT}`
    : `Here is the transcript of a recording. ${CONTEXT}`) + `\n\n${fenced(body)}\n\n${INSTRUCTIONS[type]}`;

/** Puts the model's answer in the shape the type promises. */
export function shapeAnswer(answer: string, type: SummaryType): string {
  const lines = answer
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (type !== 'bullet_points') return lines.join(' ');
  // Chatty models open with "Here are the key points:"; that line is not a point.
  if (lines.length > 1 && lines[0]!.endsWith(':')) lines.shift();
  return lines.map((line) => `- ${line.replace(/^(?:[-*•–]\s*|\d+[.)]\s+)/u, '')}`).join('\n');
}

/**
 * Summary by a language model. A transcript longer than `chunkChars` is summarised part by part, those
 * summaries merged until they fit one prompt, and the requested summary written from them.
 */
export async function llmSummary(t: Transcription, type: SummaryType, llm: LlmFn, chunkChars: number) {
  const lines = promptLines(t);
  if (lines.length === 0) return '';
  const chunks = chunkLines(lines, chunkChars);
  if (chunks.length === 1) return shapeAnswer(await ask(llm, finalPrompt(chunks[0]!, type, false)), type);

  let summaries: string[] = [];
  for (const [i, chunk] of chunks.entries())
    summaries.push(await ask(llm, partPrompt(chunk, i + 1, chunks.length)));
  for (let round = 0; summaries.join('\n\n').length > chunkChars; round++) {
    if (round >= MAX_ROUNDS) {
      summaries = [summaries.join('\n\n').slice(0, chunkChars)];
      break;
    }
    const groups = chunkLines(summaries, chunkChars);
    summaries = [];
    for (const group of groups) summaries.push(await ask(llm, mergePrompt(group)));
  }
  return shapeAnswer(await ask(llm, finalPrompt(summaries.join('\n\n'), type, true)), type);
}

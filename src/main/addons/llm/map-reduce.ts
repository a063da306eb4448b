import type { CompleteOptions, LlmClient } from './client';
import { chunkLines, transcriptBudget } from './chunks';

export interface TranscriptTask {
  /** What the answer must do: the user's prompt, or a summary instruction. */
  request: string;
  /** The role text for the final answer. */
  system: string;
  /** Passed to every call (e.g. the model a request named). */
  options?: CompleteOptions;
}

// Template text around the transcript, counted against the context so prompts never overflow it.
const TEMPLATE_CHARS = 600;
// The share of the context kept free for the model's answer.
const ANSWER_SHARE = 0.25;
// Merging notes shrinks them each round; a model that does not shrink them is cut off after this many rounds.
const MAX_MERGE_ROUNDS = 4;

const NOTES_SYSTEM =
  'You take notes on one part of a speech transcript for a later step that answers a request about the whole ' +
  'recording. The transcript comes from speech recognition and may contain recognition errors.';

const quoted = (text: string): string => `"""\n${text}\n"""`;

/**
 * Answers a request about a transcript. When the transcript fits the model's context it is sent whole; otherwise
 * each chunk is condensed into notes for the request (map), notes are merged until they fit (reduce), and the
 * answer is written from the notes.
 */
export async function answerOverTranscript(
  llm: LlmClient,
  lines: string[],
  task: TranscriptTask,
): Promise<string> {
  const budget = transcriptBudget(
    llm,
    task.system.length + task.request.length + TEMPLATE_CHARS,
    ANSWER_SHARE,
  );
  const text = lines.join('\n');
  if (text.length <= budget) {
    return llm.complete(
      [
        { role: 'system', content: task.system },
        { role: 'user', content: `Transcript:\n${quoted(text)}\n\n${task.request}` },
      ],
      task.options,
    );
  }
  const chunks = chunkLines(lines, budget);
  let notes: string[] = [];
  for (const [i, chunk] of chunks.entries()) {
    notes.push(await takeNotes(llm, task, chunk, i, chunks.length));
  }
  let previous = Infinity;
  for (let round = 0; joinedNotes(notes).length > budget; round++) {
    const length = joinedNotes(notes).length;
    // Notes that stop shrinking would loop for ever: keep what fits, from the start of the recording.
    if (round >= MAX_MERGE_ROUNDS || length > previous * 0.9) {
      notes = [joinedNotes(notes).slice(0, budget)];
      break;
    }
    previous = length;
    const groups = chunkLines(notes, budget);
    notes = [];
    for (const group of groups) notes.push(await mergeNotes(llm, task, group));
  }
  return llm.complete(
    [
      { role: 'system', content: task.system },
      {
        role: 'user',
        content:
          'Notes taken, in order, from consecutive parts of the transcript of one recording:\n' +
          `${quoted(joinedNotes(notes))}\n\n` +
          `Using these notes about the whole recording, do the following.\n${task.request}`,
      },
    ],
    task.options,
  );
}

const joinedNotes = (notes: string[]): string => notes.join('\n\n');

function takeNotes(llm: LlmClient, task: TranscriptTask, chunk: string, index: number, count: number) {
  return llm.complete(
    [
      { role: 'system', content: NOTES_SYSTEM },
      {
        role: 'user',
        content:
          `Request about the whole recording:\n${quoted(task.request)}\n\n` +
          `Part ${index + 1} of ${count} of the transcript:\n${quoted(chunk)}\n\n` +
          'Write concise notes on everything in this part that helps with the request: facts, names, numbers, ' +
          'decisions and short quotes, in the order they come. Write "Nothing relevant." if there is none.',
      },
    ],
    task.options,
  );
}

function mergeNotes(llm: LlmClient, task: TranscriptTask, notes: string) {
  return llm.complete(
    [
      { role: 'system', content: NOTES_SYSTEM },
      {
        role: 'user',
        content:
          `Request about the whole recording:\n${quoted(task.request)}\n\n` +
          `Notes from consecutive parts of the transcript:\n${quoted(notes)}\n\n` +
          'Merge these notes into one shorter set of notes, keeping their order and everything that helps ' +
          'with the request.',
      },
    ],
    task.options,
  );
}

import { languageName } from '../llm/languages';

/** One line to translate: an utterance, or a passage of consecutive utterances. */
export interface SourceLine {
  id: number;
  text: string;
}

export interface PromptSettings {
  target: string;
  /** The source language when every line shares one. */
  source: string | undefined;
  context: string | undefined;
  informal: boolean;
  /** Ask for translations about as long as the original, so they can be voiced in the same time. */
  lipsync: boolean;
}

export const systemPrompt = (target: string): string =>
  `You are a professional translator of speech transcripts into ${languageName(target)}. The source comes from ` +
  'speech recognition and may contain recognition errors: translate what the speaker meant. Reply with a JSON ' +
  'object only.';

/** The request for one batch: lines as JSON with ids, answered as `{"translations": [{id, text}]}`. */
export function batchPrompt(lines: SourceLine[], before: string[], settings: PromptSettings): string {
  const target = languageName(settings.target);
  const from = settings.source ? `${languageName(settings.source)} ` : '';
  const parts = [`Translate each line of this ${from}transcript into ${target}.`];
  if (settings.context) parts.push(`About the recording: ${settings.context.trim()}`);
  if (before.length > 0) {
    parts.push(`The lines just before, for context only (do not translate them):\n${before.join('\n')}`);
  }
  const rules = [
    '- Translate each line on its own and keep its id: never merge, split, drop or reorder lines.',
    '- Keep the meaning, names and numbers; add no notes or explanations.',
  ];
  if (settings.informal) {
    rules.push(
      '- Use informal forms where the language has them (for example "tu" rather than "vous" in French, ' +
        '"du" rather than "Sie" in German).',
    );
  }
  if (settings.lipsync) {
    rules.push('- Keep each translation about as long as its line when spoken, so it fits the same time.');
  }
  parts.push(`Rules:\n${rules.join('\n')}`);
  parts.push(
    `Reply with {"translations": [{"id": <id>, "text": "<${target} translation>"}]}, one entry per line.`,
  );
  parts.push(`Lines:\n${JSON.stringify({ lines })}`);
  return parts.join('\n\n');
}

/** Characters of prompt around the lines, for the context budget. */
export const PROMPT_OVERHEAD_CHARS = 1400;

import { distance } from 'fastest-levenshtein';
import type { Transcription } from '../../../shared/transcript';
import type { LlmClient } from '../llm/client';
import { chunkLines, transcriptBudget, transcriptLines } from '../llm/chunks';
import { llmNotConfigured } from '../llm/errors';
import { isRecord, parseModelJson, textOf } from '../llm/json';
import { applyNameMappings, namePattern, type NameMapping } from './apply';

export { applyNameMappings, type NameMapping } from './apply';

export interface NameReplacement extends NameMapping {
  /** Times the spelling was replaced. */
  count: number;
}

export interface NameConsistencyOutcome {
  /** A copy of the transcription with one spelling per name; the input is left as it was. */
  transcription: Transcription;
  /** The spellings replaced, in the order the model gave them. */
  replacements: NameReplacement[];
  /** The add-on's `results` as spec §2.6 types it (a string): the corrected full transcript. */
  results: string;
}

const SYSTEM =
  'You check speech transcripts for names spelled in different ways. The transcripts come from speech ' +
  'recognition, which often spells one name several ways. Reply with a JSON object only.';
const TEMPLATE_CHARS = 900;
const ANSWER_SHARE = 0.25;
/** How alike two spellings must be (1 - edit distance / length) to count as one name: "Jon"/"John" are. */
const MIN_SIMILARITY = 0.5;

const GROUPS_FORMAT =
  'Reply with {"names": [{"canonical": "the spelling to use everywhere", "variants": ["each other spelling, ' +
  'exactly as written"]}]}. Only list names written in more than one way; reply {"names": []} when every name ' +
  'is spelled one way. Never group different people or things, and never add names that are not written here.';

/**
 * The name_consistency add-on: the language model finds names spelled several ways and picks one spelling, which
 * is applied to the full transcript, utterance texts and words. Long transcripts: names are listed chunk by chunk,
 * then grouped in one request. Mappings that are not plausible respellings are ignored.
 */
export async function nameConsistency(
  t: Transcription,
  _config: unknown,
  llm: LlmClient | null,
): Promise<NameConsistencyOutcome> {
  if (!llm) throw llmNotConfigured('name_consistency');
  const lines = transcriptLines(t);
  const budget = transcriptBudget(llm, SYSTEM.length + TEMPLATE_CHARS, ANSWER_SHARE);
  const chunks = chunkLines(lines, budget);
  let proposed: NameMapping[] = [];
  if (chunks.length === 1) {
    proposed = groupsOf(await ask(llm, `Transcript:\n"""\n${chunks[0]}\n"""\n\n${GROUPS_FORMAT}`));
  } else if (chunks.length > 1) {
    const names = await listNames(llm, chunks, t);
    for (const group of chunkLines(names, budget)) {
      const prompt = `Names found in one transcript, with how often each occurs:\n${group}\n\n${GROUPS_FORMAT}`;
      proposed.push(...groupsOf(await ask(llm, prompt)));
    }
  }
  const mappings = plausible(proposed, t);
  const { transcription, counts } = applyNameMappings(t, mappings);
  const replacements = mappings
    .map((m) => ({ ...m, count: counts.get(m.from) ?? 0 }))
    .filter((r) => r.count > 0);
  return { transcription, replacements, results: transcription.full_transcript };
}

async function ask(llm: LlmClient, content: string): Promise<unknown> {
  const answer = await llm.complete(
    [
      { role: 'system', content: SYSTEM },
      { role: 'user', content },
    ],
    { json: true },
  );
  return parseModelJson(answer);
}

/** Every proper name of each chunk, as "Name (n times)" lines for the grouping request. */
async function listNames(llm: LlmClient, chunks: string[], t: Transcription): Promise<string[]> {
  const names = new Map<string, string>();
  for (const chunk of chunks) {
    const parsed = await ask(
      llm,
      `Transcript part:\n"""\n${chunk}\n"""\n\nList every proper name in it (people, organisations, places, ` +
        'products, brands), each spelling exactly as written, as {"names": ["...", "..."]}.',
    );
    const list = isRecord(parsed) ? parsed.names : parsed;
    for (const item of Array.isArray(list) ? list : []) {
      const name = textOf(item);
      if (name && !names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
    }
  }
  return [...names.values()]
    .map((name) => ({ name, count: occurrences(t.full_transcript, name) }))
    .filter((n) => n.count > 0)
    .map((n) => `${n.name} (${n.count} time${n.count === 1 ? '' : 's'})`);
}

function groupsOf(parsed: unknown): NameMapping[] {
  const groups = isRecord(parsed) ? parsed.names : parsed;
  const out: NameMapping[] = [];
  for (const group of Array.isArray(groups) ? groups : []) {
    if (!isRecord(group)) continue;
    const to = textOf(group.canonical);
    const variants = Array.isArray(group.variants) ? group.variants : [];
    if (!to) continue;
    for (const variant of variants) {
      const from = textOf(variant);
      if (from) out.push({ from, to });
    }
  }
  return out;
}

const letters = (text: string): string => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
const occurrences = (text: string, name: string): number => text.match(namePattern(name))?.length ?? 0;

function similar(a: string, b: string): boolean {
  const x = letters(a);
  const y = letters(b);
  if (!x || !y) return false;
  return 1 - distance(x, y) / Math.max(x.length, y.length) >= MIN_SIMILARITY;
}

/**
 * The mappings worth applying: a different spelling of a similar-looking name that occurs in the transcript.
 * "Smith" → "John Smith" is refused (a short form, not a misspelling), as is a spelling claimed by two names.
 */
function plausible(proposed: NameMapping[], t: Transcription): NameMapping[] {
  const text = t.full_transcript || (t.utterances ?? []).map((u) => u.text).join(' ');
  const claimed = new Set<string>();
  const out: NameMapping[] = [];
  for (const { from, to } of proposed) {
    const key = from.toLowerCase();
    if (from === to || claimed.has(key) || !similar(from, to)) continue;
    if (key !== to.toLowerCase() && (occurrences(to, from) > 0 || occurrences(from, to) > 0)) continue;
    if (occurrences(text, from) === 0) continue;
    claimed.add(key);
    out.push({ from, to });
  }
  return out;
}

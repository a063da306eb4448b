import type { PiiRedactionConfig } from '../../../shared/schemas/pre-recorded';
import type { Subtitle, Transcription, Utterance, Word } from '../../../shared/transcript';
import { placeEntities, type EntityType, type NamedEntity, type PlacedEntity } from '../ner';
import { utteranceText } from '../ner/detect';
import { placeWords } from '../ner/tokens';
import { expandEntityTypes } from './presets';
import {
  mask,
  MarkerBook,
  redactWords,
  replaceSpans,
  surfaceRedactor,
  type ProcessedTextType,
  type Replacement,
  type SurfaceRedactor,
} from './replace';

/** A redacted entity: what was found, where, and what replaced it. */
export interface RedactedEntity extends NamedEntity {
  replacement: string;
}

export interface PiiRedaction {
  transcription: Transcription;
  entities: RedactedEntity[];
  /**
   * Redacts any other text of the job the same way (same markers): the deprecated top-level `sentences`
   * block, subtitles built after redaction, another add-on's output.
   */
  redactText: (text: string) => string;
}

interface Redaction extends Replacement {
  type: EntityType;
  text: string;
  start: number;
  end: number;
  utterance: number;
}

/** The spans to redact: the whole entity when its type is asked for, else the parts whose types are. */
function choose(entities: PlacedEntity[], wanted: Set<EntityType>): Omit<Redaction, 'replacement'>[] {
  const out: Omit<Redaction, 'replacement'>[] = [];
  for (const e of entities) {
    if (wanted.has(e.type))
      out.push({
        type: e.type,
        text: e.text,
        from: e.from,
        to: e.to,
        start: e.start,
        end: e.end,
        utterance: e.utterance,
      });
    else {
      for (const p of e.parts) if (wanted.has(p.type)) out.push({ ...p, utterance: e.utterance });
    }
  }
  return out;
}

function redactUtterance(
  u: Utterance,
  redactions: Redaction[],
  type: ProcessedTextType,
  surface: SurfaceRedactor,
): Utterance {
  if (redactions.length === 0) return u;
  const text = utteranceText(u);
  const places = placeWords(text, u.words);
  const words = redactWords(u.words, places, text, redactions, type).map((w, i): Word => {
    // A word that could not be placed in the text is redacted by its value, never left as it was.
    return places[i] === null && i < u.words.length && w.word === u.words[i]!.word
      ? { ...w, word: surface.redact(w.word) }
      : w;
  });
  const redacted = replaceSpans(text, redactions);
  return { ...u, text: u.text.trim() === '' ? u.text : redacted, words };
}

function redactSubtitle(subtitle: Subtitle, surface: SurfaceRedactor): Subtitle {
  // Cue text only: indexes, timings and the WEBVTT header stay as they are.
  const blocks = subtitle.subtitles.split(/(\n\s*\n)/);
  const redacted = blocks.map((block) => {
    const lines = block.split('\n');
    const timing = lines.findIndex((l) => l.includes('-->'));
    if (timing < 0) return block;
    const cue = lines.slice(timing + 1).join('\n');
    return [...lines.slice(0, timing + 1), ...surface.redact(cue).split('\n')].join('\n');
  });
  return { ...subtitle, subtitles: redacted.join('') };
}

/**
 * The pii_redaction add-on (spec §2.3, §2.7): finds the requested entity types (presets expanded; all
 * personal types when none are given) and replaces them with `[TYPE_n]` markers or `#` masks in every text
 * of the transcription: utterances and their words, full_transcript, sentences and subtitles.
 */
export function redactPii(transcription: Transcription, config: PiiRedactionConfig = {}): PiiRedaction {
  const wanted = expandEntityTypes(config.entity_types ?? null);
  const type: ProcessedTextType = config.processed_text_type ?? 'MARKER';
  const book = new MarkerBook();
  const chosen = choose(placeEntities(transcription), wanted);
  const redactions: Redaction[] = chosen.map((r) => ({
    ...r,
    replacement: type === 'MASK' ? mask(r.text) : book.markerFor(r.type, r.text),
  }));
  const surface = surfaceRedactor(
    redactions.map((r) => ({
      text: r.text,
      replacement: type === 'MASK' ? mask : () => r.replacement,
    })),
  );
  const utterances = transcription.utterances.map((u, i) =>
    redactUtterance(
      u,
      redactions.filter((r) => r.utterance === i),
      type,
      surface,
    ),
  );
  const joined = transcription.utterances
    .map((u) => u.text.trim())
    .filter(Boolean)
    .join(' ');
  const full_transcript =
    joined === transcription.full_transcript
      ? utterances
          .map((u) => u.text.trim())
          .filter(Boolean)
          .join(' ')
      : surface.redact(transcription.full_transcript);
  const result: Transcription = { ...transcription, full_transcript, utterances };
  if (transcription.sentences) {
    result.sentences = transcription.sentences.map((block) => ({
      ...block,
      results: block.results?.map((sentence) => surface.redact(sentence)) ?? null,
    }));
  }
  if (transcription.subtitles)
    result.subtitles = transcription.subtitles.map((s) => redactSubtitle(s, surface));
  return {
    transcription: result,
    entities: redactions.map((r) => ({
      entity_type: r.type,
      text: r.text,
      start: r.start,
      end: r.end,
      replacement: r.replacement,
    })),
    redactText: surface.redact,
  };
}

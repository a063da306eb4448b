import { describe, expect, it } from 'vitest';
import { PII_ENTITY_TYPES } from '../../../shared/schemas/languages';
import { runAddon } from '../run-addon';
import { CLEAN_SENTENCES, ENTITY_FIXTURES, PART_FIXTURES, transcriptionOf, utteranceOf } from './fixtures';
import { PII_PRESETS, recognizeEntities, recognizeUtterance, type EntityType } from './index';

const found = (sentence: string): string[] =>
  recognizeEntities(transcriptionOf([sentence])).map((e) => `${e.entity_type}: ${e.text}`);

describe('recognizeEntities', () => {
  it.each(ENTITY_FIXTURES.map((fx) => [fx.type, fx.sentence, fx.entity] as const))(
    '%s in "%s"',
    (type, sentence, entity) => {
      expect(found(sentence)).toContain(`${type}: ${entity}`);
    },
  );

  it('has a fixture for every entity type of spec §2.7 that is not a preset', () => {
    const covered = new Set<string>([
      ...ENTITY_FIXTURES.map((fx) => fx.type),
      ...PART_FIXTURES.map((p) => p.type),
    ]);
    const types = PII_ENTITY_TYPES.filter((t) => !(PII_PRESETS as readonly string[]).includes(t));
    expect(types.filter((t) => !covered.has(t))).toEqual([]);
    expect(types).toHaveLength(69);
  });

  it.each(CLEAN_SENTENCES)('finds nothing in "%s"', (sentence) => {
    expect(found(sentence)).toEqual([]);
  });

  it('times an entity from its first and last words', () => {
    // Words every 0.4 s, 0.3 s long: "john" is word 2, "dashwood" word 3.
    const [name] = recognizeEntities(transcriptionOf(['And mr john dashwood had then leisure']));
    expect(name).toEqual({ entity_type: 'NAME', text: 'john dashwood', start: 0.8, end: 1.5 });
    const second = transcriptionOf(['Nothing here', 'My zip code is nine oh two one oh']);
    expect(recognizeEntities(second)).toEqual([
      { entity_type: 'LOCATION_ZIP', text: 'nine oh two one oh', start: 6.6, end: 8.5 },
    ]);
  });

  it('reads words with or without Gladia’s leading spaces, and text that add-ons rewrote', () => {
    const plain = recognizeEntities(transcriptionOf(['Call doctor emily watson at saint mary hospital']));
    const spaced = recognizeEntities(
      transcriptionOf(['Call doctor emily watson at saint mary hospital'], true),
    );
    expect(spaced).toEqual(plain);
    expect(plain.map((e) => e.entity_type)).toEqual([
      'NAME_MEDICAL_PROFESSIONAL',
      'ORGANIZATION_MEDICAL_FACILITY',
    ]);
    // Punctuation and casing added to the text after recognition: words are still found and timed.
    const u = utteranceOf('call doctor emily watson at saint mary hospital');
    const rewritten = { ...u, text: 'Call Doctor Emily Watson, at Saint Mary Hospital.' };
    expect(recognizeUtterance(rewritten)).toEqual([
      { entity_type: 'NAME_MEDICAL_PROFESSIONAL', text: 'Doctor Emily Watson', start: 0.4, end: 1.5 },
      { entity_type: 'ORGANIZATION_MEDICAL_FACILITY', text: 'Saint Mary Hospital', start: 2, end: 3.1 },
    ]);
  });

  it('sorts entities of several utterances by time and names only spec §2.7 types', () => {
    const sentences = ENTITY_FIXTURES.slice(0, 30).map((fx) => fx.sentence);
    const entities = recognizeEntities(transcriptionOf(sentences));
    expect(entities.length).toBeGreaterThanOrEqual(30);
    for (let i = 1; i < entities.length; i++)
      expect(entities[i]!.start).toBeGreaterThanOrEqual(entities[i - 1]!.start);
    for (const e of entities) {
      expect(PII_ENTITY_TYPES).toContain(e.entity_type);
      expect(PII_PRESETS).not.toContain(e.entity_type);
      expect(e.end).toBeGreaterThanOrEqual(e.start);
    }
  });

  it('splits places by kind and joins an address with its town, state and zip', () => {
    expect(found('I moved from paris france to boston massachusetts')).toEqual([
      'LOCATION_CITY: paris',
      'LOCATION_COUNTRY: france',
      'LOCATION_CITY: boston',
      'LOCATION_STATE: massachusetts',
    ]);
    expect(
      found('I live at one four five windsor street springfield illinois six two seven zero one'),
    ).toEqual(['LOCATION_ADDRESS: one four five windsor street springfield illinois six two seven zero one']);
  });

  it('tells a language from a nationality by the words around it', () => {
    expect(found('I speak french, spanish and german but my wife is french')).toEqual([
      'LANGUAGE: french',
      'LANGUAGE: spanish',
      'LANGUAGE: german',
      'ORIGIN: french',
    ]);
  });

  it('checks card numbers with Luhn and IBANs with mod 97', () => {
    expect(found('Charge 4111 1111 1111 1111 please.')).toEqual(['CREDIT_CARD: 4111 1111 1111 1111']);
    // One digit off: no longer a card; a long digit string is still an identifier.
    expect(found('Charge 4111 1111 1111 1112 please.')).toEqual(['NUMERICAL_PII: 4111 1111 1111 1112']);
    expect(found('Pay to GB29 NWBK 6016 1331 9268 19 today.')).toEqual([
      'BANK_ACCOUNT: GB29 NWBK 6016 1331 9268 19',
    ]);
    expect(found('Pay to GB29 NWBK 6016 1331 9268 18 today.')).not.toContain(
      'BANK_ACCOUNT: GB29 NWBK 6016 1331 9268 18',
    );
  });

  it('keeps quantities, ordinals and idioms out of identifiers and dates', () => {
    expect(found('We need two million flyers and the first three chairs')).toEqual([]);
    expect(found('You may one day see it')).toEqual([]);
    expect(found('We march on and may we win')).toEqual([]);
    expect(found('Look at me when I talk to you')).toEqual([]);
  });

  it('returns nothing for an empty transcription or empty utterances', () => {
    expect(recognizeEntities({ full_transcript: '', languages: [], utterances: [] })).toEqual([]);
    expect(recognizeEntities(transcriptionOf(['']))).toEqual([]);
  });

  it('runs as an add-on: a wrapper with is_empty telling whether anything was found', async () => {
    const some = await runAddon('named_entity_recognition', () =>
      recognizeEntities(transcriptionOf(['I live in berlin'])),
    );
    expect(some).toMatchObject({ success: true, is_empty: false, error: null });
    expect(some.results).toEqual([{ entity_type: 'LOCATION_CITY', text: 'berlin', start: 1.2, end: 1.5 }]);
    const none = await runAddon('named_entity_recognition', () =>
      recognizeEntities(transcriptionOf(CLEAN_SENTENCES)),
    );
    expect(none).toMatchObject({ success: true, is_empty: true, results: [] });
  });

  it('takes well under a second for a five-minute transcript', () => {
    const sentences = Array.from(
      { length: 75 },
      (_, i) => ENTITY_FIXTURES[i % ENTITY_FIXTURES.length]!.sentence,
    );
    const started = performance.now();
    const entities = recognizeEntities(transcriptionOf(sentences));
    const took = performance.now() - started;
    console.log(`NER: ${sentences.length} utterances, ${entities.length} entities in ${took.toFixed(0)} ms`);
    expect(entities.length).toBeGreaterThan(60);
    expect(took).toBeLessThan(5000);
  });
});

describe('entity types', () => {
  it('lists the thirteen presets of spec §2.7', () => {
    expect(PII_PRESETS).toHaveLength(13);
    const type: EntityType = 'NAME';
    expect(PII_ENTITY_TYPES).toContain(type);
  });
});

import { describe, expect, it } from 'vitest';
import type { Transcription } from '../../../shared/transcript';
import { CLEAN_SENTENCES, ENTITY_FIXTURES, PART_FIXTURES, transcriptionOf } from '../ner/fixtures';
import { runAddon } from '../run-addon';
import { redactPii } from './index';

const GLADIA_EXAMPLE = [
  "Hi, I'm calling about the order for John Smith.",
  'Can you confirm the delivery to john.smith@company.com?',
  'Yes, John Smith placed it yesterday.',
];

const joined = (t: Transcription): string[] => t.utterances.map((u) => u.words.map((w) => w.word).join(''));

describe('redactPii with markers', () => {
  it('gives the same entity the same marker everywhere, numbered per type', () => {
    const { transcription, entities } = redactPii(transcriptionOf(GLADIA_EXAMPLE, true), {
      processed_text_type: 'MARKER',
    });
    expect(transcription.full_transcript).toBe(
      "Hi, I'm calling about the order for [NAME_1]. Can you confirm the delivery to [EMAIL_ADDRESS_1]? Yes, [NAME_1] placed it yesterday.",
    );
    expect(entities.map((e) => [e.entity_type, e.text, e.replacement])).toEqual([
      ['NAME', 'John Smith', '[NAME_1]'],
      ['EMAIL_ADDRESS', 'john.smith@company.com', '[EMAIL_ADDRESS_1]'],
      ['NAME', 'John Smith', '[NAME_1]'],
    ]);
    const two = redactPii(
      transcriptionOf(['I met john smith and sarah connor', 'Then JOHN SMITH left and Sarah Connor stayed']),
    );
    expect(two.transcription.utterances.map((u) => u.text)).toEqual([
      'I met [NAME_1] and [NAME_2]',
      'Then [NAME_1] left and [NAME_2] stayed',
    ]);
  });

  it('folds an entity’s words into one word that keeps the entity’s times', () => {
    const source = transcriptionOf(['Yes John Smith placed it'], true);
    const { transcription } = redactPii(source);
    const [words, original] = [transcription.utterances[0]!.words, source.utterances[0]!.words];
    expect(words.map((w) => w.word)).toEqual(['Yes', ' [NAME_1]', ' placed', ' it']);
    expect(words[1]).toEqual({
      word: ' [NAME_1]',
      start: original[1]!.start,
      end: original[2]!.end,
      confidence: 0.9,
    });
    expect(words[2]).toEqual(original[3]);
    expect(joined(transcription)).toEqual(transcription.utterances.map((u) => u.text));
    // Without Gladia's spacing too: the words joined by spaces give the text.
    const plain = redactPii(transcriptionOf(GLADIA_EXAMPLE)).transcription;
    expect(plain.utterances.map((u) => u.words.map((w) => w.word).join(' '))).toEqual(
      plain.utterances.map((u) => u.text),
    );
  });

  it('redacts a type only when asked, and only the parts asked for', () => {
    const source = transcriptionOf(
      ['I spoke with Sarah Connor in berlin', 'My card is 4111 1111 1111 1111'],
      true,
    );
    const text = (types: string[]): string =>
      redactPii(source, { entity_types: types as never }).transcription.full_transcript;
    expect(text(['EMAIL_ADDRESS'])).toBe(source.full_transcript);
    expect(text(['NAME_GIVEN'])).toBe(
      'I spoke with [NAME_GIVEN_1] Connor in berlin My card is 4111 1111 1111 1111',
    );
    expect(text(['LOCATION'])).toBe(
      'I spoke with Sarah Connor in [LOCATION_CITY_1] My card is 4111 1111 1111 1111',
    );
    expect(text(['PCI'])).toBe('I spoke with Sarah Connor in berlin My card is [CREDIT_CARD_1]');
    expect(text(['PCI', 'NAME'])).toBe('I spoke with [NAME_1] in berlin My card is [CREDIT_CARD_1]');
  });

  it('redacts dates of birth when DATE is asked for, and months inside dates when MONTH is', () => {
    const source = transcriptionOf(['I was born on the fourth of july nineteen eighty two']);
    expect(redactPii(source, { entity_types: ['DATE'] }).transcription.full_transcript).toBe(
      'I was born on the [DOB_1]',
    );
    expect(redactPii(source, { entity_types: ['MONTH', 'YEAR'] }).transcription.full_transcript).toBe(
      'I was born on the fourth of [MONTH_1] [YEAR_1]',
    );
  });
});

describe('redactPii with masks', () => {
  it('masks every character of an entity and keeps words and times', () => {
    const source = transcriptionOf(GLADIA_EXAMPLE, true);
    const { transcription, entities } = redactPii(source, { processed_text_type: 'MASK' });
    expect(transcription.full_transcript).toBe(
      "Hi, I'm calling about the order for #### #####. Can you confirm the delivery to ######################? Yes, #### ##### placed it yesterday.",
    );
    transcription.utterances.forEach((u, i) => {
      const before = source.utterances[i]!;
      expect(u.words.map((w) => [w.start, w.end, w.word.length])).toEqual(
        before.words.map((w) => [w.start, w.end, w.word.length]),
      );
    });
    expect(joined(transcription)).toEqual(transcription.utterances.map((u) => u.text));
    expect(entities.map((e) => e.replacement)).toEqual([
      '#### #####',
      '######################',
      '#### #####',
    ]);
  });
});

describe('redactPii across the transcription', () => {
  it('redacts subtitles (cue text only, even across lines), sentences and a full transcript built otherwise', () => {
    const source: Transcription = {
      ...transcriptionOf(['Call john smith on 4155550132', 'Thanks']),
      full_transcript: 'Call john smith on 4155550132.\nThanks.',
      sentences: [
        {
          success: true,
          is_empty: false,
          exec_time: 0.01,
          error: null,
          results: ['Call john smith on 4155550132.', 'Thanks.'],
        },
      ],
      subtitles: [
        {
          format: 'srt',
          subtitles:
            '1\n00:00:00,000 --> 00:00:02,000\nCall john\nsmith on 4155550132\n\n2\n00:00:05,000 --> 00:00:05,300\nThanks\n\n',
        },
        {
          format: 'vtt',
          subtitles: 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nCall john smith on 4155550132\n',
        },
      ],
    };
    const { transcription, redactText } = redactPii(source);
    expect(transcription.full_transcript).toBe('Call [NAME_1] on [PHONE_NUMBER_1].\nThanks.');
    expect(transcription.sentences![0]!.results).toEqual(['Call [NAME_1] on [PHONE_NUMBER_1].', 'Thanks.']);
    expect(transcription.subtitles![0]!.subtitles).toBe(
      '1\n00:00:00,000 --> 00:00:02,000\nCall [NAME_1] on [PHONE_NUMBER_1]\n\n2\n00:00:05,000 --> 00:00:05,300\nThanks\n\n',
    );
    expect(transcription.subtitles![1]!.subtitles).toBe(
      'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nCall [NAME_1] on [PHONE_NUMBER_1]\n',
    );
    expect(redactText('John Smith called')).toBe('[NAME_1] called');
    const masked = redactPii(source, { processed_text_type: 'MASK' }).transcription;
    expect(masked.subtitles![0]!.subtitles).toContain('\nCall ####\n##### on ##########\n');
  });

  it('changes nothing when there is nothing to redact, and leaves its input alone', async () => {
    const source = transcriptionOf(CLEAN_SENTENCES, true);
    const copy = structuredClone(source);
    const { transcription, entities } = redactPii(source);
    expect(transcription).toEqual(source);
    expect(entities).toEqual([]);
    redactPii(transcriptionOf(GLADIA_EXAMPLE, true));
    expect(source).toEqual(copy);
    const empty: Transcription = { full_transcript: '', languages: ['en'], utterances: [] };
    expect(redactPii(empty, { processed_text_type: 'MASK' })).toMatchObject({
      transcription: empty,
      entities: [],
    });
    const wrapped = await runAddon('pii_redaction', () => redactPii(empty).entities);
    expect(wrapped).toMatchObject({ success: true, is_empty: true });
  });

  it('rejects an entity type that spec §2.7 does not list with a 400', async () => {
    const wrapped = await runAddon('pii_redaction', () =>
      redactPii(transcriptionOf(['hi']), { entity_types: ['SHOE_SIZE' as never] }),
    );
    expect(wrapped).toMatchObject({ success: false, error: { status_code: 400, exception: 'AddonError' } });
    expect(wrapped.error!.message).toContain('SHOE_SIZE');
  });
});

describe('redactPii per entity type', () => {
  const all = transcriptionOf(ENTITY_FIXTURES.map((fx) => fx.sentence));
  it.each(ENTITY_FIXTURES.map((fx, i) => [fx.type, fx.entity, i] as const))('%s: "%s"', (type, entity, i) => {
    const one = transcriptionOf([ENTITY_FIXTURES[i]!.sentence]);
    const marked = redactPii(one, { entity_types: [type] }).transcription.utterances[0]!.text;
    expect(marked).not.toContain(entity);
    expect(marked).toContain(`[${type}_1]`);
    const masked = redactPii(one, { entity_types: [type], processed_text_type: 'MASK' }).transcription
      .utterances[0]!.text;
    expect(masked).toContain('#'.repeat(Math.max(...entity.split(/\s+/).map((w) => w.length))));
    expect(masked.length).toBe(one.utterances[0]!.text.length);
  });

  it.each(PART_FIXTURES.map((p) => [p.type, p.part, p.sentence] as const))(
    '%s inside an entity: "%s"',
    (type, part, sentence) => {
      const text = redactPii(transcriptionOf([sentence]), { entity_types: [type] }).transcription
        .full_transcript;
      expect(text).toContain(`[${type}_1]`);
      expect(text).not.toMatch(new RegExp(`\\b${part}\\b`));
    },
  );

  it('redacts everything personal by default, in one pass over all fixtures', () => {
    const { transcription, entities } = redactPii(all);
    const corporate = new Set([
      'CORPORATE_ACTION',
      'EFFECT',
      'FINANCIAL_METRIC',
      'PRODUCT',
      'PROJECT',
      'TREND',
      'ORGANIZATION_ID',
    ]);
    ENTITY_FIXTURES.forEach((fx, i) => {
      const text = transcription.utterances[i]!.text;
      if (corporate.has(fx.type)) expect(text, fx.sentence).toContain(fx.entity);
      else expect(text, fx.sentence).not.toContain(fx.entity);
    });
    console.log(`PII default: ${entities.length} redactions in ${ENTITY_FIXTURES.length} fixture sentences`);
  });
});

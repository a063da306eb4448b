import { PII_ENTITY_TYPES } from '../../../../shared/schemas/languages';
import { ChipPicker } from '../../components/ChipPicker';
import { TRANSLATION_LANGUAGE_OPTIONS } from '../../lib/languages';
import type { FormSection } from '../../lib/transcription-request';
import { AddonSection, CheckInput, errorsId, SelectInput, TextInput, useFormField } from './form-controls';

type Errors = Partial<Record<FormSection, string[]>>;

const PII_OPTIONS = PII_ENTITY_TYPES.map((type) => ({ value: type, label: type }));

function SubtitleFormats() {
  const [formats, setFormats] = useFormField('subtitleFormats');
  const toggle = (format: 'srt' | 'vtt', on: boolean) =>
    setFormats(on ? [...formats, format] : formats.filter((f) => f !== format));
  return (
    <fieldset className="field chips">
      <legend>Formats</legend>
      {(['srt', 'vtt'] as const).map((format) => (
        <label key={format} className="chip">
          <input
            type="checkbox"
            checked={formats.includes(format)}
            onChange={(e) => toggle(format, e.target.checked)}
          />
          {format.toUpperCase()}
        </label>
      ))}
    </fieldset>
  );
}

function TranslationTargets({ invalid }: { invalid: boolean }) {
  const [targets, setTargets] = useFormField('targetLanguages');
  return (
    <ChipPicker
      label="Translate into"
      options={TRANSLATION_LANGUAGE_OPTIONS}
      values={targets}
      onChange={setTargets}
      placeholder="Choose a language…"
      describedBy={invalid ? errorsId('translation') : undefined}
    />
  );
}

function PiiTypes() {
  const [types, setTypes] = useFormField('piiEntityTypes');
  return (
    <ChipPicker
      label="Entity types (none: the API's default set)"
      options={PII_OPTIONS}
      values={types}
      onChange={setTypes}
      placeholder="Choose a type…"
    />
  );
}

/** The add-on switches of `POST /v2/pre-recorded` and their configs (spec §2.5). */
export function AddonOptions({ errors }: { errors: Errors }) {
  const has = (section: FormSection) => !!errors[section]?.length;
  return (
    <div className="addons">
      <AddonSection
        flag="subtitles"
        section="subtitles"
        title="Subtitles"
        description="SRT or VTT captions, cut by duration and line length."
        errors={errors.subtitles}
      >
        <SubtitleFormats />
        <TextInput
          field="subtitleMinDuration"
          apiField="subtitles_config.minimum_duration"
          label="Minimum duration (s)"
          section="subtitles"
          type="number"
          step="0.1"
        />
        <TextInput
          field="subtitleMaxDuration"
          apiField="subtitles_config.maximum_duration"
          label="Maximum duration (s)"
          section="subtitles"
          type="number"
          step="0.1"
          hint="1 to 30"
        />
        <TextInput
          field="subtitleMaxCharacters"
          apiField="subtitles_config.maximum_characters_per_row"
          label="Characters per row"
          section="subtitles"
          type="number"
        />
        <TextInput
          field="subtitleMaxRows"
          apiField="subtitles_config.maximum_rows_per_caption"
          label="Rows per caption"
          section="subtitles"
          type="number"
          hint="1 to 5"
        />
        <SelectInput
          field="subtitleStyle"
          label="Style"
          options={[
            { value: 'default', label: 'Default' },
            { value: 'compliance', label: 'Compliance (broadcast rules)' },
          ]}
        />
      </AddonSection>
      <AddonSection
        flag="diarization"
        section="diarization"
        title="Speaker diarization"
        description="Tells who speaks when; each utterance gets a speaker."
        errors={errors.diarization}
      >
        <TextInput
          field="numberOfSpeakers"
          apiField="diarization_config.number_of_speakers"
          label="Number of speakers"
          section="diarization"
          type="number"
          hint="Leave empty if unknown"
        />
        <TextInput
          field="minSpeakers"
          apiField="diarization_config.min_speakers"
          label="At least"
          section="diarization"
          type="number"
        />
        <TextInput
          field="maxSpeakers"
          apiField="diarization_config.max_speakers"
          label="At most"
          section="diarization"
          type="number"
        />
      </AddonSection>
      <AddonSection
        flag="translation"
        section="translation"
        title="Translation"
        description="Translates the transcript, utterance by utterance."
        errors={errors.translation}
      >
        <TranslationTargets invalid={has('translation')} />
        <SelectInput
          field="translationModel"
          label="Translation model"
          options={[
            { value: 'base', label: 'Base' },
            { value: 'enhanced', label: 'Enhanced' },
          ]}
        />
      </AddonSection>
      <AddonSection
        flag="summarization"
        section="summarization"
        title="Summary"
        description="A summary of the whole recording."
        errors={errors.summarization}
      >
        <SelectInput
          field="summaryType"
          label="Kind of summary"
          options={[
            { value: 'general', label: 'General' },
            { value: 'bullet_points', label: 'Bullet points' },
            { value: 'concise', label: 'Concise' },
          ]}
        />
      </AddonSection>
      <fieldset className="addon addon-flags">
        <legend className="addon-title">Analysis</legend>
        <CheckInput field="namedEntityRecognition" label="Named entities (people, places, organisations…)" />
        <CheckInput field="sentimentAnalysis" label="Sentiment and emotion per sentence" />
        <CheckInput field="sentences" label="Split into sentences" />
      </fieldset>
      <AddonSection
        flag="piiRedaction"
        section="pii"
        title="Redact personal information"
        description="Replaces names, numbers, addresses… in the transcript."
        errors={errors.pii}
      >
        <PiiTypes />
        <SelectInput
          field="piiTextType"
          label="Replace with"
          options={[
            { value: 'MARKER', label: 'A marker, e.g. [NAME_1]' },
            { value: 'MASK', label: 'A mask, e.g. ####' },
          ]}
        />
      </AddonSection>
    </div>
  );
}

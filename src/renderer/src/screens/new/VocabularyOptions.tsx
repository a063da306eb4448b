import type { FormSection } from '../../lib/transcription-request';
import { AddonSection, TextInput } from './form-controls';
import { FieldErrors } from '../../components/FieldErrors';
import { errorsId } from './form-controls';

type Errors = Partial<Record<FormSection, string[]>>;

/** Options that shape the words themselves, and free metadata kept with the job. */
export function VocabularyOptions({ errors }: { errors: Errors }) {
  return (
    <div className="addons">
      <AddonSection
        flag="customVocabulary"
        section="vocabulary"
        title="Custom vocabulary"
        description="Names and terms the recogniser should prefer."
        errors={errors.vocabulary}
      >
        <TextInput
          field="vocabulary"
          apiField="custom_vocabulary_config.vocabulary"
          label="Words and phrases, one per line"
          section="vocabulary"
          multiline
        />
        <TextInput
          field="vocabularyIntensity"
          apiField="custom_vocabulary_config.default_intensity"
          label="Intensity"
          section="vocabulary"
          type="number"
          step="0.1"
          hint="0 to 1"
        />
      </AddonSection>
      <AddonSection
        flag="customSpelling"
        section="spelling"
        title="Custom spelling"
        description="Rewrites words the way you spell them."
        errors={errors.spelling}
      >
        <TextInput
          field="spelling"
          apiField="custom_spelling_config"
          label="Rules, one per line"
          section="spelling"
          multiline
          placeholder={'Gladia: gladya, gladiya\nSQL: sequel'}
          hint="Right spelling, a colon, then the variants to replace, separated by commas"
        />
      </AddonSection>
      <AddonSection
        flag="audioToLlm"
        section="audioToLlm"
        title="Ask questions about the audio"
        description="Each prompt is answered from the transcript by the configured language model."
        errors={errors.audioToLlm}
      >
        <TextInput
          field="prompts"
          apiField="audio_to_llm_config"
          label="Prompts, one per line"
          section="audioToLlm"
          multiline
        />
      </AddonSection>
      <div className="addon">
        <TextInput
          field="customMetadata"
          apiField="custom_metadata"
          label="Custom metadata (JSON)"
          section="metadata"
          multiline
          placeholder={'{"project": "interviews"}'}
          hint="Kept with the job and returned by the API; jobs can be filtered by it"
        />
        <FieldErrors id={errorsId('metadata')} errors={errors.metadata} />
      </div>
    </div>
  );
}

import { useEffect, useId, useMemo, type FormEvent } from 'react';
import { ChipPicker } from '../../components/ChipPicker';
import { FieldErrors } from '../../components/FieldErrors';
import { API_MODELS, TRANSCRIPTION_LANGUAGE_OPTIONS } from '../../lib/languages';
import { SECTION_FIELDS, type FormSection } from '../../lib/transcription-request';
import { groupValidationErrors } from '../../lib/validation-errors';
import { useSettings } from '../../queries/settings';
import { useNewJob } from '../../stores/new-job-store';
import { AddonOptions } from './AddonOptions';
import { FileDrop } from './FileDrop';
import { FileQueue } from './FileQueue';
import { CheckInput, errorsId, SelectInput, useFormField } from './form-controls';
import { useSubmitTranscriptions } from './use-submit-transcriptions';
import { VocabularyOptions } from './VocabularyOptions';

/** Preferences saved in Settings become the starting values of the form, once per app start. */
function useSeedFromPreferences() {
  const settings = useSettings();
  const seed = useNewJob((s) => s.seed);
  const preferences = settings.data?.preferences;
  useEffect(() => {
    if (!preferences) return;
    seed({
      model: preferences.defaultModel,
      languages: preferences.defaultLanguage ? [preferences.defaultLanguage] : [],
      subtitles: preferences.defaultSubtitles,
      diarization: preferences.defaultDiarization,
    });
  }, [preferences, seed]);
}

function LanguageChoice({ invalid }: { invalid: boolean }) {
  const [languages, setLanguages] = useFormField('languages');
  return (
    <div className="language-choice">
      <ChipPicker
        label="Spoken language"
        options={TRANSCRIPTION_LANGUAGE_OPTIONS}
        values={languages}
        onChange={setLanguages}
        placeholder="Detect automatically"
        describedBy={invalid ? errorsId('language') : undefined}
      />
      <CheckInput field="codeSwitching" label="Several languages are spoken (code switching)" />
    </div>
  );
}

export function NewTranscriptionScreen() {
  useSeedFromPreferences();
  const files = useNewJob((s) => s.files);
  const addFiles = useNewJob((s) => s.addFiles);
  const resetForm = useNewJob((s) => s.resetForm);
  const validationErrors = useNewJob((s) => s.validationErrors);
  const { submit, busy } = useSubmitTranscriptions();
  const headingId = useId();
  const errors = useMemo(() => groupValidationErrors(validationErrors, SECTION_FIELDS), [validationErrors]);
  const bySection = errors.byOwner as Partial<Record<FormSection, string[]>>;
  const waiting = files.filter((entry) => entry.phase !== 'created').length;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return (
    <form className="screen" onSubmit={onSubmit} aria-labelledby={headingId} noValidate>
      <header className="screen-header">
        <h1 id={headingId} tabIndex={-1}>
          New transcription
        </h1>
      </header>
      <section className="panel" aria-label="Recordings">
        <FileDrop onFiles={addFiles} />
        <FileQueue busy={busy} />
      </section>
      <section className="panel" aria-labelledby={`${headingId}-basics`}>
        <h2 id={`${headingId}-basics`}>Model and language</h2>
        <div className="form-row">
          <SelectInput field="model" label="Model" options={API_MODELS} />
          <LanguageChoice invalid={!!bySection.language} />
        </div>
        <FieldErrors id={errorsId('model')} errors={bySection.model} />
        <FieldErrors id={errorsId('language')} errors={bySection.language} />
      </section>
      <section className="panel" aria-labelledby={`${headingId}-addons`}>
        <h2 id={`${headingId}-addons`}>Add-ons</h2>
        <AddonOptions errors={bySection} />
        <VocabularyOptions errors={bySection} />
      </section>
      <div className="submit-bar">
        <FieldErrors id="errors-other" errors={errors.other} />
        <button type="button" className="button button-quiet" onClick={resetForm} disabled={busy}>
          Reset options
        </button>
        <button type="submit" className="button button-primary" disabled={busy || waiting === 0}>
          {busy ? 'Working…' : waiting > 1 ? `Transcribe ${waiting} files` : 'Transcribe'}
        </button>
      </div>
    </form>
  );
}

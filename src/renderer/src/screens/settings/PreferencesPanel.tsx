import { useId, useState, type FormEvent } from 'react';
import type { AppSettings, Preferences } from '../../../../shared/ipc/contract';
import { FieldErrors } from '../../components/FieldErrors';
import { errorInfo, errorMessage } from '../../lib/errors';
import { API_MODELS, TRANSCRIPTION_LANGUAGE_OPTIONS } from '../../lib/languages';
import { useUpdateSettings } from '../../queries/settings';
import { useAnnouncer } from '../../stores/announcer-store';

/** Defaults of the New transcription and Live screens, stored by the core so every window shares them. */
export function PreferencesPanel({ settings }: { settings: AppSettings }) {
  const update = useUpdateSettings();
  const announce = useAnnouncer((s) => s.announce);
  const [draft, setDraft] = useState<Preferences>(settings.preferences);
  const id = useId();
  const dirty = JSON.stringify(draft) !== JSON.stringify(settings.preferences);
  const errors = update.error
    ? (errorInfo(update.error).validationErrors ?? [errorMessage(update.error)])
    : [];
  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ preferences: draft }, { onSuccess: () => announce('Preferences saved') });
  };
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Defaults for new transcriptions</h2>
      <form onSubmit={save} className="form-grid">
        <div className="field">
          <label htmlFor={`${id}-model`}>Model</label>
          <select
            id={`${id}-model`}
            value={draft.defaultModel}
            onChange={(e) => setDraft({ ...draft, defaultModel: e.target.value })}
          >
            {API_MODELS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-language`}>Language</label>
          <select
            id={`${id}-language`}
            value={draft.defaultLanguage ?? ''}
            onChange={(e) => setDraft({ ...draft, defaultLanguage: e.target.value || null })}
          >
            <option value="">Detect automatically</option>
            {TRANSCRIPTION_LANGUAGE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <label className="check">
          <input
            type="checkbox"
            checked={draft.defaultSubtitles}
            onChange={(e) => setDraft({ ...draft, defaultSubtitles: e.target.checked })}
          />
          Subtitles
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={draft.defaultDiarization}
            onChange={(e) => setDraft({ ...draft, defaultDiarization: e.target.checked })}
          />
          Speaker diarization
        </label>
        <FieldErrors id={`${id}-errors`} errors={errors} />
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={!dirty || update.isPending}>
            {update.isPending ? 'Saving…' : 'Save defaults'}
          </button>
        </div>
      </form>
    </section>
  );
}

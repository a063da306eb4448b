import { useId, useState, type FormEvent } from 'react';
import type { AppSettings, LlmPatch, LlmSettings, LlmTestResult } from '../../../../shared/ipc/contract';
import { FieldErrors } from '../../components/FieldErrors';
import { errorInfo, errorMessage } from '../../lib/errors';
import { useTestLlm, useUpdateSettings } from '../../queries/settings';
import { useAnnouncer } from '../../stores/announcer-store';

/** Local servers users run, with the OpenAI-compatible base URL each listens on by default. */
const EXAMPLES = [
  { name: 'Ollama', url: 'http://127.0.0.1:11434/v1', note: '' },
  { name: 'LM Studio', url: 'http://127.0.0.1:1234/v1', note: '' },
  // llama-server's own default is 8080, the port this server often takes; another port avoids the clash.
  {
    name: 'llama.cpp server',
    url: 'http://127.0.0.1:8081/v1',
    note: 'started with llama-server --port 8081',
  },
];

interface Draft {
  url: string;
  /** '' is the first model the endpoint lists. */
  model: string;
  /** '' keeps the stored key. */
  apiKey: string;
  timeoutS: string;
  contextChars: string;
}

const draftOf = (llm: LlmSettings): Draft => ({
  url: llm.url ?? '',
  model: llm.model ?? '',
  apiKey: '',
  timeoutS: String(llm.timeoutS),
  contextChars: String(llm.contextChars),
});

/** A number field sent as typed, so the server's validation names what is wrong with it. */
const numberOf = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));

function errorsOf(error: unknown): string[] {
  if (!error) return [];
  return errorInfo(error).validationErrors ?? [errorMessage(error)];
}

/** What the last test found; inside a live region that stays mounted, so the outcome is announced. */
function TestOutcome({ pending, result }: { pending: boolean; result: LlmTestResult | undefined }) {
  if (pending) {
    return (
      <p className="muted">
        <span className="spinner" aria-hidden="true" /> Testing the connection…
      </p>
    );
  }
  if (!result) return null;
  if (!result.ok) {
    return (
      <p className="field-errors" data-outcome="failed">
        <span className="strong">Connection failed.</span> {result.error}
      </p>
    );
  }
  return (
    <p data-outcome="ok">
      <span className="badge badge-done">Connected</span> {result.model} answered in{' '}
      {(result.elapsedMs / 1000).toFixed(1)} s.{' '}
      {result.models.length
        ? `Models listed: ${result.models.join(', ')}.`
        : 'The endpoint does not list its models.'}
    </p>
  );
}

/** The select's entry for a name the endpoint did not list (model names never start with a space). */
const OTHER = ' other';

/** The model: a choice among the listed models once a test has listed them, else a name typed freely. */
function ModelField({
  id,
  value,
  models,
  readOnly,
  onChange,
}: {
  id: string;
  value: string;
  models: string[];
  readOnly: boolean;
  onChange: (value: string) => void;
}) {
  const [typing, setTyping] = useState(false);
  if (models.length === 0 || typing || readOnly) {
    return (
      <input
        id={id}
        className="mono"
        value={value}
        readOnly={readOnly}
        placeholder="First model the endpoint lists"
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={`${id}-hint`}
      />
    );
  }
  const options = value && !models.includes(value) ? [value, ...models] : models;
  return (
    <select
      id={id}
      value={value}
      onChange={(event) => {
        if (event.target.value === OTHER) setTyping(true);
        else onChange(event.target.value);
      }}
      aria-describedby={`${id}-hint`}
    >
      <option value="">First model the endpoint lists</option>
      {options.map((model) => (
        <option key={model} value={model}>
          {model}
        </option>
      ))}
      <option value={OTHER}>Another name…</option>
    </select>
  );
}

/** The OpenAI-compatible endpoint of the add-ons that need a language model, saved here unless flags set it. */
export function LlmPanel({ settings }: { settings: AppSettings }) {
  const { llm } = settings;
  const update = useUpdateSettings();
  const test = useTestLlm();
  const announce = useAnnouncer((s) => s.announce);
  const [draft, setDraft] = useState<Draft>(() => draftOf(llm));
  const id = useId();
  const readOnly = llm.source === 'flags';
  const saved = draftOf(llm);
  const dirty =
    draft.apiKey !== '' ||
    (['url', 'model', 'timeoutS', 'contextChars'] as const).some((key) => draft[key] !== saved[key]);
  const errors = [...errorsOf(update.error), ...errorsOf(test.error)];
  const describedBy = errors.length ? `${id}-errors` : undefined;
  const set = (change: Partial<Draft>) => setDraft({ ...draft, ...change });

  const save = (event: FormEvent) => {
    event.preventDefault();
    test.reset();
    const patch: LlmPatch = {
      url: draft.url.trim(),
      model: draft.model.trim() || null,
      timeoutS: numberOf(draft.timeoutS),
      contextChars: numberOf(draft.contextChars),
      ...(draft.apiKey ? { apiKey: draft.apiKey } : {}),
    };
    update.mutate(
      { llm: patch },
      {
        onSuccess: (next) => {
          setDraft(draftOf(next.llm));
          announce('Language model saved. It applies to the next transcription or live session.');
        },
      },
    );
  };
  const runTest = () => {
    update.reset();
    test.mutate({
      url: draft.url.trim() || undefined,
      model: draft.model.trim() || null,
      ...(draft.apiKey ? { apiKey: draft.apiKey } : {}),
    });
  };
  const change = (patch: LlmPatch | null, message: string) => {
    test.reset();
    update.mutate(patch === null ? { llm: null } : { llm: patch }, {
      onSuccess: (next) => {
        setDraft(draftOf(next.llm));
        announce(message);
      },
    });
  };

  const models = test.data?.models ?? [];
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Language model</h2>
      <p className="muted">
        Translation, prompts about a recording, structured data extraction, name consistency and abstractive
        summaries need a language model. Any OpenAI-compatible endpoint works, such as a local server:
      </p>
      <ul className="plain-list small">
        {EXAMPLES.map((example) => (
          <li key={example.url}>
            {example.name}: <code>{example.url}</code>
            {example.note && <span className="muted"> ({example.note})</span>}{' '}
            {!readOnly && (
              <button
                type="button"
                className="button button-small button-quiet"
                onClick={() => set({ url: example.url })}
                aria-label={`Use the ${example.name} address`}
              >
                Use
              </button>
            )}
          </li>
        ))}
      </ul>
      <p className="small" data-testid="llm-status">
        {llm.source === 'none' && 'No language model is set: those add-ons report that they need one.'}
        {llm.source === 'settings' && `In use: ${llm.url} (${llm.model ?? 'first listed model'}).`}
        {readOnly &&
          `Set by the server's flags (--llm-url): ${llm.url} (${llm.model ?? 'first listed model'}). ` +
            'Restart the server without them to change it here.'}
      </p>
      <form onSubmit={save} className="form-grid" aria-describedby={describedBy}>
        <div className="field field-wide">
          <label htmlFor={`${id}-url`}>Endpoint URL</label>
          <input
            id={`${id}-url`}
            type="url"
            className="mono"
            value={draft.url}
            readOnly={readOnly}
            placeholder="http://127.0.0.1:11434/v1"
            onChange={(event) => set({ url: event.target.value })}
            aria-describedby={`${id}-url-hint`}
          />
          <span id={`${id}-url-hint`} className="hint">
            The OpenAI-compatible base URL, usually ending in /v1.
          </span>
        </div>
        <div className="field">
          <label htmlFor={`${id}-model`}>Model</label>
          <ModelField
            id={`${id}-model`}
            value={draft.model}
            models={models}
            readOnly={readOnly}
            onChange={(model) => set({ model })}
          />
          <span id={`${id}-model-hint`} className="hint">
            {models.length ? 'From the models the endpoint listed.' : 'Test the connection to list them.'}
          </span>
        </div>
        <div className="field">
          <label htmlFor={`${id}-key`}>Endpoint API key</label>
          <input
            id={`${id}-key`}
            type="password"
            className="mono"
            autoComplete="off"
            value={draft.apiKey}
            readOnly={readOnly}
            placeholder={llm.apiKeySet ? 'Stored: type to replace' : 'None (local servers need none)'}
            onChange={(event) => set({ apiKey: event.target.value })}
            aria-describedby={`${id}-key-hint`}
          />
          <span id={`${id}-key-hint`} className="hint" data-testid="llm-key-state">
            {llm.apiKeySet ? 'A key is stored (it is never shown).' : 'No key stored.'}
            {llm.apiKeySet && llm.source === 'settings' && (
              <>
                {' '}
                <button
                  type="button"
                  className="button button-small button-quiet"
                  disabled={update.isPending}
                  onClick={() => change({ apiKey: null }, 'The language model key was removed')}
                >
                  Remove key
                </button>
              </>
            )}
          </span>
        </div>
        <div className="field">
          <label htmlFor={`${id}-timeout`}>Timeout per request (s)</label>
          <input
            id={`${id}-timeout`}
            type="number"
            min={1}
            value={draft.timeoutS}
            readOnly={readOnly}
            onChange={(event) => set({ timeoutS: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-context`}>Context size (characters)</label>
          <input
            id={`${id}-context`}
            type="number"
            min={1000}
            step={1000}
            value={draft.contextChars}
            readOnly={readOnly}
            onChange={(event) => set({ contextChars: event.target.value })}
            aria-describedby={`${id}-context-hint`}
          />
          <span id={`${id}-context-hint`} className="hint">
            Longer transcripts are sent in parts.
          </span>
        </div>
        <FieldErrors id={`${id}-errors`} errors={errors} />
        <div className="field-wide" aria-live="polite" data-testid="llm-test-result">
          <TestOutcome pending={test.isPending} result={test.data} />
        </div>
        <div className="form-actions">
          <div className="button-group">
            {llm.source === 'settings' && (
              <button
                type="button"
                className="button"
                disabled={update.isPending}
                onClick={() => change(null, 'The language model was removed')}
              >
                Remove endpoint
              </button>
            )}
            <button
              type="button"
              className="button"
              disabled={test.isPending || (!draft.url.trim() && !llm.url)}
              onClick={runTest}
            >
              {test.isPending ? 'Testing…' : 'Test connection'}
            </button>
            {!readOnly && (
              <button type="submit" className="button button-primary" disabled={!dirty || update.isPending}>
                {update.isPending ? 'Saving…' : 'Save language model'}
              </button>
            )}
          </div>
        </div>
      </form>
    </section>
  );
}

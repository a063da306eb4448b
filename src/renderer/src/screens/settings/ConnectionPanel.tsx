import { useId, useState, type FormEvent } from 'react';
import type { AppSettings } from '../../../../shared/ipc/contract';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CopyButton } from '../../components/CopyButton';
import { FieldErrors } from '../../components/FieldErrors';
import { errorInfo, errorMessage } from '../../lib/errors';
import { useRegenerateKey, useUpdateSettings } from '../../queries/settings';
import { useAnnouncer } from '../../stores/announcer-store';

function KeyField({ settings }: { settings: AppSettings }) {
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const regenerate = useRegenerateKey();
  const announce = useAnnouncer((s) => s.announce);
  const id = useId();
  const managed = settings.keySource === 'generated';
  return (
    <div className="field field-wide">
      <label htmlFor={id}>API key</label>
      <div className="input-row">
        <input id={id} readOnly className="mono" type={shown ? 'text' : 'password'} value={settings.apiKey} />
        <button type="button" className="button" onClick={() => setShown(!shown)} aria-pressed={shown}>
          {shown ? 'Hide' : 'Show'}
        </button>
        <CopyButton text={settings.apiKey} label="Copy API key" />
        <button type="button" className="button" disabled={!managed} onClick={() => setConfirming(true)}>
          Regenerate…
        </button>
      </div>
      <span className="hint">
        {managed
          ? 'Send it in the x-gladia-key header. Regenerating stops the old key at once.'
          : 'This key comes from the server configuration (--api-key); change it there.'}
      </span>
      <ConfirmDialog
        open={confirming}
        title="Regenerate the API key?"
        confirmLabel="Regenerate"
        busy={regenerate.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          regenerate.mutate(undefined, {
            onSuccess: () => announce('A new API key is in use'),
            onError: (error) => announce(`Could not regenerate: ${errorMessage(error)}`, 'error'),
            onSettled: () => setConfirming(false),
          })
        }
      >
        <p>Apps that use the current key will be refused until they are given the new one.</p>
      </ConfirmDialog>
    </div>
  );
}

type Editable = 'port' | 'dataDir' | 'modelsDir';

/** Port and folders: editable where this process may change them, applied at the next start. */
function ServerFields({ settings }: { settings: AppSettings }) {
  const update = useUpdateSettings();
  const announce = useAnnouncer((s) => s.announce);
  const [draft, setDraft] = useState({
    port: String(settings.port),
    dataDir: settings.dataDir,
    modelsDir: settings.modelsDir,
  });
  const ids = { port: useId(), dataDir: useId(), modelsDir: useId() };
  const canEdit = settings.editable.port || settings.editable.dataDir || settings.editable.modelsDir;
  const errors = update.error
    ? (errorInfo(update.error).validationErrors ?? [errorMessage(update.error)])
    : [];

  const save = (event: FormEvent) => {
    event.preventDefault();
    const patch: { port?: number; dataDir?: string; modelsDir?: string } = {};
    if (settings.editable.port && draft.port !== String(settings.port)) patch.port = Number(draft.port);
    if (settings.editable.dataDir && draft.dataDir !== settings.dataDir) patch.dataDir = draft.dataDir;
    if (settings.editable.modelsDir && draft.modelsDir !== settings.modelsDir)
      patch.modelsDir = draft.modelsDir;
    update.mutate(patch, { onSuccess: () => announce('Saved. The change applies at the next start.') });
  };
  const field = (key: Editable, label: string, type: 'text' | 'number') => (
    <div className="field">
      <label htmlFor={ids[key]}>{label}</label>
      <input
        id={ids[key]}
        type={type}
        className="mono"
        readOnly={!settings.editable[key]}
        value={draft[key]}
        onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
        aria-describedby={errors.length ? 'errors-server' : undefined}
      />
      {key === 'port' && draft.port === '0' && (
        <span className="hint">0: a free port is chosen at each start</span>
      )}
    </div>
  );
  return (
    <form onSubmit={save} className="form-grid">
      {field('port', 'Port', 'number')}
      {field('dataDir', 'Data folder', 'text')}
      {field('modelsDir', 'Models folder', 'text')}
      <FieldErrors id="errors-server" errors={errors} />
      {canEdit ? (
        <div className="form-actions">
          <button type="submit" className="button" disabled={update.isPending}>
            Save
          </button>
        </div>
      ) : (
        <p className="hint field-wide">
          This server was started with these values; restart it with other options to change them.
        </p>
      )}
      {settings.restartRequired && (
        <p className="notice field-wide" role="status">
          Restart the app to apply the saved changes.
        </p>
      )}
    </form>
  );
}

export function ConnectionPanel({ settings }: { settings: AppSettings }) {
  const id = useId();
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Local API</h2>
      <p className="muted">
        Other apps on this computer can use the same transcription service through this address.
      </p>
      <div className="form-grid">
        <div className="field field-wide">
          <label htmlFor={`${id}-url`}>API address</label>
          <div className="input-row">
            <input id={`${id}-url`} readOnly className="mono" value={settings.apiUrl} />
            <CopyButton text={settings.apiUrl} label="Copy API address" />
          </div>
        </div>
        <KeyField settings={settings} />
      </div>
      <ServerFields key={`${settings.port}|${settings.dataDir}|${settings.modelsDir}`} settings={settings} />
    </section>
  );
}

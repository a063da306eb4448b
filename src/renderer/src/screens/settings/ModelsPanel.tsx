import { useId, useState } from 'react';
import type { InstallProgress, ModelInfo, ModelInstallPhase } from '../../../../shared/ipc/contract';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ProgressBar } from '../../components/ProgressBar';
import { EmptyState, ErrorState, LoadingState } from '../../components/States';
import { TableHead } from '../../components/TableHead';
import { errorInfo, errorMessage } from '../../lib/errors';
import { formatBytes } from '../../lib/format';
import {
  useCancelInstall,
  useInstallModel,
  useInstallProgress,
  useModels,
  useRemoveModel,
} from '../../queries/models';
import { useAnnouncer } from '../../stores/announcer-store';

const PHASES: Record<ModelInstallPhase, string> = {
  download: 'Downloading',
  verify: 'Verifying checksum',
  extract: 'Unpacking',
  done: 'Installed',
  error: 'Failed',
};

const KINDS: Record<string, string> = {
  streaming: 'Live transcription',
  offline: 'File transcription',
  vad: 'Voice detection',
  diarization: 'Speaker diarization',
};

const settled = (phase: ModelInstallPhase | undefined) =>
  phase === undefined || phase === 'done' || phase === 'error';

/** The freshest view of an install: the last event, else what the list said. */
function installOf(model: ModelInfo, event: InstallProgress | undefined) {
  if (event) {
    const fraction = event.totalBytes ? event.receivedBytes / event.totalBytes : null;
    return {
      phase: event.phase,
      fraction,
      received: event.receivedBytes,
      total: event.totalBytes,
      error: event.error,
    };
  }
  if (!model.installing) return null;
  return {
    phase: model.phase ?? 'download',
    fraction: model.progress,
    received: null,
    total: model.sizeBytes,
    error: undefined,
  };
}

function InstallState({
  model,
  install,
}: {
  model: ModelInfo;
  install: NonNullable<ReturnType<typeof installOf>>;
}) {
  return (
    <div className="queue-progress">
      <span className="small nowrap">
        {PHASES[install.phase]}
        {install.phase === 'download' &&
          install.received !== null &&
          ` ${formatBytes(install.received)} of ${formatBytes(install.total)}`}
      </span>
      {!settled(install.phase) && (
        <ProgressBar value={install.fraction} label={`Installation of ${model.name}`} />
      )}
      {install.error && <span className="error-text small">{install.error}</span>}
    </div>
  );
}

function ModelRow({
  model,
  progress,
  onRemove,
}: {
  model: ModelInfo;
  progress: InstallProgress | undefined;
  onRemove(): void;
}) {
  const install = useInstallModel();
  const cancel = useCancelInstall();
  const announce = useAnnouncer((s) => s.announce);
  // Once the list reports the model installed, an old `done` event no longer matters.
  const state = installOf(model, model.installed && !model.installing ? undefined : progress);
  const installing = model.installing || (state !== null && !settled(state.phase));
  const fail = (error: unknown) => announce(errorMessage(error), 'error');
  return (
    <tr data-model-id={model.id}>
      <td>
        <span className="strong">{model.name}</span>
        <div className="muted small mono">{model.id}</div>
      </td>
      <td>{KINDS[model.kind] ?? model.kind}</td>
      <td>{model.languages.join(', ') || '—'}</td>
      <td className="nowrap">{model.sizeBytes ? formatBytes(model.sizeBytes) : 'Unknown'}</td>
      <td>
        {state && (installing || state.phase === 'error') ? (
          <InstallState model={model} install={state} />
        ) : model.installed ? (
          <span className="badge badge-done">Installed</span>
        ) : (
          <span className="muted">Available</span>
        )}
        {model.installed && (
          <div className="muted small" title={model.sha256 ? `sha256 ${model.sha256}` : undefined}>
            {model.verified ? 'Checksum verified' : 'No published checksum'}
          </div>
        )}
      </td>
      <td className="actions-cell">
        {installing ? (
          <button
            type="button"
            className="button button-small"
            onClick={() => cancel.mutate(model.id, { onError: fail })}
          >
            Cancel
          </button>
        ) : model.installed ? (
          <button
            type="button"
            className="button button-quiet button-small"
            onClick={onRemove}
            aria-label={`Remove ${model.name}`}
          >
            Remove
          </button>
        ) : (
          <button
            type="button"
            className="button button-small"
            disabled={install.isPending}
            onClick={() => install.mutate(model.id, { onError: fail })}
            aria-label={`Download ${model.name}`}
          >
            Download
          </button>
        )}
      </td>
    </tr>
  );
}

export function ModelsPanel() {
  const models = useModels();
  const progress = useInstallProgress();
  const remove = useRemoveModel();
  const announce = useAnnouncer((s) => s.announce);
  const [removing, setRemoving] = useState<ModelInfo | null>(null);
  const id = useId();

  let body;
  if (models.isPending) body = <LoadingState label="Loading models…" />;
  else if (models.isError)
    body =
      errorInfo(models.error).code === 'models_unavailable' ? (
        <p className="muted">{errorMessage(models.error)}</p>
      ) : (
        <ErrorState error={models.error} onRetry={() => void models.refetch()} />
      );
  else if (models.data.length === 0) body = <EmptyState title="No models in the catalog" />;
  else
    body = (
      <table className="table">
        <TableHead columns={['Model', 'Used for', 'Languages', 'Size', 'State']} />
        <tbody>
          {models.data.map((model) => (
            <ModelRow
              key={model.id}
              model={model}
              progress={progress[model.id]}
              onRemove={() => setRemoving(model)}
            />
          ))}
        </tbody>
      </table>
    );

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Speech models</h2>
      {body}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this model?"
        confirmLabel="Remove"
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => announce(`Removed ${removing.name}`),
            onError: (error) => announce(errorMessage(error), 'error'),
            onSettled: () => setRemoving(null),
          })
        }
      >
        <p>{removing?.name} will be deleted from the models folder. You can download it again later.</p>
      </ConfirmDialog>
    </section>
  );
}

import { Link } from 'wouter';
import { ProgressBar } from '../../components/ProgressBar';
import { StatusBadge } from '../../components/StatusBadge';
import { formatBytes } from '../../lib/format';
import { useJob } from '../../queries/jobs';
import { useNewJob, type PendingFile } from '../../stores/new-job-store';

/** After creation the job is followed like any other: queued, then processing with progress, then done. */
function JobProgress({ jobId, name }: { jobId: string; name: string }) {
  const job = useJob(jobId);
  const status = job.data?.job.status ?? 'queued';
  return (
    <div className="queue-progress">
      <StatusBadge status={status} />
      {status === 'done' || status === 'error' ? (
        <Link href={`/jobs/${jobId}`} className="button button-small">
          Open
        </Link>
      ) : (
        <ProgressBar
          value={status === 'queued' ? null : (job.data?.progress ?? null)}
          label={`Transcription of ${name}`}
        />
      )}
    </div>
  );
}

function PhaseCell({ entry }: { entry: PendingFile }) {
  const name = entry.file.name;
  switch (entry.phase) {
    case 'ready':
      return <span className="muted">Ready</span>;
    case 'uploading':
      return (
        <div className="queue-progress">
          <span className="muted small">Uploading</span>
          <ProgressBar value={entry.uploaded} label={`Upload of ${name}`} />
        </div>
      );
    case 'uploaded':
      return <span className="muted">Uploaded, not queued</span>;
    case 'creating':
      return <span className="muted">Queueing…</span>;
    case 'created':
      return entry.jobId ? <JobProgress jobId={entry.jobId} name={name} /> : null;
    case 'error':
      return <span className="error-text">{entry.error}</span>;
  }
}

export function FileQueue({ busy }: { busy: boolean }) {
  const files = useNewJob((s) => s.files);
  const removeFile = useNewJob((s) => s.removeFile);
  const clearFinished = useNewJob((s) => s.clearFinished);
  if (files.length === 0) return null;
  return (
    <section className="queue" aria-label="Files">
      <ul>
        {files.map((entry) => (
          <li key={entry.key} className="queue-item" data-phase={entry.phase}>
            <div className="queue-name">
              <span className="strong">{entry.file.name}</span>
              <span className="muted small">{formatBytes(entry.file.size)}</span>
            </div>
            <PhaseCell entry={entry} />
            {entry.phase !== 'created' && (
              <button
                type="button"
                className="button button-quiet button-small"
                disabled={busy}
                onClick={() => removeFile(entry.key)}
                aria-label={`Remove ${entry.file.name}`}
              >
                Remove
              </button>
            )}
          </li>
        ))}
      </ul>
      {files.some((entry) => entry.phase === 'created') && (
        <button
          type="button"
          className="button button-quiet button-small"
          onClick={clearFinished}
          disabled={busy}
        >
          Clear queued files
        </button>
      )}
    </section>
  );
}

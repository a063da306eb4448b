import { Link } from 'wouter';
import type { JobSummary } from '../../../../shared/ipc/contract';
import { ProgressBar } from '../../components/ProgressBar';
import { StatusBadge } from '../../components/StatusBadge';
import { TableHead } from '../../components/TableHead';
import { formatDateTime, formatDuration } from '../../lib/format';
import { isActive } from '../../queries/jobs';

/** Live recordings are named after their session id, which says nothing to a person: call them what they are. */
export const jobTitle = (job: Pick<JobSummary, 'filename' | 'kind' | 'id'>): string =>
  job.kind === 'live' ? 'Live session' : (job.filename ?? `Job ${job.id.slice(0, 8)}`);

function StatusCell({ job }: { job: JobSummary }) {
  return (
    <div className="status-cell">
      <StatusBadge status={job.status} />
      {isActive(job.status) && (
        <ProgressBar
          value={job.status === 'queued' ? null : job.progress}
          label={`Progress of ${jobTitle(job)}`}
        />
      )}
      {job.status === 'error' && job.errorMessage && <span className="muted small">{job.errorMessage}</span>}
    </div>
  );
}

export function JobsTable({ jobs, onDelete }: { jobs: JobSummary[]; onDelete(job: JobSummary): void }) {
  return (
    <table className="table jobs-table">
      <caption className="visually-hidden">Transcription jobs, newest first</caption>
      <TableHead columns={['Recording', 'Status', 'Created', 'Length']} />
      <tbody>
        {jobs.map((job) => (
          <tr key={job.id} data-job-id={job.id} data-status={job.status}>
            <td className="job-name-cell">
              <Link href={`/jobs/${job.id}`} className="job-link">
                {jobTitle(job)}
              </Link>
              <span className={`kind kind-${job.kind}`}>{job.kind === 'live' ? 'Live' : 'File'}</span>
              {job.excerpt && <p className="excerpt">{job.excerpt}</p>}
            </td>
            <td>
              <StatusCell job={job} />
            </td>
            <td className="nowrap">{formatDateTime(job.createdAt)}</td>
            <td className="nowrap">{formatDuration(job.durationS)}</td>
            <td className="actions-cell">
              <button
                type="button"
                className="button button-quiet button-small"
                onClick={() => onDelete(job)}
                disabled={isActive(job.status)}
                title={isActive(job.status) ? 'A running job cannot be deleted' : undefined}
                aria-label={`Delete ${jobTitle(job)}`}
              >
                Delete
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

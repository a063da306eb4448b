import { useState } from 'react';
import { Link } from 'wouter';
import type { JobSummary } from '../../../../shared/ipc/contract';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState, ErrorState, LoadingState } from '../../components/States';
import { errorMessage } from '../../lib/errors';
import { useDeleteJob, useJobList } from '../../queries/jobs';
import { useAnnouncer } from '../../stores/announcer-store';
import { hasFilters, PAGE_SIZES, toListQuery, useJobsFilter } from '../../stores/jobs-filter-store';
import { JobsFilters } from './JobsFilters';
import { jobTitle, JobsTable } from './JobsTable';

function Pagination({ hasMore, busy }: { hasMore: boolean; busy: boolean }) {
  const { page, pageSize, setPage, setFilter } = useJobsFilter();
  return (
    <nav className="pagination" aria-label="Pages">
      <button type="button" className="button" disabled={page === 0} onClick={() => setPage(page - 1)}>
        Previous
      </button>
      <span aria-live="polite">
        Page {page + 1}
        {busy && <span className="visually-hidden"> loading</span>}
      </span>
      <button type="button" className="button" disabled={!hasMore} onClick={() => setPage(page + 1)}>
        Next
      </button>
      <label className="page-size">
        Per page
        <select value={pageSize} onChange={(event) => setFilter({ pageSize: Number(event.target.value) })}>
          {PAGE_SIZES.map((size) => (
            <option key={size}>{size}</option>
          ))}
        </select>
      </label>
    </nav>
  );
}

export function JobsScreen() {
  const filter = useJobsFilter();
  const list = useJobList(toListQuery(filter));
  const remove = useDeleteJob();
  const announce = useAnnouncer((s) => s.announce);
  const [pending, setPending] = useState<JobSummary | null>(null);

  const confirmDelete = () => {
    if (!pending) return;
    remove.mutate(pending.id, {
      onSuccess: () => announce(`Deleted ${jobTitle(pending)}`),
      onError: (error) => announce(`Could not delete: ${errorMessage(error)}`, 'error'),
      onSettled: () => setPending(null),
    });
  };

  let body;
  if (list.isPending) body = <LoadingState label="Loading jobs…" />;
  else if (list.isError) body = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.data.items.length === 0 && filter.page > 0)
    body = (
      <EmptyState title="This page is empty">
        <button type="button" className="button" onClick={() => filter.setPage(0)}>
          Back to the first page
        </button>
      </EmptyState>
    );
  else if (list.data.items.length === 0 && hasFilters(filter))
    body = (
      <EmptyState title="No jobs match these filters">
        <button type="button" className="button" onClick={filter.reset}>
          Clear filters
        </button>
      </EmptyState>
    );
  else if (list.data.items.length === 0)
    body = (
      <EmptyState title="No transcriptions yet">
        <p>
          <Link href="/new">Transcribe a recording</Link> or <Link href="/live">start a live session</Link>.
        </p>
      </EmptyState>
    );
  else
    body = (
      <>
        <JobsTable jobs={list.data.items} onDelete={setPending} />
        <Pagination hasMore={list.data.hasMore} busy={list.isPlaceholderData} />
      </>
    );

  return (
    <div className="screen">
      <header className="screen-header">
        <h1 tabIndex={-1}>Jobs</h1>
        <Link href="/new" className="button button-primary">
          New transcription
        </Link>
      </header>
      <JobsFilters />
      <div aria-busy={list.isFetching}>{body}</div>
      <ConfirmDialog
        open={pending !== null}
        title="Delete this job?"
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setPending(null)}
      >
        <p>
          {pending ? jobTitle(pending) : ''}, its transcript and its audio will be removed from this computer.
          This cannot be undone.
        </p>
      </ConfirmDialog>
    </div>
  );
}

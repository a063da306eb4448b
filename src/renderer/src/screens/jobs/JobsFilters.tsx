import { useEffect, useId, useState } from 'react';
import { JOB_STATUS_VALUES, type JobKind, type JobStatus } from '../../../../shared/ipc/jobs';
import { hasFilters, useJobsFilter } from '../../stores/jobs-filter-store';

const STATUS_LABELS: Record<JobStatus, string> = {
  queued: 'Queued',
  processing: 'Processing',
  done: 'Done',
  error: 'Failed',
};

const SEARCH_DELAY_MS = 300;

/** Typing updates the query once the user pauses, not on every key. */
function SearchBox() {
  const text = useJobsFilter((s) => s.text);
  const setFilter = useJobsFilter((s) => s.setFilter);
  const [draft, setDraft] = useState(text);
  const [applied, setApplied] = useState(text);
  const id = useId();
  // Clear filters empties the store: follow it (React's pattern for state derived from a changing value).
  if (text !== applied) {
    setApplied(text);
    setDraft(text);
  }
  useEffect(() => {
    if (draft === text) return;
    const timer = setTimeout(() => setFilter({ text: draft }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, text, setFilter]);
  return (
    <div className="field field-grow">
      <label htmlFor={id}>Search transcripts</label>
      <input
        id={id}
        type="search"
        value={draft}
        placeholder="Words in the transcript or file name"
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') setFilter({ text: draft });
        }}
      />
    </div>
  );
}

export function JobsFilters() {
  const filter = useJobsFilter();
  const ids = { kind: useId(), from: useId(), to: useId() };
  const toggleStatus = (status: JobStatus, on: boolean) =>
    filter.setFilter({
      statuses: on ? [...filter.statuses, status] : filter.statuses.filter((s) => s !== status),
    });
  return (
    <section className="filters" aria-label="Filters">
      <SearchBox />
      <div className="field">
        <label htmlFor={ids.kind}>Kind</label>
        <select
          id={ids.kind}
          value={filter.kind}
          onChange={(event) => filter.setFilter({ kind: event.target.value as JobKind | 'all' })}
        >
          <option value="all">All jobs</option>
          <option value="pre-recorded">Pre-recorded</option>
          <option value="live">Live</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.from}>From</label>
        <input
          id={ids.from}
          type="date"
          value={filter.from}
          max={filter.to || undefined}
          onChange={(event) => filter.setFilter({ from: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.to}>To</label>
        <input
          id={ids.to}
          type="date"
          value={filter.to}
          min={filter.from || undefined}
          onChange={(event) => filter.setFilter({ to: event.target.value })}
        />
      </div>
      <div className="filters-break" aria-hidden="true" />
      <fieldset className="field chips">
        <legend>Status</legend>
        {JOB_STATUS_VALUES.map((status) => (
          <label key={status} className="chip">
            <input
              type="checkbox"
              checked={filter.statuses.includes(status)}
              onChange={(event) => toggleStatus(status, event.target.checked)}
            />
            {STATUS_LABELS[status]}
          </label>
        ))}
      </fieldset>
      {hasFilters(filter) && (
        <button type="button" className="button button-quiet filters-reset" onClick={filter.reset}>
          Clear filters
        </button>
      )}
    </section>
  );
}

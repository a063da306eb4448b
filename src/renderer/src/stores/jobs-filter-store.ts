import { create } from 'zustand';
import type { JobKind, JobListQuery, JobStatus } from '../../../shared/ipc/contract';
import { localDayBoundary } from '../lib/format';

export const PAGE_SIZES = [20, 50, 100] as const;

export interface JobsFilter {
  kind: JobKind | 'all';
  statuses: JobStatus[];
  /** `YYYY-MM-DD` from a date input (local day), or empty. */
  from: string;
  to: string;
  text: string;
  page: number;
  pageSize: number;
}

interface JobsFilterStore extends JobsFilter {
  /** Any filter change goes back to the first page. */
  setFilter(patch: Partial<Omit<JobsFilter, 'page'>>): void;
  setPage(page: number): void;
  reset(): void;
}

const INITIAL: JobsFilter = { kind: 'all', statuses: [], from: '', to: '', text: '', page: 0, pageSize: 20 };

export const useJobsFilter = create<JobsFilterStore>()((set) => ({
  ...INITIAL,
  setFilter: (patch) => set({ ...patch, page: 0 }),
  setPage: (page) => set({ page: Math.max(0, page) }),
  reset: () => set(INITIAL),
}));

/** The bridge query for a filter; date inputs are local days, sent as the instants bounding them. */
export function toListQuery(filter: JobsFilter): JobListQuery {
  const query: JobListQuery = { offset: filter.page * filter.pageSize, limit: filter.pageSize };
  if (filter.kind !== 'all') query.kind = filter.kind;
  if (filter.statuses.length) query.status = filter.statuses;
  const from = filter.from ? localDayBoundary(filter.from, 'start') : undefined;
  const to = filter.to ? localDayBoundary(filter.to, 'end') : undefined;
  if (from) query.from = from;
  if (to) query.to = to;
  const text = filter.text.trim();
  if (text) query.text = text;
  return query;
}

export const hasFilters = (filter: JobsFilter): boolean =>
  filter.kind !== 'all' || filter.statuses.length > 0 || !!filter.from || !!filter.to || !!filter.text.trim();

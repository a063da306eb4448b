import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExportFormat, JobDetail, JobListQuery, JobPage, JobStatus } from '../../../shared/ipc/contract';
import { useBridge } from '../bridge-context';

export const jobKeys = {
  all: ['jobs'] as const,
  list: (query: JobListQuery) => ['jobs', 'list', query] as const,
  detail: (id: string) => ['jobs', 'detail', id] as const,
};

/** Jobs change without events: poll while any is still moving, stop once all are settled. */
export const ACTIVE_POLL_MS = 1000;

export const isActive = (status: JobStatus): boolean => status === 'queued' || status === 'processing';

export function useJobList(query: JobListQuery) {
  const bridge = useBridge();
  return useQuery<JobPage>({
    queryKey: jobKeys.list(query),
    queryFn: () => bridge.jobs.list(query),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.items.some((job) => isActive(job.status)) ? ACTIVE_POLL_MS : false,
  });
}

export function useJob(id: string) {
  const bridge = useBridge();
  return useQuery<JobDetail>({
    queryKey: jobKeys.detail(id),
    queryFn: () => bridge.jobs.get(id),
    refetchInterval: (q) => {
      const status = q.state.data?.job.status;
      return status && isActive(status) ? ACTIVE_POLL_MS : false;
    },
    // The signed audio URL stays valid while the page is open; refetching would reload the player.
    refetchOnWindowFocus: (q) => {
      const status = q.state.data?.job.status;
      return status !== undefined && isActive(status);
    },
  });
}

export function useDeleteJob() {
  const bridge = useBridge();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => bridge.jobs.delete(id),
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: jobKeys.detail(id) });
      return client.invalidateQueries({ queryKey: jobKeys.all });
    },
  });
}

export function useExportJob() {
  const bridge = useBridge();
  return useMutation({
    mutationFn: ({ id, format }: { id: string; format: ExportFormat }) => bridge.jobs.export(id, format),
  });
}

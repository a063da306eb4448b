import type { JobFilter } from './types';

/**
 * The conditions every list of jobs starts from, the API's and the Jobs screen's: one owner's jobs of a kind and
 * statuses, a page of them with one row more than the page, so the caller knows whether another follows.
 * `alias` is the jobs table's (`j.`) when the query joins others.
 */
export function jobListConditions(
  filter: Pick<JobFilter, 'owner' | 'kind' | 'status' | 'offset' | 'limit'>,
  alias = '',
): { where: string[]; params: Record<string, unknown> } {
  const where = [`${alias}owner = @owner`];
  const params: Record<string, unknown> = {
    owner: filter.owner,
    limit: filter.limit + 1,
    offset: filter.offset,
  };
  if (filter.kind) {
    where.push(`${alias}kind = @kind`);
    params.kind = filter.kind;
  }
  if (filter.status?.length) {
    where.push(`${alias}status IN (${filter.status.map((_, i) => `@status${i}`).join(', ')})`);
    filter.status.forEach((s, i) => (params[`status${i}`] = s));
  }
  return { where, params };
}

import { listQueryToSearchParams, type ListQuery } from '../../shared/schemas/list-query';

/** `{first, current, next}` as absolute URLs carrying the active filters (PROTOCOL §8). */
export function pageLinks(publicUrl: string, path: string, query: ListQuery, hasNext: boolean) {
  const link = (offset: number) => {
    const params = listQueryToSearchParams({ ...query, offset });
    return `${publicUrl}${path}?${params.toString()}`;
  };
  return {
    first: link(0),
    current: link(query.offset),
    next: hasNext ? link(query.offset + query.limit) : null,
  };
}

import { describe, expect, it } from 'vitest';
import { parseJobListQuery } from '../../../shared/ipc/schemas';
import { hasFilters, toListQuery, type JobsFilter } from './jobs-filter-store';

const base: JobsFilter = { kind: 'all', statuses: [], from: '', to: '', text: '', page: 0, pageSize: 20 };

describe('Jobs filters as a bridge query', () => {
  it('sends only the page for no filters', () => {
    expect(toListQuery(base)).toEqual({ offset: 0, limit: 20 });
    expect(hasFilters(base)).toBe(false);
  });

  it('sends every filter in a form the list schema accepts', () => {
    const filter: JobsFilter = {
      kind: 'live',
      statuses: ['done', 'error'],
      from: '2024-05-01',
      to: '2024-05-31',
      text: '  fellow americans ',
      page: 2,
      pageSize: 50,
    };
    const query = toListQuery(filter);
    expect(query).toMatchObject({
      kind: 'live',
      status: ['done', 'error'],
      text: 'fellow americans',
      offset: 100,
      limit: 50,
    });
    expect(new Date(query.to!).getTime() - new Date(query.from!).getTime()).toBeGreaterThanOrEqual(
      30 * 86_400_000,
    );
    expect(parseJobListQuery(query).ok).toBe(true);
    expect(hasFilters(filter)).toBe(true);
  });
});

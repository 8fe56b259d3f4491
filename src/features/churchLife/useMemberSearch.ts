// Members by name for the check-in and the visitor's "who invited": the members list's own search
// (its token index), best matches first, limited to one congregation and a few rows, after the
// user pauses typing.
import { useQuery } from '@tanstack/react-query';
import { type RaRecord, useDataProvider } from 'react-admin';
import { useDebouncedValue } from '../../ui/inputs';

export interface FoundMember extends RaRecord {
  name: string;
  congregationName?: string;
}

export const MIN_SEARCH = 2;

export function useMemberSearch(text: string, congregationId: number | undefined, limit = 8) {
  const dataProvider = useDataProvider();
  const q = useDebouncedValue(text.trim());
  const enabled = q.length >= MIN_SEARCH;
  const query = useQuery({
    queryKey: ['checkin-search', congregationId ?? null, q, limit],
    queryFn: () =>
      dataProvider.getList<FoundMember>('membros', {
        filter: { q, ...(congregationId ? { congregationId } : {}) },
        sort: { field: 'match', order: 'ASC' },
        pagination: { page: 1, perPage: limit },
      }),
    enabled,
    staleTime: 30_000,
  });
  return {
    q,
    enabled,
    members: enabled ? (query.data?.data ?? []) : [],
    isFetching: query.isFetching,
  };
}

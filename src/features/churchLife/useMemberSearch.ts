// Members by name for the check-in and the visitor's "who invited": the members list's own search
// (its token index), best matches first, limited to one congregation and a few rows, after the
// user pauses typing. A culto's check-in host (a líder, issue 26) does not read the registry: he
// searches the members of the culto's congregation as a group's people are read (name, photo,
// phone, birthday).
import { useQuery } from '@tanstack/react-query';
import { type RaRecord, useCanAccess, useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { useDebouncedValue } from '../../ui/inputs';

export interface FoundMember extends RaRecord {
  name: string;
  congregationName?: string;
}

export const MIN_SEARCH = 2;

export function useMemberSearch(
  text: string,
  congregationId: number | undefined,
  { limit = 8, gatheringId }: { limit?: number; gatheringId?: number } = {},
) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { canAccess: readsRegistry } = useCanAccess({ action: 'list', resource: 'membros' });
  const q = useDebouncedValue(text.trim());
  const host = readsRegistry === false && gatheringId !== undefined;
  const enabled = q.length >= MIN_SEARCH && readsRegistry !== undefined;
  const query = useQuery({
    queryKey: ['checkin-search', host ? gatheringId : null, congregationId ?? null, q, limit],
    queryFn: async (): Promise<FoundMember[]> =>
      host
        ? dataProvider.gatheringPeople(gatheringId, q)
        : (
            await dataProvider.getList<FoundMember>('membros', {
              filter: { q, ...(congregationId ? { congregationId } : {}) },
              sort: { field: 'match', order: 'ASC' },
              pagination: { page: 1, perPage: limit },
            })
          ).data,
    enabled,
    staleTime: 30_000,
  });
  return {
    q,
    enabled,
    members: enabled ? (query.data ?? []) : [],
    isFetching: query.isFetching,
  };
}

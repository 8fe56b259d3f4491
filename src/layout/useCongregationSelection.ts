// The app bar's congregation (issue 12): the congregations the user may pick (those of their
// rights, GET /api/congregations), the stored choice, and choosing one, which refreshes every
// query so every list, report and dashboard follows.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useGetList, useNotify } from 'react-admin';
import type { CongregationKind } from '../../domain/congregations';
import {
  readSelection,
  saveSelection,
  subscribeSelection,
} from '../providers/congregationSelection';
import { CONGREGATIONS_RESOURCE } from '../ui/congregationsResource';

export interface CongregationChoice {
  id: number;
  name: string;
  kind: CongregationKind;
  active: boolean;
}

/** The stored selection (null: all), following changes in this tab and others. */
export function useSelectedCongregation(): number | null {
  return useSyncExternalStore(subscribeSelection, readSelection, () => null);
}

/** The congregations the user may pick, the current choice, and whether there is a choice. */
export function useCongregationChoices() {
  const selected = useSelectedCongregation();
  const { data, isPending } = useGetList<CongregationChoice>(
    CONGREGATIONS_RESOURCE,
    {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'kind', order: 'ASC' },
      filter: {},
    },
    { staleTime: 5 * 60_000 },
  );
  const choices = data ?? [];
  const current = choices.find((choice) => choice.id === selected) ?? null;
  /** Only a user who sees more than one congregation chooses. */
  return { choices, visible: choices.length > 1, selected, current, isPending };
}

/**
 * The selector's side effects (mounted once, in the app bar): every change of the selection,
 * here, in another tab or refused by the server, refreshes the data; a stored choice the user no
 * longer has goes back to all.
 */
export function useCongregationSelection() {
  const state = useCongregationChoices();
  const { isPending, selected, visible, current } = state;
  const queryClient = useQueryClient();
  const notify = useNotify();

  useEffect(
    () =>
      subscribeSelection((reason) => {
        if (reason === 'lost') notify('adam.congregation.selection_lost', { type: 'warning' });
        // Every query but the choices themselves (they do not depend on the selection).
        void queryClient.resetQueries({
          predicate: (query) => query.queryKey[0] !== CONGREGATIONS_RESOURCE,
        });
      }),
    [queryClient, notify],
  );

  useEffect(() => {
    if (isPending || selected === null) return;
    if (!visible || current === null) saveSelection(null, 'lost');
  }, [isPending, selected, visible, current]);

  const choose = useCallback((id: number | null) => saveSelection(id), []);
  return { ...state, choose };
}

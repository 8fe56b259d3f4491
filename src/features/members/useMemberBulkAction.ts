import {
  type Identifier,
  useDataProvider,
  useListContext,
  useNotify,
  useRefresh,
  useUnselectAll,
} from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import type { MemberBulkAction } from '../../providers/memberCalls';
import { useAction } from '../../providers/useAction';

type Change =
  { action: 'set_status'; status: string } | { action: 'add_department'; departmentId: Identifier };

/** Applies one change to the selected members (POST /api/members/bulk), then reloads the list. */
export function useMemberBulkAction() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { selectedIds, resource } = useListContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll(resource);
  const { run: call, busy: running } = useAction();

  const run = async (change: Change) => {
    const result = await call(() =>
      dataProvider.bulkUpdateMembers({ ids: selectedIds, ...change } as MemberBulkAction),
    );
    if (!result) return false;
    notify('resources.membros.bulk.done', {
      type: 'success',
      messageArgs: { smart_count: result.updated },
    });
    unselectAll();
    refresh();
    return true;
  };
  return { run, running, count: selectedIds.length };
}

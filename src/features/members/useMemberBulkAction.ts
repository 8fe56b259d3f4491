import { useState } from 'react';
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

type Change =
  { action: 'set_status'; status: string } | { action: 'add_department'; departmentId: Identifier };

/** Applies one change to the selected members (POST /api/members/bulk), then reloads the list. */
export function useMemberBulkAction() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { selectedIds, resource } = useListContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll(resource);
  const [running, setRunning] = useState(false);

  const run = async (change: Change) => {
    setRunning(true);
    try {
      const { updated } = await dataProvider.bulkUpdateMembers({
        ids: selectedIds,
        ...change,
      } as MemberBulkAction);
      notify('resources.membros.bulk.done', {
        type: 'success',
        messageArgs: { smart_count: updated },
      });
      unselectAll();
      refresh();
      return true;
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', {
        type: 'error',
      });
      return false;
    } finally {
      setRunning(false);
    }
  };
  return { run, running, count: selectedIds.length };
}

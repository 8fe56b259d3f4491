import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { useAction } from '../../../providers/useAction';

/** What the secretary completes on approval (empty date: the server's today). */
export interface Approval {
  positionId?: number | null;
  admissionDate?: string | null;
}

/** Approve (status active) or reject (the registration is deleted) a pending member. */
export function useReview() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { run, busy } = useAction();
  const notify = useNotify();
  const refresh = useRefresh();
  const review = async (
    member: { id: number | string; name: string },
    verdict: 'approve' | 'reject',
    approval?: Approval,
  ) => {
    const done = await run(() => dataProvider.reviewRegistration(member.id, verdict, approval));
    if (!done) return false;
    notify(`resources.membros/pendentes.${verdict === 'approve' ? 'approved' : 'rejected'}`, {
      type: 'success',
      messageArgs: { name: member.name },
    });
    refresh();
    return true;
  };
  return { review, busy };
}

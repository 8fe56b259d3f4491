import { Chip, type ChipProps } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { MEMBER_STATUS_LABELS, type MemberStatus } from '../../../domain/members';
import { labelOf } from './memberChoices';

const COLORS: Record<MemberStatus, ChipProps['color']> = {
  pending: 'warning',
  active: 'success',
  inactive: 'default',
  disciplined: 'error',
  transferred: 'info',
  deceased: 'default',
};

export function MemberStatusChip({ status }: { status: MemberStatus | null | undefined }) {
  if (!status) return null;
  return (
    <Chip
      label={labelOf(MEMBER_STATUS_LABELS, status)}
      color={COLORS[status] ?? 'default'}
      size="small"
      variant={status === 'active' || status === 'pending' ? 'filled' : 'outlined'}
    />
  );
}

/** List cell: the member's status as a Portuguese chip. */
export function MemberStatusField() {
  const record = useRecordContext<{ status?: MemberStatus }>();
  return <MemberStatusChip status={record?.status} />;
}

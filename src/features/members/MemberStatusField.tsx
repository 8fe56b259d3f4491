import { Chip, type ChipProps } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { type MemberStatus, memberStatusLabel } from '../../../domain/members';

const COLORS: Record<MemberStatus, ChipProps['color']> = {
  pending: 'warning',
  active: 'success',
  inactive: 'default',
  disciplined: 'error',
  transferring: 'warning',
  transferred: 'info',
  deceased: 'default',
};

/** The status in words that agree with the member's sex ("Falecida"). */
export function MemberStatusChip({
  status,
  sex,
}: {
  status: MemberStatus | null | undefined;
  sex?: string | null;
}) {
  if (!status) return null;
  return (
    <Chip
      label={memberStatusLabel(status, sex)}
      color={COLORS[status] ?? 'default'}
      size="small"
      variant={status === 'active' || status === 'pending' ? 'filled' : 'outlined'}
    />
  );
}

/** List cell: the member's status as a Portuguese chip. */
export function MemberStatusField() {
  const record = useRecordContext<{ status?: MemberStatus; sex?: string | null }>();
  return <MemberStatusChip status={record?.status} sex={record?.sex} />;
}

import { Chip, type ChipProps } from '@mui/material';
import { TRANSFER_STATE_LABELS, type TransferState } from '../../domain/transfers';

const COLORS: Record<TransferState, ChipProps['color']> = {
  requested: 'warning',
  sent: 'info',
  confirmed: 'success',
  cancelled: 'default',
};

/** A transfer's state in words ("Carta enviada"). */
export function TransferStateChip({ state }: { state: TransferState | null | undefined }) {
  if (!state) return null;
  return (
    <Chip
      label={TRANSFER_STATE_LABELS[state] ?? state}
      color={COLORS[state] ?? 'default'}
      size="small"
      variant="outlined"
    />
  );
}

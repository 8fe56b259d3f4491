import { Chip } from '@mui/material';
import {
  EXPENSE_STATUS_LABELS,
  type ExpenseStatus,
  PAYABLE_STATUS_LABELS,
  type PayableStatus,
} from '../../../../domain/finance/labels';

const PAYABLE_COLORS: Record<PayableStatus, 'default' | 'error' | 'success' | 'warning'> = {
  pending: 'default',
  overdue: 'error',
  paid: 'success',
};

export function PayableStatusChip({ status }: { status: PayableStatus }) {
  return (
    <Chip
      size="small"
      label={PAYABLE_STATUS_LABELS[status] ?? status}
      color={PAYABLE_COLORS[status] ?? 'default'}
      variant={status === 'pending' ? 'outlined' : 'filled'}
    />
  );
}

const EXPENSE_COLORS: Record<ExpenseStatus, 'default' | 'success' | 'warning'> = {
  pending: 'default',
  partial: 'warning',
  paid: 'success',
};

export function ExpenseStatusChip({ status }: { status: ExpenseStatus }) {
  return (
    <Chip
      size="small"
      label={EXPENSE_STATUS_LABELS[status] ?? status}
      color={EXPENSE_COLORS[status] ?? 'default'}
      variant={status === 'pending' ? 'outlined' : 'filled'}
    />
  );
}

// The mark of a movement reconciled with a bank statement's line (issue 14): in the
// transactions list and an account's statement.
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';

export function ReconciledChip({ lineId }: { lineId: number | null | undefined }) {
  const translate = useTranslate();
  if (!lineId) return null;
  return (
    <Chip
      size="small"
      color="success"
      variant="outlined"
      icon={<TaskAltIcon />}
      label={translate('adam.finance.reconciled')}
      sx={{ verticalAlign: 'middle' }}
    />
  );
}

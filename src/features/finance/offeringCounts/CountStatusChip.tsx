import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { COUNT_STATUS_LABELS, type CountStatus } from '../../../../domain/finance/offeringCounts';

/** Aberta / Fechada, and "Ajuste" beside it for an adjusting count. */
export function CountStatusChip({
  status,
  adjusting,
}: {
  status: CountStatus;
  adjusting?: boolean;
}) {
  const translate = useTranslate();
  return (
    <>
      <Chip
        size="small"
        label={COUNT_STATUS_LABELS[status] ?? status}
        color={status === 'closed' ? 'success' : 'default'}
        variant={status === 'closed' ? 'filled' : 'outlined'}
      />
      {adjusting && (
        <Chip
          size="small"
          sx={{ ml: 0.5 }}
          variant="outlined"
          color="warning"
          label={translate('adam.finance.counts.adjusting')}
        />
      )}
    </>
  );
}

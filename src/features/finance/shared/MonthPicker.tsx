import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { IconButton, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { addMonths } from '../../../../domain/finance/installments';
import { monthName } from '../../../../domain/calendar';

/** ‹ novembro de 2026 › — the month in words, one step back or forward at a time. */
export function MonthPicker({
  month,
  onChange,
}: {
  month: string;
  onChange: (month: string) => void;
}) {
  const translate = useTranslate();
  const step = (months: number) => onChange(addMonths(`${month}-01`, months).slice(0, 7));
  return (
    <Stack
      direction="row"
      sx={{ alignItems: 'center' }}
      role="group"
      aria-label={translate('adam.finance.month')}
    >
      <IconButton onClick={() => step(-1)} aria-label={translate('adam.finance.previous_month')}>
        <ChevronLeftIcon />
      </IconButton>
      <Typography sx={{ minWidth: 170, textAlign: 'center', fontWeight: 500 }} aria-live="polite">
        {monthName(month)}
      </Typography>
      <IconButton onClick={() => step(1)} aria-label={translate('adam.finance.next_month')}>
        <ChevronRightIcon />
      </IconButton>
    </Stack>
  );
}

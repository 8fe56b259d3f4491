import { Box, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useListContext, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { withoutSessionEnd } from '../../../providers/useAction';
import { Money } from '../../../ui/Money';

/** What the filtered list adds up to. */
export function PayableSummaryBar() {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data } = useQuery({
    queryKey: ['payables-summary', filterValues],
    queryFn: () => dataProvider.payablesSummary(filterValues),
    select: withoutSessionEnd,
  });
  if (!data) return null;
  return (
    <Stack
      direction="row"
      spacing={3}
      useFlexGap
      sx={{ px: 2, py: 1, flexWrap: 'wrap' }}
      aria-live="polite"
    >
      <Figure label={translate('adam.finance.open_total')} cents={data.openCents} />
      <Figure
        label={translate('adam.finance.overdue_total')}
        cents={data.overdueCents}
        danger={data.overdueCents > 0}
      />
      {data.paidCents > 0 && (
        <Figure label={translate('adam.finance.paid_total')} cents={data.paidCents} />
      )}
    </Stack>
  );
}

function Figure({
  label,
  cents,
  danger = false,
}: {
  label: string;
  cents: number;
  danger?: boolean;
}) {
  return (
    <Box>
      <Typography variant="body2" color="textSecondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p" color={danger ? 'error' : undefined}>
        <Money cents={cents} />
      </Typography>
    </Box>
  );
}

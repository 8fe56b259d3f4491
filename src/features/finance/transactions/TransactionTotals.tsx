import { Box, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useListContext, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { withoutSessionEnd } from '../../../providers/useAction';
import { Money } from '../../../ui/Money';

/** The totals of the filtered movements: in, out, transfers and the result. */
export function TransactionTotals() {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data } = useQuery({
    queryKey: ['transactions-summary', filterValues],
    queryFn: () => dataProvider.transactionsSummary(filterValues),
    select: withoutSessionEnd,
  });
  if (!data) return null;
  const items: Array<[string, number, boolean?]> = [
    ['adam.finance.incomes_total', data.incomeCents],
    ['adam.finance.expenses_total', -data.expenseCents],
  ];
  if (data.transferInCents || data.transferOutCents) {
    items.push(['adam.finance.transfers_in', data.transferInCents]);
    items.push(['adam.finance.transfers_out', -data.transferOutCents]);
  }
  if (data.adjustmentCents) items.push(['adam.finance.adjustments', data.adjustmentCents]);
  items.push(['adam.finance.net_total', data.netCents, true]);
  return (
    <Stack
      direction="row"
      spacing={3}
      useFlexGap
      sx={{ px: 2, py: 1, flexWrap: 'wrap' }}
      aria-live="polite"
      data-testid="transaction-totals"
    >
      {items.map(([label, cents, strong]) => (
        <Box key={label}>
          <Typography variant="body2" color="textSecondary">
            {translate(label)}
          </Typography>
          <Typography variant={strong ? 'h6' : 'body1'} component="p">
            <Money cents={cents} signed strong={strong} />
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}

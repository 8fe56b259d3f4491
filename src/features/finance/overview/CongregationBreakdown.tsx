// The overview's breakdown per congregation (issue 12): each congregation of the view with the
// month's incomes, expenses and result and its accounts' balance, and the view's total (the
// figures above are that total). A real table, named by the text above it, with header cells;
// on a phone, where four money columns do not fit (they hid behind a scroll nobody saw), one
// block per congregation with its four figures under their names.
import {
  Box,
  type Theme,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { Money } from '../../../ui/Money';
import type { FinanceOverview } from '../../../providers/financeTypes';

const sticky = {
  position: 'sticky',
  left: 0,
  bgcolor: 'background.paper',
  zIndex: 1,
  minWidth: { xs: 128, sm: 200 },
} as const;

const FIGURES = [
  ['adam.finance.incomes', 'incomeCents', false],
  ['adam.finance.expenses', 'expenseCents', false],
  ['adam.finance.result', 'resultCents', true],
  ['adam.finance.balance', 'balanceCents', true],
] as const;

type Figures = Record<(typeof FIGURES)[number][1], number>;

/** A congregation (or the total) on a phone: its name, then each figure under its name. */
function PhoneBlock({ name, figures, total }: { name: string; figures: Figures; total?: boolean }) {
  const translate = useTranslate();
  return (
    <Box component="li" sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}>
      <Typography component="h3" variant="subtitle2" sx={{ fontWeight: total ? 700 : 500 }}>
        {name}
      </Typography>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 2, rowGap: 0.5 }}
      >
        {FIGURES.map(([label, key, signed]) => (
          <Box key={key}>
            <Typography component="dt" variant="caption" color="textSecondary">
              {translate(label)}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              <Money cents={figures[key]} signed={signed} />
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

export function CongregationBreakdown({ data }: { data: FinanceOverview }) {
  const translate = useTranslate();
  const captionId = useId();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const rows = data.congregations;
  // Above the figures (a caption inside a scrolling table would scroll away with it).
  const caption = (
    <Typography id={captionId} variant="body2" color="textSecondary" sx={{ mb: 1 }}>
      {translate('adam.finance.by_congregation_caption')}
    </Typography>
  );
  if (phone) {
    return (
      <>
        {caption}
        <Box
          component="ul"
          aria-labelledby={captionId}
          data-testid="congregation-breakdown"
          sx={{ listStyle: 'none', m: 0, p: 0 }}
        >
          {rows.map((row) => (
            <PhoneBlock key={row.congregationId} name={row.congregationName} figures={row} />
          ))}
          <PhoneBlock
            name={translate('adam.finance.total')}
            figures={{ ...data, balanceCents: data.totalBalanceCents }}
            total
          />
        </Box>
      </>
    );
  }
  return (
    <>
      {caption}
      <Box
        role="region"
        aria-labelledby={captionId}
        tabIndex={0}
        sx={{ overflowX: 'auto', '&:focus-visible': { outline: 2, outlineColor: 'primary.main' } }}
      >
        <Table
          size="small"
          aria-labelledby={captionId}
          data-testid="congregation-breakdown"
          sx={{
            // The total reads as the figures do, not as a footnote.
            '& .MuiTableCell-footer': {
              fontSize: 'body2.fontSize',
              fontWeight: 600,
              color: 'text.primary',
            },
          }}
        >
          <TableHead>
            <TableRow>
              <TableCell scope="col" sx={sticky}>
                {translate('adam.finance.congregation')}
              </TableCell>
              <TableCell scope="col" align="right">
                {translate('adam.finance.incomes')}
              </TableCell>
              <TableCell scope="col" align="right">
                {translate('adam.finance.expenses')}
              </TableCell>
              <TableCell scope="col" align="right">
                {translate('adam.finance.result')}
              </TableCell>
              <TableCell scope="col" align="right">
                {translate('adam.finance.balance')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.congregationId}>
                <TableCell component="th" scope="row" sx={sticky}>
                  {row.congregationName}
                </TableCell>
                <TableCell align="right">
                  <Money cents={row.incomeCents} />
                </TableCell>
                <TableCell align="right">
                  <Money cents={row.expenseCents} />
                </TableCell>
                <TableCell align="right">
                  <Money cents={row.resultCents} signed />
                </TableCell>
                <TableCell align="right">
                  <Money cents={row.balanceCents} signed />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell component="th" scope="row" sx={sticky}>
                {translate('adam.finance.total')}
              </TableCell>
              <TableCell align="right">
                <Money cents={data.incomeCents} />
              </TableCell>
              <TableCell align="right">
                <Money cents={data.expenseCents} />
              </TableCell>
              <TableCell align="right">
                <Money cents={data.resultCents} signed />
              </TableCell>
              <TableCell align="right">
                <Money cents={data.totalBalanceCents} signed />
              </TableCell>
            </TableRow>
          </TableFooter>
        </Table>
      </Box>
    </>
  );
}

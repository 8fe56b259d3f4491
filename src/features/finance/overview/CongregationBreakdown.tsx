// The overview's breakdown per congregation (issue 12): each congregation of the view with the
// month's incomes, expenses and result and its accounts' balance, and the view's total (the
// figures above are that total). A real table, named by the text above it, with header cells;
// on a phone it scrolls sideways inside a focusable, named region, the congregation's name
// always in view.
import {
  Box,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { Money } from '../shared/Money';
import type { FinanceOverview } from '../types';

const sticky = {
  position: 'sticky',
  left: 0,
  bgcolor: 'background.paper',
  zIndex: 1,
  minWidth: { xs: 128, sm: 200 },
} as const;

export function CongregationBreakdown({ data }: { data: FinanceOverview }) {
  const translate = useTranslate();
  const captionId = useId();
  const rows = data.congregations;
  return (
    <>
      {/* Above the scrolling region (a caption would scroll away with a wide table). */}
      <Typography id={captionId} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('adam.finance.by_congregation_caption')}
      </Typography>
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

// An account's statement: its movements newest first, each with the balance after it,
// by period, a page at a time.
import {
  Box,
  Card,
  CardContent,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  type Theme,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { withoutSessionEnd } from '../../../providers/useAction';
import { TRANSACTION_KIND_LABELS } from '../../../../domain/finance/labels';
import { formatDate } from '../../../../domain/formats';
import { DateTextField } from '../../../ui/inputs';
import { useCappedTotal } from '../shared/CappedPagination';
import { labelOf } from '../../../ui/choices';
import { Money } from '../../../ui/Money';
import { ReconciledChip } from '../statements/ReconciledChip';

export function Statement({ accountId }: { accountId: number }) {
  const translate = useTranslate();
  const formatTotal = useCappedTotal();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const dataProvider = useDataProvider<AppDataProvider>();
  const filter = { dateGte: from || undefined, dateLte: to || undefined };
  const { data, isFetching, error } = useQuery({
    queryKey: ['statement', accountId, filter, page, perPage],
    queryFn: () =>
      dataProvider.bankStatement(accountId, {
        filter,
        range: [page * perPage, page * perPage + perPage - 1],
      }),
    placeholderData: keepPreviousData,
    select: withoutSessionEnd,
  });
  const rows = data?.rows ?? [];
  const period = (setter: (value: string) => void) => (value: string | null) => {
    setter(value ?? '');
    setPage(0);
  };
  return (
    <Card component="section">
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ mb: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
        >
          <Typography variant="h6" component="h2">
            {translate('adam.finance.statement')}
          </Typography>
          <Stack direction="row" spacing={1}>
            <DateTextField
              size="small"
              name="dateGte"
              label={translate('adam.finance.from')}
              value={from}
              onChange={period(setFrom)}
            />
            <DateTextField
              size="small"
              name="dateLte"
              label={translate('adam.finance.to')}
              value={to}
              onChange={period(setTo)}
            />
          </Stack>
        </Stack>
        <Box sx={{ height: 4 }}>{isFetching && <LinearProgress />}</Box>
        {error ? (
          <Typography color="error">{(error as Error).message}</Typography>
        ) : rows.length === 0 && !isFetching ? (
          <Typography color="textSecondary" sx={{ py: 2 }}>
            {translate('adam.finance.no_statement')}
          </Typography>
        ) : phone ? (
          <Box
            component="ul"
            sx={{ listStyle: 'none', p: 0, m: 0 }}
            aria-label={translate('adam.finance.statement')}
          >
            {rows.map((row) => (
              <Box
                component="li"
                key={row.id}
                sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}
              >
                <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                  <Typography variant="body2" color="textSecondary">
                    {formatDate(row.date)}
                  </Typography>
                  <Money cents={row.amountCents} signed />
                </Stack>
                <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                  <Typography sx={{ overflowWrap: 'anywhere' }}>
                    {row.description} <ReconciledChip lineId={row.statementLineId} />
                  </Typography>
                  <Typography variant="body2" color="textSecondary" sx={{ whiteSpace: 'nowrap' }}>
                    <Money cents={row.balanceAfterCents} />
                  </Typography>
                </Stack>
              </Box>
            ))}
          </Box>
        ) : (
          <Table size="small" aria-label={translate('adam.finance.statement')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('adam.finance.date')}</TableCell>
                <TableCell>{translate('adam.finance.description')}</TableCell>
                <TableCell>{translate('adam.finance.kind')}</TableCell>
                <TableCell align="right">{translate('adam.finance.amount')}</TableCell>
                <TableCell align="right">{translate('adam.finance.balance')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id} hover>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.date)}</TableCell>
                  <TableCell>
                    {row.description} <ReconciledChip lineId={row.statementLineId} />
                  </TableCell>
                  <TableCell>{labelOf(TRANSACTION_KIND_LABELS, row.kind)}</TableCell>
                  <TableCell align="right">
                    <Money cents={row.amountCents} signed />
                  </TableCell>
                  <TableCell align="right">
                    <Money cents={row.balanceAfterCents} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <TablePagination
          component="div"
          count={data?.total ?? 0}
          page={page}
          onPageChange={(_event, next) => setPage(next)}
          rowsPerPage={perPage}
          rowsPerPageOptions={[25, 50, 100]}
          onRowsPerPageChange={(event) => {
            setPerPage(Number(event.target.value));
            setPage(0);
          }}
          labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
          labelDisplayedRows={({ from: start, to: end, count }) =>
            translate('ra.navigation.page_range_info', {
              offsetBegin: start,
              offsetEnd: end,
              total: formatTotal(count),
            })
          }
        />
      </CardContent>
    </Card>
  );
}

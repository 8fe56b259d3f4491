// A dizimista's figures (issue 25), on the Dizimistas report and on the donor's page: the months
// with a tithe, the total, the last tithe, the months since, and the fidelity grid — one small
// cell per month, six to a row on a phone, that reads as "mar/2025: R$ 100,00" to a screen reader.
import CheckIcon from '@mui/icons-material/Check';
import { Box, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatDate, formatMoney } from '../../domain/formats';
import { monthsWithoutText, shortMonth } from '../../domain/reports';
import { Money } from './Money';

/** Read by screen readers only. */
const HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** One row of GET /api/reports/finance/tithers, as the client reads it. */
export interface TitherRow {
  id: number;
  donorId: number;
  name: string;
  congregationName: string | null;
  months: number[];
  monthsWithTithe: number;
  totalCents: number;
  lastDate: string;
  monthsWithout: number;
}

/** The fidelity grid: `months` (YYYY-MM) with the tithes of each. */
export function MonthGrid({ months, amounts }: { months: string[]; amounts: number[] }) {
  const translate = useTranslate();
  return (
    <Box
      component="ul"
      aria-label={translate('adam.reports.tithers.grid')}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(6, minmax(0, 1fr))', md: 'repeat(12, 2.25rem)' },
        gap: 0.5,
      }}
    >
      {months.map((month, index) => {
        const amount = amounts[index] ?? 0;
        const gave = amount !== 0;
        return (
          <Box
            component="li"
            key={month}
            title={gave ? formatMoney(amount) : undefined}
            sx={{
              border: 1,
              borderColor: gave ? 'success.main' : 'divider',
              bgcolor: gave ? 'success.main' : 'transparent',
              color: gave ? 'success.contrastText' : 'text.secondary',
              borderRadius: 1,
              textAlign: 'center',
              fontSize: '0.75rem',
              lineHeight: 1.2,
              py: 0.25,
            }}
          >
            <span aria-hidden="true">{shortMonth(month).slice(0, 3)}</span>
            <Box aria-hidden="true" sx={{ height: 16 }}>
              {gave ? <CheckIcon sx={{ fontSize: 16 }} /> : '–'}
            </Box>
            <Box component="span" sx={HIDDEN}>
              {`${shortMonth(month)}: ${gave ? formatMoney(amount) : translate('adam.reports.tithers.no_tithe')}`}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

/** The figures of one dizimista in the period, above his grid. */
export function TitherFigures({ row, months }: { row: TitherRow; months: string[] }) {
  const translate = useTranslate();
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Typography variant="body2">
          {translate('adam.reports.tithers.total')}: <Money cents={row.totalCents} strong />
        </Typography>
        <Typography variant="body2">
          {translate('adam.reports.tithers.months_count', {
            smart_count: row.monthsWithTithe,
            total: months.length,
          })}
        </Typography>
        <Typography variant="body2">
          {translate('adam.reports.tithers.last')}: {formatDate(row.lastDate)}
        </Typography>
        <Typography
          variant="body2"
          sx={{ fontWeight: 600, color: row.monthsWithout >= 3 ? 'error.main' : undefined }}
        >
          {monthsWithoutText(row.monthsWithout)}
        </Typography>
      </Stack>
      <MonthGrid months={months} amounts={row.months} />
    </Stack>
  );
}

// Incomes × expenses month by month, drawn in plain SVG (no chart library): two bars per
// month on a shared scale, the values in a table underneath for screen readers and for
// anyone who wants the exact amounts.
import {
  Box,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  type Theme,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { MONTH_ABBREVIATIONS } from '../../../../domain/calendar';
import { formatMoney } from '../../../../domain/formats';
import { Money } from '../../../ui/Money';

export interface MonthFigures {
  month: string;
  incomeCents: number;
  expenseCents: number;
}

const monthLabel = (month: string) => MONTH_ABBREVIATIONS[Number(month.slice(5, 7)) - 1] ?? month;
const monthYear = (month: string) => `${monthLabel(month)}/${month.slice(2, 4)}`;

export function MonthlyChart({ months }: { months: MonthFigures[] }) {
  const theme = useTheme();
  const translate = useTranslate();
  const titleId = useId();
  const max = Math.max(1, ...months.flatMap((m) => [m.incomeCents, m.expenseCents]));
  // A narrower drawing on phones, so the month names keep a readable size.
  const phone = useMediaQuery<Theme>((t) => t.breakpoints.down('sm'), { noSsr: true });
  const width = phone ? 340 : 600;
  const height = phone ? 200 : 220;
  const top = 12;
  const bottom = 24;
  const plot = height - top - bottom;
  const slot = width / Math.max(1, months.length);
  const bar = Math.min(18, slot * 0.36);
  const y = (cents: number) => top + plot - (Math.max(0, cents) / max) * plot;
  const income = theme.palette.success.main;
  const expense = theme.palette.error.main;
  return (
    <Box>
      <Stack direction="row" spacing={2} sx={{ mb: 1, flexWrap: 'wrap' }} aria-hidden>
        <Legend color={income} label={translate('adam.finance.incomes')} />
        <Legend color={expense} label={translate('adam.finance.expenses')} />
        <Typography variant="caption" color="textSecondary" sx={{ ml: 'auto !important' }}>
          {translate('adam.finance.chart_max', { amount: formatMoney(max) })}
        </Typography>
      </Stack>
      <Box
        component="svg"
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={titleId}
        sx={{ width: '100%', height: 'auto', display: 'block' }}
      >
        <title id={titleId}>{translate('adam.finance.chart_title')}</title>
        {[0.25, 0.5, 0.75, 1].map((fraction) => (
          <line
            key={fraction}
            x1={0}
            x2={width}
            y1={y(max * fraction)}
            y2={y(max * fraction)}
            stroke={theme.palette.divider}
            strokeDasharray="4 4"
          />
        ))}
        <line
          x1={0}
          x2={width}
          y1={top + plot}
          y2={top + plot}
          stroke={theme.palette.text.disabled}
        />
        {months.map((m, i) => {
          const center = slot * i + slot / 2;
          return (
            <g key={m.month}>
              <rect
                x={center - bar - 1}
                y={y(m.incomeCents)}
                width={bar}
                height={top + plot - y(m.incomeCents)}
                fill={income}
                rx={2}
              >
                <title>{`${monthYear(m.month)} – ${translate('adam.finance.incomes')}: ${formatMoney(m.incomeCents)}`}</title>
              </rect>
              <rect
                x={center + 1}
                y={y(m.expenseCents)}
                width={bar}
                height={top + plot - y(m.expenseCents)}
                fill={expense}
                rx={2}
              >
                <title>{`${monthYear(m.month)} – ${translate('adam.finance.expenses')}: ${formatMoney(m.expenseCents)}`}</title>
              </rect>
              <text
                x={center}
                y={height - 6}
                textAnchor="middle"
                fontSize={phone ? 11 : 13}
                fill={theme.palette.text.secondary}
              >
                {monthLabel(m.month)}
              </text>
            </g>
          );
        })}
      </Box>
      <Box component="details" sx={{ mt: 1 }}>
        <Typography component="summary" variant="body2" color="primary" sx={{ cursor: 'pointer' }}>
          {translate('adam.finance.chart_values')}
        </Typography>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('adam.finance.month')}</TableCell>
                <TableCell align="right">{translate('adam.finance.incomes')}</TableCell>
                <TableCell align="right">{translate('adam.finance.expenses')}</TableCell>
                <TableCell align="right">{translate('adam.finance.result')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {months.map((m) => (
                <TableRow key={m.month}>
                  <TableCell>{monthYear(m.month)}</TableCell>
                  <TableCell align="right">
                    <Money cents={m.incomeCents} />
                  </TableCell>
                  <TableCell align="right">
                    <Money cents={m.expenseCents} />
                  </TableCell>
                  <TableCell align="right">
                    <Money cents={m.incomeCents - m.expenseCents} signed />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </Box>
    </Box>
  );
}

function Legend({ color, label }: { color: string; label: string }) {
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
      <Box sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: color }} />
      <Typography variant="body2">{label}</Typography>
    </Stack>
  );
}

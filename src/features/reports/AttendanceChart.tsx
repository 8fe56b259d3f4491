// Presença por culto over time (issue 26): the average attendance per culto of each month of the
// period, all cultos of the report's scope, in plain SVG (no chart library: this file is loaded
// only with the report). The values sit in a table underneath for screen readers.
import {
  Box,
  Card,
  CardContent,
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
import { useGetList, useListContext, useTranslate } from 'react-admin';
import { CHURCH_LIFE_COLUMNS } from '../../../domain/churchLifeReport';
import { addMonths, todayIso } from '../../../domain/dates';
import { MAX_REPORT_MONTHS, monthsBetween, reportByKey, shortMonth } from '../../../domain/reports';
import { formatInteger } from '../../ui/listTotal';
import type { ChurchLifeRow } from './ChurchLifeReport';

const T = 'adam.reports.church_life';

export default function AttendanceChart() {
  const theme = useTheme();
  const translate = useTranslate();
  const titleId = useId();
  const { filterValues } = useListContext();
  const phone = useMediaQuery<Theme>((t) => t.breakpoints.down('sm'), { noSsr: true });
  // Every culto's row of the same filters: the totals row is the last.
  const { data } = useGetList<ChurchLifeRow>(reportByKey('church_life').api, {
    filter: { ...filterValues, section: 'cultos' },
    pagination: { page: 1, perPage: 1000 },
  });
  const total = data?.find((row) => row.isTotal);
  const to = (filterValues.monthLte as string | undefined) ?? todayIso().slice(0, 7);
  const from =
    (filterValues.monthGte as string | undefined) ??
    addMonths(`${to}-01`, 1 - MAX_REPORT_MONTHS).slice(0, 7);
  const months = monthsBetween(from, to);
  if (!total || months.length !== total.months?.length) return null;
  const values = total.months.map((value) => value ?? 0);
  const max = Math.max(1, ...values);
  const width = phone ? 340 : 640;
  const height = phone ? 190 : 220;
  const top = 18;
  const bottom = 24;
  const plot = height - top - bottom;
  const slot = width / months.length;
  const bar = Math.min(28, slot * 0.6);
  const y = (value: number) => top + plot - (value / max) * plot;
  const color = theme.palette.primary.main;
  const label = (month: string) => shortMonth(month).slice(0, 3);
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" id={titleId} gutterBottom>
          {translate(`${T}.chart_title`)}
        </Typography>
        <Box
          component="svg"
          viewBox={`0 0 ${width} ${height}`}
          role="img"
          aria-labelledby={titleId}
          sx={{ width: '100%', height: 'auto', display: 'block' }}
        >
          <line
            x1={0}
            x2={width}
            y1={top + plot}
            y2={top + plot}
            stroke={theme.palette.text.disabled}
          />
          {months.map((month, index) => {
            const value = total.months![index];
            const center = slot * index + slot / 2;
            return (
              <g key={month}>
                {value !== null && (
                  <rect
                    x={center - bar / 2}
                    y={y(value)}
                    width={bar}
                    height={top + plot - y(value)}
                    fill={color}
                    rx={2}
                  >
                    <title>{`${shortMonth(month)}: ${formatInteger(value)}`}</title>
                  </rect>
                )}
                {value !== null && !phone && (
                  <text
                    x={center}
                    y={y(value) - 4}
                    textAnchor="middle"
                    fontSize={12}
                    fill={theme.palette.text.primary}
                  >
                    {formatInteger(value)}
                  </text>
                )}
                <text
                  x={center}
                  y={height - 6}
                  textAnchor="middle"
                  fontSize={phone ? 10 : 12}
                  fill={theme.palette.text.secondary}
                >
                  {label(month)}
                </text>
              </g>
            );
          })}
        </Box>
        <Box component="details" sx={{ mt: 1 }}>
          <Typography
            component="summary"
            variant="body2"
            color="primary"
            sx={{ cursor: 'pointer' }}
          >
            {translate(`${T}.chart_values`)}
          </Typography>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{CHURCH_LIFE_COLUMNS.month}</TableCell>
                  <TableCell align="right">{CHURCH_LIFE_COLUMNS.average}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {months.map((month, index) => (
                  <TableRow key={month}>
                    <TableCell>{shortMonth(month)}</TableCell>
                    <TableCell align="right">
                      {total.months![index] === null ? '—' : formatInteger(total.months![index]!)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}

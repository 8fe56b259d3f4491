// Figures month by month as bars, drawn in plain SVG (no chart library): one bar per series and
// month on a shared scale, the month under each group, and the exact values in a table a click
// away (for screen readers, and for anyone who wants them). The finance dashboard's receitas ×
// despesas and the pastor's attendance per culto draw with it.
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
import { type ReactNode, useId } from 'react';

export interface MonthSeries {
  label: string;
  color: string;
  /** One value per month; null draws no bar (nothing held that month). */
  values: Array<number | null>;
}

/** A column of the values' table: its heading and the cell of each month (by index). */
export interface MonthColumn {
  header: string;
  cell: (index: number) => ReactNode;
}

export interface MonthBarsProps {
  /** YYYY-MM, one per group of bars. */
  months: string[];
  series: MonthSeries[];
  /** The chart's name for assistive technology; `labelledBy` points at a visible one instead. */
  title: string;
  labelledBy?: string;
  /** A value in words (a bar's tooltip, the value over it). */
  format: (value: number) => string;
  /** The month under its bars, and in the tooltips and the table. */
  tick: (month: string) => string;
  month: (month: string) => string;
  /** Dashed lines at a quarter, half, three quarters and the top of the scale. */
  grid?: boolean;
  /** The value over each bar (not on phones, where it would not fit). */
  valueLabels?: boolean;
  /** The legend's line: each series' colour and label, and `note` at its end. */
  legend?: boolean;
  note?: string;
  /** The values' table: the summary to open it, the month's heading and the columns. */
  table: { summary: string; monthHeader: string; columns: MonthColumn[] };
}

export function MonthBars({
  months,
  series,
  title,
  labelledBy,
  format,
  tick,
  month,
  grid = false,
  valueLabels = false,
  legend = false,
  note,
  table,
}: MonthBarsProps) {
  const theme = useTheme();
  const titleId = useId();
  // A narrower drawing on phones, so the month names keep a readable size.
  const phone = useMediaQuery<Theme>((t) => t.breakpoints.down('sm'), { noSsr: true });
  const max = Math.max(1, ...series.flatMap((one) => one.values.map((value) => value ?? 0)));
  const width = phone ? 340 : 620;
  const height = phone ? 200 : 220;
  const top = 18;
  const bottom = 24;
  const plot = height - top - bottom;
  const slot = width / Math.max(1, months.length);
  const bar = series.length === 1 ? Math.min(28, slot * 0.6) : Math.min(18, slot * 0.36);
  const y = (value: number) => top + plot - (Math.max(0, value) / max) * plot;
  return (
    <Box>
      {legend && (
        <Stack direction="row" spacing={2} sx={{ mb: 1, flexWrap: 'wrap' }} aria-hidden>
          {series.map((one) => (
            <Stack key={one.label} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
              <Box sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: one.color }} />
              <Typography variant="body2">{one.label}</Typography>
            </Stack>
          ))}
          {note && (
            <Typography variant="caption" color="textSecondary" sx={{ ml: 'auto !important' }}>
              {note}
            </Typography>
          )}
        </Stack>
      )}
      <Box
        component="svg"
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={labelledBy ?? titleId}
        sx={{ width: '100%', height: 'auto', display: 'block' }}
      >
        {!labelledBy && <title id={titleId}>{title}</title>}
        {grid &&
          [0.25, 0.5, 0.75, 1].map((fraction) => (
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
        {months.map((key, index) => {
          const center = slot * index + slot / 2;
          // The group's bars side by side, 2 px apart, centred on the month.
          const left = center - (series.length * bar + (series.length - 1) * 2) / 2;
          return (
            <g key={key}>
              {series.map((one, position) => {
                const value = one.values[index];
                if (value === null) return null;
                const x = left + position * (bar + 2);
                return (
                  <g key={one.label}>
                    <rect
                      x={x}
                      y={y(value)}
                      width={bar}
                      height={top + plot - y(value)}
                      fill={one.color}
                      rx={2}
                    >
                      <title>{`${month(key)}${series.length > 1 ? ` – ${one.label}` : ''}: ${format(value)}`}</title>
                    </rect>
                    {valueLabels && !phone && (
                      <text
                        x={x + bar / 2}
                        y={y(value) - 4}
                        textAnchor="middle"
                        fontSize={12}
                        fill={theme.palette.text.primary}
                      >
                        {format(value)}
                      </text>
                    )}
                  </g>
                );
              })}
              <text
                x={center}
                y={height - 6}
                textAnchor="middle"
                fontSize={phone ? 11 : 13}
                fill={theme.palette.text.secondary}
              >
                {tick(key)}
              </text>
            </g>
          );
        })}
      </Box>
      <Box component="details" sx={{ mt: 1 }}>
        <Typography component="summary" variant="body2" color="primary" sx={{ cursor: 'pointer' }}>
          {table.summary}
        </Typography>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{table.monthHeader}</TableCell>
                {table.columns.map((column) => (
                  <TableCell key={column.header} align="right">
                    {column.header}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {months.map((key, index) => (
                <TableRow key={key}>
                  <TableCell>{month(key)}</TableCell>
                  {table.columns.map((column) => (
                    <TableCell key={column.header} align="right">
                      {column.cell(index)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </Box>
    </Box>
  );
}

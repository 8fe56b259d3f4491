// Presença por culto over time (issue 26): the average attendance per culto of each month of the
// period, all cultos of the report's scope, as bars (ui/MonthBars; this file is loaded only with
// the report). The values sit in a table underneath for screen readers.
import { Card, CardContent, Typography, useTheme } from '@mui/material';
import { useId } from 'react';
import { useGetList, useListContext, useTranslate } from 'react-admin';
import { CHURCH_LIFE_COLUMNS } from '../../../domain/churchLifeReport';
import { addMonths, todayIso } from '../../../domain/dates';
import { MAX_REPORT_MONTHS, monthsBetween, reportByKey, shortMonth } from '../../../domain/reports';
import { formatInteger } from '../../ui/listTotal';
import { MonthBars } from '../../ui/MonthBars';
import type { ChurchLifeRow } from './ChurchLifeReport';

const T = 'adam.reports.church_life';

export default function AttendanceChart() {
  const theme = useTheme();
  const translate = useTranslate();
  const titleId = useId();
  const { filterValues } = useListContext();
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
  if (!total?.months || months.length !== total.months.length) return null;
  const values = total.months;
  const title = translate(`${T}.chart_title`);
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" id={titleId} gutterBottom>
          {title}
        </Typography>
        <MonthBars
          months={months}
          series={[{ label: title, color: theme.palette.primary.main, values }]}
          title={title}
          labelledBy={titleId}
          format={formatInteger}
          tick={(month) => shortMonth(month).slice(0, 3)}
          month={shortMonth}
          valueLabels
          table={{
            summary: translate(`${T}.chart_values`),
            monthHeader: CHURCH_LIFE_COLUMNS.month,
            columns: [
              {
                header: CHURCH_LIFE_COLUMNS.average,
                cell: (i) => (values[i] === null ? '—' : formatInteger(values[i])),
              },
            ],
          }}
        />
      </CardContent>
    </Card>
  );
}

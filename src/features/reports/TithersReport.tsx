import { Box, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import { DataTable, type Identifier, useListContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { addMonths, todayIso } from '../../../domain/dates';
import { formatDate } from '../../../domain/formats';
import { MAX_REPORT_MONTHS, monthsBetween, monthsWithoutText } from '../../../domain/reports';
import { paths } from '../../routing/paths';
import { Money } from '../../ui/Money';
import { MonthGrid, TitherFigures, type TitherRow } from '../../ui/TitheFigures';
import { CongregationFilter } from './CongregationFilter';
import { FilterSelect, monthChoices } from './ReportFilterFields';
import { ReportEmpty, ReportPage } from './ReportPage';

const DONORS = 'financeiro/contribuintes';

/** The default period: the twelve months up to this one. */
function defaultPeriod(today: string) {
  return { from: addMonths(today, 1 - MAX_REPORT_MONTHS).slice(0, 7), to: today.slice(0, 7) };
}

/** The months of the chosen period, as the API reads it (none while it is not valid). */
function usePeriodMonths(): string[] {
  const { filterValues } = useListContext();
  const period = defaultPeriod(todayIso());
  const to = (filterValues.to as string | undefined) ?? period.to;
  const from = (filterValues.from as string | undefined) ?? period.from;
  const months = monthsBetween(from, to);
  return months.length <= MAX_REPORT_MONTHS ? months : [];
}

const toDonor = (_id: Identifier, _resource: string, row: TitherRow) =>
  paths.show(DONORS, row.donorId);

function Table() {
  const months = usePeriodMonths();
  return (
    <DataTable
      rowClick={toDonor}
      bulkActionButtons={false}
      empty={<ReportEmpty text="adam.reports.tithers.empty" />}
    >
      <DataTable.Col
        source="name"
        label="adam.reports.tithers.donor"
        disableSort
        render={(row: TitherRow) => (
          <>
            {row.name}
            <Typography variant="body2" color="textSecondary">
              {row.congregationName}
            </Typography>
          </>
        )}
      />
      <DataTable.Col
        label="adam.reports.tithers.fidelity"
        disableSort
        render={(row: TitherRow) => <MonthGrid months={months} amounts={row.months} />}
      />
      <DataTable.Col
        source="monthsWithTithe"
        label="adam.reports.tithers.months"
        align="right"
        disableSort
      />
      <DataTable.Col
        source="totalCents"
        label="adam.reports.tithers.total"
        align="right"
        disableSort
        render={(row: TitherRow) => <Money cents={row.totalCents} />}
      />
      <DataTable.Col
        source="lastDate"
        label="adam.reports.tithers.last"
        disableSort
        render={(row: TitherRow) => (
          <>
            {formatDate(row.lastDate)}
            <Typography
              variant="body2"
              sx={{ color: row.monthsWithout >= 3 ? 'error.main' : 'text.secondary' }}
            >
              {monthsWithoutText(row.monthsWithout)}
            </Typography>
          </>
        )}
      />
    </DataTable>
  );
}

/** On a phone: one compact block per dizimista (name, figures, the grid six months a row). */
function PhoneBlocks() {
  const { data = [], isPending } = useListContext<TitherRow>();
  const months = usePeriodMonths();
  if (isPending) return null;
  if (data.length === 0) return <ReportEmpty text="adam.reports.tithers.empty" />;
  return (
    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 1, m: 0 }}>
      {data.map((row) => (
        <Card component="li" key={row.id} variant="outlined">
          <CardContent sx={{ '&:last-child': { pb: 2 } }}>
            <Box sx={{ mb: 1 }}>
              <Link
                component={RouterLink}
                to={paths.show(DONORS, row.donorId)}
                variant="subtitle1"
                sx={{ fontWeight: 600 }}
              >
                {row.name}
              </Link>
              {row.congregationName && (
                <Typography variant="body2" color="textSecondary">
                  {row.congregationName}
                </Typography>
              )}
            </Box>
            <TitherFigures row={row} months={months} />
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

/** /financeiro/dizimistas: each dizimista's tithes of a period, month by month. */
export default function TithersReport() {
  const translate = useTranslate();
  const today = todayIso();
  const months = monthChoices(today);
  return (
    <ReportPage
      report="tithers"
      filterDefaults={defaultPeriod(today)}
      filters={
        <>
          <FilterSelect source="from" label="adam.reports.tithers.from" choices={months} />
          <FilterSelect source="to" label="adam.reports.tithers.to" choices={months} />
          <CongregationFilter />
        </>
      }
      note={translate('adam.reports.tithers.note')}
      table={<Table />}
      phoneList={<PhoneBlocks />}
    />
  );
}

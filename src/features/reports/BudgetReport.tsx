// /financeiro/orcado-realizado (issue 27): the budget against what was realized, by category, for
// a year or one of its months; a table on wide screens, one block per category on phones.
import { Card, CardContent, Stack, Typography } from '@mui/material';
import type { SxProps } from '@mui/material';
import type { ReactNode } from 'react';
import { DataTable, useListContext, useTranslate } from 'react-admin';
import { MONTH_CHOICES } from '../../../domain/calendar';
import { budgetYears, executionText } from '../../../domain/finance/budget';
import { todayIso } from '../../../domain/dates';
import { Money } from '../../ui/Money';
import { CongregationFilter } from './CongregationFilter';
import { FilterSelect } from './ReportFilterFields';
import { ReportEmpty, ReportPage } from './ReportPage';

const T = 'adam.reports.budget';

export interface BudgetReportRow {
  id: number;
  categoryId: number | null;
  code: string;
  name: string;
  kind: 'income' | 'expense' | 'result';
  isTotal: boolean;
  budgetCents: number;
  actualCents: number;
  differenceCents: number;
  percent: number | null;
}

const totalRowSx = (row: BudgetReportRow): SxProps =>
  row.isTotal ? { '& td': { fontWeight: 700, borderTop: 2, borderTopColor: 'divider' } } : {};

function useKindLabel() {
  const translate = useTranslate();
  return (kind: BudgetReportRow['kind']) => translate(`${T}.kinds.${kind}`);
}

function Table() {
  const kind = useKindLabel();
  return (
    <DataTable<BudgetReportRow>
      rowClick={false}
      bulkActionButtons={false}
      rowSx={totalRowSx}
      empty={<ReportEmpty text={`${T}.empty`} />}
    >
      <DataTable.Col source="code" label={`${T}.code`} disableSort />
      <DataTable.Col source="name" label={`${T}.category`} disableSort />
      <DataTable.Col
        source="kind"
        label={`${T}.kind`}
        disableSort
        render={(row: BudgetReportRow) => (row.isTotal ? '' : kind(row.kind))}
      />
      <DataTable.Col
        source="budgetCents"
        label={`${T}.budget`}
        align="right"
        disableSort
        render={(row: BudgetReportRow) => <Money cents={row.budgetCents} />}
      />
      <DataTable.Col
        source="actualCents"
        label={`${T}.actual`}
        align="right"
        disableSort
        render={(row: BudgetReportRow) => <Money cents={row.actualCents} />}
      />
      <DataTable.Col
        source="differenceCents"
        label={`${T}.difference`}
        align="right"
        disableSort
        render={(row: BudgetReportRow) => <Money cents={row.differenceCents} />}
      />
      <DataTable.Col
        source="percent"
        label={`${T}.percent`}
        align="right"
        disableSort
        render={(row: BudgetReportRow) => executionText(row.percent)}
      />
    </DataTable>
  );
}

/** On a phone: one block per category, its four figures in two columns. */
function PhoneBlocks() {
  const translate = useTranslate();
  const kind = useKindLabel();
  const { data = [], isPending } = useListContext<BudgetReportRow>();
  if (isPending) return null;
  if (data.length === 0) return <ReportEmpty text={`${T}.empty`} />;
  const figure = (label: string, value: ReactNode) => (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
      <Typography variant="body2" color="textSecondary">
        {translate(`${T}.${label}`)}
      </Typography>
      <Typography variant="body2">{value}</Typography>
    </Stack>
  );
  return (
    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 1, m: 0 }}>
      {data.map((row) => (
        <Card component="li" key={row.id} variant="outlined">
          <CardContent sx={{ '&:last-child': { pb: 2 } }}>
            <Typography
              component="h2"
              variant="subtitle1"
              sx={{ fontWeight: row.isTotal ? 700 : 600 }}
            >
              {row.isTotal ? row.name : `${row.code} ${row.name}`}
            </Typography>
            {!row.isTotal && (
              <Typography variant="body2" color="textSecondary" sx={{ mb: 0.5 }}>
                {kind(row.kind)}
              </Typography>
            )}
            {figure('budget', <Money cents={row.budgetCents} />)}
            {figure('actual', <Money cents={row.actualCents} />)}
            {figure('difference', <Money cents={row.differenceCents} />)}
            {figure('percent', executionText(row.percent))}
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

export default function BudgetReport() {
  const translate = useTranslate();
  const today = todayIso();
  return (
    <ReportPage
      report="budget"
      filterDefaults={{ year: Number(today.slice(0, 4)) }}
      filters={
        <>
          <FilterSelect
            source="year"
            label={`${T}.year`}
            choices={budgetYears(today).map((year) => ({ id: year, name: String(year) }))}
            minWidth={120}
          />
          <FilterSelect
            source="month"
            label={`${T}.month`}
            choices={MONTH_CHOICES}
            emptyLabel={`${T}.whole_year`}
            minWidth={160}
          />
          <CongregationFilter />
        </>
      }
      note={translate(`${T}.note`)}
      table={<Table />}
      phoneList={<PhoneBlocks />}
    />
  );
}

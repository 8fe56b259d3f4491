// The frame of the treasurer's statements (issue 27: DRP, DFC): a period, the congregation (with
// or without the congregations below it), the basis in words, and the statement's lines — a table
// on wide screens, a list on phones — with headings, subtotals and totals in bold.
import { Box, List, ListItem, ListItemText, type SxProps } from '@mui/material';
import { DataTable, useListContext, useTranslate } from 'react-admin';
import { todayIso } from '../../../domain/dates';
import { formatMoney } from '../../../domain/formats';
import { type ReportKey, lastDayOf } from '../../../domain/reports';
import { Money } from '../../ui/Money';
import { CongregationFilter, SubtreeFilter } from './CongregationFilter';
import { FilterDate } from './ReportFilterFields';
import { ReportEmpty, ReportPage } from './ReportPage';

export interface StatementLine {
  id: number;
  style: 'heading' | 'line' | 'subtotal' | 'total';
  label: string;
}

export interface Period {
  from: string;
  to: string;
}

export interface StatementAmount<Row> {
  key: string;
  /** The column's header (translated), for the chosen period. */
  label(period: Period): string;
  /** A phone's shorter name for it (its list repeats it on every line). */
  short?: string;
  cents(row: Row): number;
}

const strong = (row: StatementLine) => row.style !== 'line';

const lineSx = (row: StatementLine): SxProps =>
  row.style === 'total'
    ? { '& td': { fontWeight: 700, borderTop: 2, borderTopColor: 'divider' } }
    : row.style === 'line'
      ? {}
      : { '& td': { fontWeight: 700 } };

/** The current month: the default period of a statement. */
export function currentMonth(today = todayIso()): Period {
  const month = today.slice(0, 7);
  return { from: `${month}-01`, to: lastDayOf(month) };
}

/** The period the list asks for (the current month until one is chosen). */
function usePeriod(): Period {
  const { filterValues } = useListContext();
  return { ...currentMonth(), ...(filterValues as Partial<Period>) };
}

/** The period's filters (De, Até) every statement shares. */
export function PeriodFilters({ report }: { report: ReportKey }) {
  return (
    <>
      <FilterDate source="from" label={`adam.reports.${report}.from`} />
      <FilterDate source="to" label={`adam.reports.${report}.to`} />
    </>
  );
}

function PhoneList<Row extends StatementLine>(props: {
  amounts: StatementAmount<Row>[];
  empty: string;
}) {
  const { data, isPending } = useListContext<Row>();
  const period = usePeriod();
  if (isPending) return null;
  if (!data?.length) return <ReportEmpty text={props.empty} />;
  return (
    <List dense>
      {data.map((row) => (
        <ListItem key={row.id} divider={row.style !== 'heading'}>
          <ListItemText
            primary={row.label}
            secondary={
              row.style === 'heading'
                ? undefined
                : props.amounts
                    .map((amount) =>
                      props.amounts.length > 1
                        ? `${amount.short ?? amount.label(period)}: ${formatMoney(amount.cents(row))}`
                        : formatMoney(amount.cents(row)),
                    )
                    .join(' · ')
            }
            slotProps={{
              primary: { sx: { fontWeight: strong(row) ? 700 : undefined } },
              secondary: { sx: { fontVariantNumeric: 'tabular-nums', color: 'text.primary' } },
            }}
          />
        </ListItem>
      ))}
    </List>
  );
}

function Table<Row extends StatementLine>(props: {
  report: ReportKey;
  amounts: StatementAmount<Row>[];
  empty: string;
}) {
  const period = usePeriod();
  return (
    <DataTable<Row>
      rowClick={false}
      bulkActionButtons={false}
      rowSx={lineSx}
      empty={<ReportEmpty text={props.empty} />}
    >
      <DataTable.Col
        source="label"
        label={`adam.reports.${props.report}.line`}
        disableSort
        render={(row: Row) => (
          <Box component="span" sx={{ pl: row.style === 'line' ? 2 : 0 }}>
            {row.label}
          </Box>
        )}
      />
      {props.amounts.map((amount) => (
        <DataTable.Col
          key={amount.key}
          label={amount.label(period)}
          align="right"
          disableSort
          render={(row: Row) =>
            row.style === 'heading' ? null : (
              <Money cents={amount.cents(row)} strong={strong(row)} />
            )
          }
        />
      ))}
    </DataTable>
  );
}

export function StatementReport<Row extends StatementLine>(props: {
  report: ReportKey;
  amounts: StatementAmount<Row>[];
}) {
  const translate = useTranslate();
  const empty = `adam.reports.${props.report}.empty`;
  return (
    <ReportPage
      report={props.report}
      // A statement is read whole: its few dozen lines on one page (the largest choice).
      perPage={100}
      filterDefaults={{ ...currentMonth() }}
      filters={
        <>
          <PeriodFilters report={props.report} />
          <CongregationFilter />
          <SubtreeFilter />
        </>
      }
      note={translate(`adam.reports.${props.report}.note`)}
      table={<Table<Row> report={props.report} amounts={props.amounts} empty={empty} />}
      phoneList={<PhoneList<Row> amounts={props.amounts} empty={empty} />}
    />
  );
}

import { DataTable, useListContext, useTranslate } from 'react-admin';
import { todayIso } from '../../../domain/dates';
import { MAX_REPORT_MONTHS, monthsBetween, shortMonth } from '../../../domain/reports';
import { formatInteger } from '../../ui/listTotal';
import { type CongregationRow, CongregationReport } from './CongregationReport';
import { FilterSelect, monthChoices } from './ReportFilterFields';

type Row = CongregationRow & { months: number[]; total: number };

/** The months of the chosen period (as the API reads it: up to 12, from January by default). */
function usePeriodMonths(): string[] {
  const { filterValues } = useListContext();
  const to = (filterValues.monthLte as string | undefined) ?? todayIso().slice(0, 7);
  const from = (filterValues.monthGte as string | undefined) ?? `${to.slice(0, 4)}-01`;
  const months = monthsBetween(from, to);
  return months.length <= MAX_REPORT_MONTHS ? months : [];
}

/** The month columns follow the period, read from the list's filters. */
function Table() {
  const months = usePeriodMonths();
  return [
    ...months.map((month, index) => (
      <DataTable.Col
        key={month}
        label={shortMonth(month)}
        align="right"
        disableSort
        render={(row: Row) => formatInteger(row.months?.[index] ?? 0)}
      />
    )),
    <DataTable.Col
      key="total"
      source="total"
      label="adam.reports.new_members_by_month.total"
      align="right"
      disableSort
      render={(row: Row) => formatInteger(row.total)}
    />,
  ];
}

/** /relatorios/novos_membros: admissions per month of a period, per congregation. */
export default function NewMembersByMonthReport() {
  const translate = useTranslate();
  const today = todayIso();
  const months = monthChoices(today);
  return (
    <CongregationReport<Row>
      report="new_members_by_month"
      filterDefaults={{ monthGte: `${today.slice(0, 4)}-01`, monthLte: today.slice(0, 7) }}
      filters={
        <>
          <FilterSelect
            source="monthGte"
            label="adam.reports.new_members_by_month.from"
            choices={months}
          />
          <FilterSelect
            source="monthLte"
            label="adam.reports.new_members_by_month.to"
            choices={months}
          />
        </>
      }
      note={translate('adam.reports.new_members_by_month.note')}
      columns={<Table />}
      figures={(row) =>
        translate('adam.reports.new_members_by_month.in_period', {
          smart_count: row.total,
          count: formatInteger(row.total),
        })
      }
    />
  );
}

import { DataTable, useTranslate } from 'react-admin';
import { todayIso } from '../../../domain/dates';
import { formatMoney } from '../../../domain/formats';
import { type CongregationRow, CongregationReport } from './CongregationReport';
import { FilterDate } from './ReportFilterFields';

type Row = CongregationRow & { incomeCents: number; expenseCents: number; balanceCents: number };

const money = (cents: number) => formatMoney(cents);

/** /relatorios/resultado_financeiro: incomes, expenses and balance per congregation in a period. */
export default function FinanceByCongregationReport() {
  const translate = useTranslate();
  const today = todayIso();
  const label = (key: string) => translate(`adam.reports.finance_by_congregation.${key}`);
  return (
    <CongregationReport<Row>
      report="finance_by_congregation"
      filterDefaults={{ dateGte: `${today.slice(0, 4)}-01-01`, dateLte: today }}
      filters={
        <>
          <FilterDate source="dateGte" label="adam.reports.finance_by_congregation.from" />
          <FilterDate source="dateLte" label="adam.reports.finance_by_congregation.to" />
        </>
      }
      note={label('note')}
      columns={[
        <DataTable.Col
          key="incomes"
          source="incomeCents"
          label="adam.reports.finance_by_congregation.incomes"
          align="right"
          disableSort
          render={(row: Row) => money(row.incomeCents)}
          sx={{ whiteSpace: 'nowrap' }}
        />,
        <DataTable.Col
          key="expenses"
          source="expenseCents"
          label="adam.reports.finance_by_congregation.expenses"
          align="right"
          disableSort
          render={(row: Row) => money(row.expenseCents)}
          sx={{ whiteSpace: 'nowrap' }}
        />,
        <DataTable.Col
          key="balance"
          source="balanceCents"
          label="adam.reports.finance_by_congregation.balance"
          align="right"
          disableSort
          render={(row: Row) => money(row.balanceCents)}
          cellSx={(row: Row) => (row.balanceCents < 0 ? { color: 'error.main' } : {})}
          sx={{ whiteSpace: 'nowrap' }}
        />,
      ]}
      figures={(row) =>
        [
          `${label('incomes')}: ${money(row.incomeCents)}`,
          `${label('expenses')}: ${money(row.expenseCents)}`,
          `${label('balance')}: ${money(row.balanceCents)}`,
        ].join(' · ')
      }
    />
  );
}

// /financeiro/repasses (issue 27): what each congregation owes its sede of its tithes and
// offerings in a month, what it transferred and the balance due so far.
import { DataTable, useTranslate } from 'react-admin';
import { todayIso } from '../../../domain/dates';
import { formatMoney } from '../../../domain/formats';
import { rateText } from '../../../domain/finance/repasses';
import { type CongregationRow, CongregationReport } from './CongregationReport';
import { FilterSelect, monthChoices } from './ReportFilterFields';

const T = 'adam.reports.repasses';

type Row = CongregationRow & {
  sedeName: string;
  percent: number | null;
  baseCents: number;
  dueCents: number;
  transferredCents: number;
  balanceCents: number;
  balanceDueCents: number;
};

const MONEY = [
  ['base', 'baseCents'],
  ['due', 'dueCents'],
  ['transferred', 'transferredCents'],
  ['balance', 'balanceCents'],
  ['balance_due', 'balanceDueCents'],
] as const;

export default function RepassesReport() {
  const translate = useTranslate();
  const today = todayIso();
  return (
    <CongregationReport<Row>
      report="repasses"
      filterDefaults={{ month: today.slice(0, 7) }}
      filters={<FilterSelect source="month" label={`${T}.month`} choices={monthChoices(today)} />}
      note={translate(`${T}.note`)}
      columns={[
        <DataTable.Col key="sede" source="sedeName" label={`${T}.sede`} disableSort />,
        <DataTable.Col
          key="percent"
          source="percent"
          label={`${T}.percent`}
          align="right"
          disableSort
          render={(row: Row) => (row.isTotal ? '' : rateText(row.percent))}
        />,
        ...MONEY.map(([key, field]) => (
          <DataTable.Col
            key={key}
            source={field}
            label={`${T}.${key}`}
            align="right"
            disableSort
            render={(row: Row) => formatMoney(row[field])}
            sx={{ whiteSpace: 'nowrap' }}
          />
        )),
      ]}
      figures={(row) =>
        [
          row.isTotal ? null : `${translate(`${T}.percent`)}: ${rateText(row.percent)}`,
          ...MONEY.map(([key, field]) => `${translate(`${T}.${key}`)}: ${formatMoney(row[field])}`),
        ]
          .filter(Boolean)
          .join(' · ')
      }
    />
  );
}

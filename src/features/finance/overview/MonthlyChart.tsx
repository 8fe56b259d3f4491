// Incomes × expenses month by month: two bars per month on a shared scale (ui/MonthBars), the
// values in a table underneath with each month's result.
import { useTheme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { MONTH_ABBREVIATIONS } from '../../../../domain/calendar';
import { formatMoney } from '../../../../domain/formats';
import { MonthBars } from '../../../ui/MonthBars';
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
  const incomes = translate('adam.finance.incomes');
  const expenses = translate('adam.finance.expenses');
  const max = Math.max(1, ...months.flatMap((m) => [m.incomeCents, m.expenseCents]));
  return (
    <MonthBars
      months={months.map((m) => m.month)}
      series={[
        {
          label: incomes,
          color: theme.palette.success.main,
          values: months.map((m) => m.incomeCents),
        },
        {
          label: expenses,
          color: theme.palette.error.main,
          values: months.map((m) => m.expenseCents),
        },
      ]}
      title={translate('adam.finance.chart_title')}
      format={formatMoney}
      tick={monthLabel}
      month={monthYear}
      grid
      legend
      note={translate('adam.finance.chart_max', { amount: formatMoney(max) })}
      table={{
        summary: translate('adam.finance.chart_values'),
        monthHeader: translate('adam.finance.month'),
        columns: [
          { header: incomes, cell: (i) => <Money cents={months[i].incomeCents} /> },
          { header: expenses, cell: (i) => <Money cents={months[i].expenseCents} /> },
          {
            header: translate('adam.finance.result'),
            cell: (i) => <Money cents={months[i].incomeCents - months[i].expenseCents} signed />,
          },
        ],
      }}
    />
  );
}

import { Typography } from '@mui/material';
import { DataTable, useTranslate } from 'react-admin';
import { todayIso } from '../../../domain/dates';
import { formatMoney } from '../../../domain/formats';
import { CongregationFilter } from './CongregationFilter';
import { FigureBlocks } from './FigureBlocks';
import { FilterDate } from './ReportFilterFields';
import { ReportEmpty, ReportPage } from './ReportPage';

interface Row {
  id: number;
  name: string;
  restricted: boolean;
  isTotal: boolean;
  openingCents: number;
  incomeCents: number;
  expenseCents: number;
  closingCents: number;
}

const FIGURES = [
  ['openingCents', 'opening'],
  ['incomeCents', 'incomes'],
  ['expenseCents', 'expenses'],
  ['closingCents', 'closing'],
] as const;

const strong = (row: Row) => (row.isTotal ? { fontWeight: 'bold' } : {});

function Table() {
  const translate = useTranslate();
  return (
    <DataTable
      rowClick={false}
      bulkActionButtons={false}
      empty={<ReportEmpty text="adam.reports.funds.empty" />}
    >
      <DataTable.Col source="name" label="adam.reports.funds.fund" disableSort cellSx={strong} />
      <DataTable.Col
        source="restricted"
        label="adam.reports.funds.kind"
        disableSort
        render={(row: Row) =>
          row.isTotal
            ? ''
            : translate(`adam.reports.funds.${row.restricted ? 'restricted' : 'free'}`)
        }
      />
      {FIGURES.map(([source, label]) => (
        <DataTable.Col
          key={source}
          source={source}
          label={`adam.reports.funds.${label}`}
          align="right"
          disableSort
          render={(row: Row) => formatMoney(row[source])}
          cellSx={(row: Row) => ({
            whiteSpace: 'nowrap',
            ...strong(row),
            ...(row[source] < 0 ? { color: 'error.main' } : {}),
          })}
        />
      ))}
    </DataTable>
  );
}

/** /financeiro/saldos-dos-fundos: each restricted fund's balance, apart from the free resources. */
export default function FundsReport() {
  const translate = useTranslate();
  const today = todayIso();
  return (
    <ReportPage
      report="funds"
      filterDefaults={{ dateGte: `${today.slice(0, 4)}-01-01`, dateLte: today }}
      filters={
        <>
          <FilterDate source="dateGte" label="adam.reports.funds.from" />
          <FilterDate source="dateLte" label="adam.reports.funds.to" />
          <CongregationFilter />
        </>
      }
      note={translate('adam.reports.funds.note')}
      table={<Table />}
      phoneList={
        <FigureBlocks<Row>
          empty="adam.reports.funds.empty"
          name={(row) => <Typography sx={strong(row)}>{row.name}</Typography>}
          figures={(row) =>
            FIGURES.map(([source, label]) => [
              `adam.reports.funds.${label}`,
              formatMoney(row[source]),
            ])
          }
        />
      }
    />
  );
}

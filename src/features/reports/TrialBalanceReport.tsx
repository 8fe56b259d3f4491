import { Box } from '@mui/material';
import { DataTable, useTranslate } from 'react-admin';
import { todayIso } from '../../../domain/dates';
import { formatMoney } from '../../../domain/formats';
import { AccountantFileButton } from './AccountantFileButton';
import { CongregationFilter } from './CongregationFilter';
import { FigureBlocks } from './FigureBlocks';
import { FilterSelect, monthChoices } from './ReportFilterFields';
import { ReportEmpty, ReportPage } from './ReportPage';

interface Row {
  id: number;
  code: string;
  name: string;
  depth: number;
  leaf: boolean;
  isTotal: boolean;
  openingCents: number;
  debitCents: number;
  creditCents: number;
  closingCents: number;
}

/** A balance as the balancete prints it: the amount and D (devedor) or C (credor). */
const balance = (cents: number) =>
  cents === 0 ? formatMoney(0) : `${formatMoney(Math.abs(cents))} ${cents > 0 ? 'D' : 'C'}`;

const strong = (row: Row) => (row.leaf ? {} : { fontWeight: 'bold' });

function AccountName({ row }: { row: Row }) {
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', gap: 1, pl: row.depth * 2, ...strong(row) }}
    >
      <Box component="span" sx={{ minWidth: '4.5em', fontVariantNumeric: 'tabular-nums' }}>
        {row.code}
      </Box>
      <span>{row.name}</span>
    </Box>
  );
}

const FIGURES = [
  ['openingCents', 'opening', balance],
  ['debitCents', 'debits', formatMoney],
  ['creditCents', 'credits', formatMoney],
  ['closingCents', 'closing', balance],
] as const;

function Table() {
  return (
    <DataTable
      rowClick={false}
      bulkActionButtons={false}
      empty={<ReportEmpty text="adam.reports.trial_balance.empty" />}
    >
      <DataTable.Col
        source="code"
        label="adam.reports.trial_balance.account"
        disableSort
        render={(row: Row) => <AccountName row={row} />}
      />
      {FIGURES.map(([source, label, format]) => (
        <DataTable.Col
          key={source}
          source={source}
          label={`adam.reports.trial_balance.${label}`}
          align="right"
          disableSort
          render={(row: Row) => format(row[source])}
          cellSx={(row: Row) => ({ whiteSpace: 'nowrap', ...strong(row) })}
        />
      ))}
    </DataTable>
  );
}

/** /financeiro/balancete: the balancete de verificação of a month, by the plano de contas. */
export default function TrialBalanceReport() {
  const translate = useTranslate();
  const today = todayIso();
  return (
    <ReportPage
      report="trial_balance"
      filterDefaults={{ month: today.slice(0, 7) }}
      filters={
        <>
          <FilterSelect
            source="month"
            label="adam.reports.trial_balance.month"
            choices={monthChoices(today)}
          />
          <CongregationFilter />
          <AccountantFileButton />
        </>
      }
      note={translate('adam.reports.trial_balance.note')}
      table={<Table />}
      phoneList={
        <FigureBlocks<Row>
          empty="adam.reports.trial_balance.empty"
          name={(row) => <AccountName row={row} />}
          indent={(row) => row.depth}
          figures={(row) =>
            FIGURES.map(([source, label, format]) => [
              `adam.reports.trial_balance.${label}`,
              format(row[source]),
            ])
          }
        />
      }
    />
  );
}

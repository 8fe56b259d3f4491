import { Box, Card, CardContent, Stack, type SxProps, Typography } from '@mui/material';
import { DataTable, useGetList, useListContext, useTranslate } from 'react-admin';
import { formatDate } from '../../../domain/formats';
import { Money } from '../../ui/Money';
import { FilterSelect } from './ReportFilterFields';
import { ReportEmpty, ReportPage } from './ReportPage';
import { PeriodFilters, currentMonth } from './StatementReport';

interface Row {
  id: number;
  style: 'opening' | 'movement' | 'closing';
  date: string;
  description: string;
  document: string;
  category: string;
  inCents: number | null;
  outCents: number | null;
  balanceCents: number;
}

const EMPTY = 'adam.reports.cash_book.empty';
const label = (key: string) => `adam.reports.cash_book.${key}`;

/** The opening and closing lines stand out. */
const edgeSx = (row: Row): SxProps =>
  row.style === 'movement' ? {} : { '& td': { fontWeight: 700, bgcolor: 'action.hover' } };

function Table() {
  return (
    <DataTable<Row>
      rowClick={false}
      bulkActionButtons={false}
      rowSx={edgeSx}
      empty={<ReportEmpty text={EMPTY} />}
    >
      <DataTable.Col
        source="date"
        label={label('date')}
        disableSort
        render={(row: Row) => formatDate(row.date)}
      />
      <DataTable.Col
        source="description"
        label={label('description')}
        disableSort
        render={(row: Row) => (
          <>
            {row.description}
            {row.document && (
              <Typography variant="body2" color="textSecondary">
                {row.document}
              </Typography>
            )}
          </>
        )}
      />
      <DataTable.Col source="category" label={label('category')} disableSort />
      <DataTable.Col
        source="inCents"
        label={label('in')}
        align="right"
        disableSort
        render={(row: Row) => (row.inCents === null ? '' : <Money cents={row.inCents} />)}
      />
      <DataTable.Col
        source="outCents"
        label={label('out')}
        align="right"
        disableSort
        render={(row: Row) => (row.outCents === null ? '' : <Money cents={row.outCents} />)}
      />
      <DataTable.Col
        source="balanceCents"
        label={label('balance')}
        align="right"
        disableSort
        render={(row: Row) => <Money cents={row.balanceCents} strong={row.style !== 'movement'} />}
      />
    </DataTable>
  );
}

/** On a phone: one block per line — date and histórico, document and account, the amounts. */
function PhoneBlocks() {
  const translate = useTranslate();
  const { data = [], isPending } = useListContext<Row>();
  if (isPending) return null;
  if (data.length === 0) return <ReportEmpty text={EMPTY} />;
  return (
    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 1, m: 0 }}>
      {data.map((row) => (
        <Card component="li" key={row.id} variant="outlined">
          <CardContent sx={{ '&:last-child': { pb: 2 } }}>
            <Typography variant="body2" color="textSecondary">
              {formatDate(row.date)}
              {row.document && ` · ${row.document}`}
            </Typography>
            <Typography sx={{ fontWeight: row.style === 'movement' ? undefined : 700 }}>
              {row.description}
            </Typography>
            {row.category && (
              <Typography variant="body2" color="textSecondary">
                {row.category}
              </Typography>
            )}
            <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 0.5, gap: 1 }}>
              <Typography variant="body2">
                {row.inCents !== null && (
                  <>
                    {translate(label('in'))}: <Money cents={row.inCents} />
                  </>
                )}
                {row.outCents !== null && (
                  <>
                    {translate(label('out'))}: <Money cents={row.outCents} />
                  </>
                )}
              </Typography>
              <Typography variant="body2">
                {translate(label('balance'))}: <Money cents={row.balanceCents} strong />
              </Typography>
            </Box>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

interface AccountChoice {
  id: number;
  name: string;
  congregationName?: string;
}

/** /financeiro/livro-caixa: one account's movements of a period with the running balance. */
export default function CashBookReport() {
  const translate = useTranslate();
  const { data: accounts, isPending } = useGetList<AccountChoice>('financeiro/contas-bancarias', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'name', order: 'ASC' },
  });
  if (isPending) return null;
  if (!accounts?.length) {
    return (
      <Typography sx={{ p: 3 }} color="textSecondary">
        {translate(label('no_accounts'))}
      </Typography>
    );
  }
  const choices = accounts.map((account) => ({
    id: account.id,
    name: account.congregationName ? `${account.name} (${account.congregationName})` : account.name,
  }));
  return (
    <ReportPage
      report="cash_book"
      filterDefaults={{ accountId: accounts[0].id, ...currentMonth() }}
      filters={
        <>
          <FilterSelect
            source="accountId"
            label={label('account')}
            choices={choices}
            minWidth={260}
          />
          <PeriodFilters report="cash_book" />
        </>
      }
      note={translate(label('note'))}
      table={<Table />}
      phoneList={<PhoneBlocks />}
    />
  );
}

// /financeiro/contas-a-pagar: unpaid instalments and card invoices by due date; the overdue
// ones stand out; "Pagar" records the payment (and creates the movement).
import { Box, Card, CardContent, Stack, type Theme, Typography, alpha } from '@mui/material';
import { DataTable, List, SelectInput, useListContext, useTranslate } from 'react-admin';
import { PAYABLE_KIND_LABELS } from '../../../../domain/finance/labels';
import { formatDate } from '../../../../domain/formats';
import { paths } from '../../../routing/paths';
import { PayButton } from './PayDialog';
import type { Payable } from '../../../providers/financeTypes';
import { useCanWrite } from '../../../routing/useCanWrite';
import { ListActions } from '../../../ui/ListActions';
import { Money } from '../../../ui/Money';
import { PayableStatusChip } from '../shared/StatusChip';
import { PAYABLE_STATUS_FILTER_CHOICES } from '../shared/choices';
import { labelOf } from '../../../ui/choices';
import {
  AmountColumn,
  CongregationColumn,
  DateColumn,
  ReferenceColumn,
  withCongregation,
} from '../shared/columns';
import {
  cardFilter,
  categoryFilter,
  congregationFilter,
  periodFilters,
  vendorFilter,
} from '../shared/filters';
import { PayableSummaryBar } from './PayableSummaryBar';
import { CardsOrTable } from '../shared/CardsOrTable';
import { UnpayButton } from './UnpayButton';
import { RowLink } from '../../../ui/links';

const KIND_CHOICES = Object.entries(PAYABLE_KIND_LABELS).map(([id, name]) => ({ id, name }));

const filters = [
  <SelectInput
    key="status"
    source="status"
    label="adam.finance.situation"
    choices={PAYABLE_STATUS_FILTER_CHOICES}
    alwaysOn
    emptyText="adam.finance.all"
  />,
  ...periodFilters('dueDate', { from: 'adam.finance.due_from', to: 'adam.finance.due_to' }),
  congregationFilter(),
  vendorFilter(),
  categoryFilter('expense'),
  <SelectInput key="kind" source="kind" label="adam.finance.payable_kind" choices={KIND_CHOICES} />,
  cardFilter(),
];

// Overdue ones stand out: a light red background and a red mark on the left.
const overdueBackground = (theme: unknown) => alpha((theme as Theme).palette.error.main, 0.08);
const overdueSx = (payable: Payable) =>
  payable.status === 'overdue'
    ? {
        bgcolor: overdueBackground,
        '& td:first-of-type': { borderLeft: '4px solid', borderLeftColor: 'error.main' },
        borderLeft: { xs: '4px solid', sm: 0 },
        borderLeftColor: 'error.main',
      }
    : {};

const rowLink = (_id: unknown, _resource: string, payable: Payable) =>
  payable.expenseId ? paths.show('financeiro/despesas', payable.expenseId) : false;

function Actions({ payable }: { payable: Payable }) {
  const writable = useCanWrite();
  if (!writable) return null;
  return payable.status === 'paid' ? (
    <UnpayButton payable={payable} />
  ) : (
    <PayButton payable={payable} />
  );
}

function Table() {
  return (
    <DataTable rowClick={rowLink} rowSx={overdueSx} bulkActionButtons={false}>
      <DateColumn source="dueDate" label="adam.finance.due_date" />
      <DataTable.Col source="description" label="adam.finance.description" disableSort>
        <RowLink source="description" />
      </DataTable.Col>
      <DataTable.Col
        source="kind"
        label="adam.finance.payable_kind"
        disableSort
        render={(payable: Payable) => labelOf(PAYABLE_KIND_LABELS, payable.kind)}
      />
      <CongregationColumn />
      <ReferenceColumn source="vendorId" emptyText="—" />
      <DataTable.Col
        source="status"
        label="adam.finance.situation"
        disableSort
        render={(payable: Payable) => <PayableStatusChip status={payable.status} />}
      />
      <AmountColumn strong />
      <DataTable.Col
        label=""
        disableSort
        align="right"
        render={(payable: Payable) => <Actions payable={payable} />}
      />
    </DataTable>
  );
}

/** Phones: one card per payable, with its button. */
function Cards() {
  const { data } = useListContext<Payable>();
  const translate = useTranslate();
  return (
    <Stack spacing={1} sx={{ p: 1 }}>
      {(data ?? []).map((payable) => (
        <Card key={payable.id} variant="outlined" sx={overdueSx(payable)}>
          <CardContent sx={{ pb: '12px !important' }}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
              <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                {payable.description}
              </Typography>
              <Money cents={payable.amountCents} strong />
            </Stack>
            <Typography variant="body2" color="textSecondary">
              {withCongregation(
                translate('adam.finance.due_on', { date: formatDate(payable.dueDate) }),
                payable,
              )}
            </Typography>
            <Stack
              direction="row"
              sx={{ justifyContent: 'space-between', alignItems: 'center', mt: 1 }}
            >
              <PayableStatusChip status={payable.status} />
              <Box>
                <Actions payable={payable} />
              </Box>
            </Stack>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

export default function PayableList() {
  return (
    <List
      filters={filters}
      filterDefaultValues={{ status: 'open' }}
      actions={<ListActions create={false} />}
      sort={{ field: 'dueDate', order: 'ASC' }}
      perPage={25}
      empty={false}
    >
      <PayableSummaryBar />
      <CardsOrTable cards={<Cards />} table={<Table />} empty="adam.finance.no_payables" />
    </List>
  );
}

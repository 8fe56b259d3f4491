// /financeiro/lancamentos: every money movement, filtered by account, period, kind and
// category, with totals; transfers and adjustments; CSV.
import { type Theme, useMediaQuery } from '@mui/material';
import {
  DataTable,
  DeleteWithConfirmButton,
  List,
  SelectInput,
  SimpleList,
  useTranslate,
} from 'react-admin';
import { todayIso } from '../../../../domain/dates';
import { monthRange } from '../../../../domain/finance/installments';
import { TRANSACTION_KIND_LABELS } from '../../../../domain/finance/labels';
import { formatDate, formatMoney } from '../../../../domain/formats';
import type { Transaction } from '../../../providers/financeTypes';
import { useCanWrite } from '../../../routing/useCanWrite';
import { CappedPagination } from '../shared/CappedPagination';
import { ListActions } from '../../../ui/ListActions';
import { TRANSACTION_KIND_CHOICES } from '../shared/choices';
import { labelOf } from '../../../ui/choices';
import { AmountColumn, DateColumn, ReferenceColumn } from '../shared/columns';
import {
  accountFilter,
  categoryFilter,
  congregationFilter,
  periodFilters,
} from '../shared/filters';
import { ReconciledChip } from '../statements/ReconciledChip';
import { MovementButton } from './MovementDialog';
import { TransactionExportButton } from './TransactionExportButton';
import { TransactionTotals } from './TransactionTotals';
import { SearchBox } from '../../../ui/inputs';

const filters = [
  accountFilter({ alwaysOn: true }),
  ...periodFilters(),
  <SelectInput
    key="kind"
    source="kind"
    label="adam.finance.kind"
    choices={TRANSACTION_KIND_CHOICES}
  />,
  categoryFilter(),
  congregationFilter(),
  <SearchBox key="q" source="q" placeholder="Descrição" />,
];

function Actions() {
  const writable = useCanWrite();
  return (
    <ListActions create={false}>
      {writable && <MovementButton />}
      <TransactionExportButton />
    </ListActions>
  );
}

/** Transfers and adjustments are deleted here; other movements follow their income or expense. */
function DeleteMovement({ movement }: { movement: Transaction }) {
  const writable = useCanWrite();
  if (!writable || (movement.kind !== 'transfer' && movement.kind !== 'adjustment')) return null;
  return (
    <DeleteWithConfirmButton
      record={movement}
      mutationMode="pessimistic"
      confirmTitle="adam.finance.delete_movement_title"
      confirmContent={
        movement.kind === 'transfer'
          ? 'adam.finance.delete_transfer_content'
          : 'adam.finance.delete_adjustment_content'
      }
      redirect={false}
    />
  );
}

export default function TransactionList() {
  const translate = useTranslate();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const { start, end } = monthRange(todayIso());
  return (
    <List
      filters={filters}
      filterDefaultValues={{ dateGte: start, dateLte: end }}
      actions={<Actions />}
      sort={{ field: 'date', order: 'DESC' }}
      perPage={50}
      pagination={<CappedPagination />}
    >
      <TransactionTotals />
      {phone ? (
        <SimpleList<Transaction>
          primaryText={(movement) => movement.description}
          secondaryText={(movement) =>
            [
              formatDate(movement.date),
              labelOf(TRANSACTION_KIND_LABELS, movement.kind),
              movement.statementLineId ? translate('adam.finance.reconciled') : null,
            ]
              .filter(Boolean)
              .join(' · ')
          }
          tertiaryText={(movement) => formatMoney(movement.amountCents)}
          rowClick={false}
        />
      ) : (
        <DataTable rowClick={false} bulkActionButtons={false}>
          <DateColumn />
          <DataTable.Col source="description" label="adam.finance.description" disableSort />
          <ReferenceColumn source="bankAccountId" link="show" />
          <DataTable.Col
            source="kind"
            label="adam.finance.kind"
            disableSort
            render={(movement: Transaction) => labelOf(TRANSACTION_KIND_LABELS, movement.kind)}
          />
          <ReferenceColumn source="categoryId" emptyText="—" />
          <AmountColumn signed />
          <DataTable.Col
            source="statementLineId"
            label="adam.finance.reconciliation"
            disableSort
            render={(movement: Transaction) => <ReconciledChip lineId={movement.statementLineId} />}
          />
          <DataTable.Col
            label=""
            disableSort
            render={(movement: Transaction) => <DeleteMovement movement={movement} />}
          />
        </DataTable>
      )}
    </List>
  );
}

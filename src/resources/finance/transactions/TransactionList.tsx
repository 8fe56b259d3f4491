// /financeiro/lancamentos: every money movement, filtered by account, period, kind and
// category, with totals; transfers and adjustments; CSV.
import { type Theme, useMediaQuery } from '@mui/material';
import {
  DataTable,
  DeleteWithConfirmButton,
  List,
  ReferenceField,
  SearchInput,
  SelectInput,
  SimpleList,
  TextField,
} from 'react-admin';
import { todayIso } from '../../../domain/dates';
import { monthRange } from '../../../domain/finance/installments';
import { TRANSACTION_KIND_LABELS } from '../../../domain/finance/labels';
import { formatDate, formatMoney } from '../../../domain/formats';
import { DateFilterInput } from '../../../inputs';
import type { Transaction } from '../../../finance/types';
import { useCanWrite } from '../../../routing/useCanWrite';
import { CappedPagination } from '../shared/CappedPagination';
import { ListActions } from '../shared/ListActions';
import { Money } from '../shared/Money';
import { TRANSACTION_KIND_CHOICES, labelOf } from '../shared/choices';
import { AccountInput, CategoryInput } from '../shared/references';
import { MovementButton } from './MovementDialog';
import { TransactionExportButton } from './TransactionExportButton';
import { TransactionTotals } from './TransactionTotals';

const filters = [
  <AccountInput
    key="bankAccountId"
    source="bankAccountId"
    label="adam.finance.account"
    activeOnly={false}
    alwaysOn
  />,
  <DateFilterInput key="dateGte" source="dateGte" label="adam.finance.from" alwaysOn />,
  <DateFilterInput key="dateLte" source="dateLte" label="adam.finance.to" alwaysOn />,
  <SelectInput
    key="kind"
    source="kind"
    label="adam.finance.kind"
    choices={TRANSACTION_KIND_CHOICES}
  />,
  <CategoryInput key="categoryId" source="categoryId" label="adam.finance.category" />,
  <SearchInput key="q" source="q" placeholder="Descrição" />,
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
            `${formatDate(movement.date)} · ${labelOf(TRANSACTION_KIND_LABELS, movement.kind)}`
          }
          tertiaryText={(movement) => formatMoney(movement.amountCents)}
          rowClick={false}
        />
      ) : (
        <DataTable rowClick={false} bulkActionButtons={false}>
          <DataTable.Col
            source="date"
            label="adam.finance.date"
            render={(movement: Transaction) => formatDate(movement.date)}
          />
          <DataTable.Col source="description" label="adam.finance.description" disableSort />
          <DataTable.Col source="bankAccountId" label="adam.finance.account" disableSort>
            <ReferenceField
              source="bankAccountId"
              reference="financeiro/contas-bancarias"
              link="show"
            >
              <TextField source="name" />
            </ReferenceField>
          </DataTable.Col>
          <DataTable.Col
            source="kind"
            label="adam.finance.kind"
            disableSort
            render={(movement: Transaction) => labelOf(TRANSACTION_KIND_LABELS, movement.kind)}
          />
          <DataTable.Col source="categoryId" label="adam.finance.category" disableSort>
            <ReferenceField
              source="categoryId"
              reference="financeiro/categorias"
              link={false}
              emptyText="—"
            >
              <TextField source="name" />
            </ReferenceField>
          </DataTable.Col>
          <DataTable.Col
            source="amountCents"
            label="adam.finance.amount"
            align="right"
            render={(movement: Transaction) => <Money cents={movement.amountCents} signed />}
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

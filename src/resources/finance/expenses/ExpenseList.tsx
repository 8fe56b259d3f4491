import AttachFileIcon from '@mui/icons-material/AttachFile';
import { type Theme, useMediaQuery } from '@mui/material';
import {
  DataTable,
  List,
  ReferenceField,
  SearchInput,
  SelectInput,
  SimpleList,
  TextField,
} from 'react-admin';
import { formatDate, formatMoney } from '../../../domain/formats';
import { DateFilterInput } from '../../../inputs';
import { EmptyList } from '../../../routing/EmptyList';
import { rowToShow } from '../../../routing/links';
import { ListActions } from '../shared/ListActions';
import { Money } from '../shared/Money';
import { ExpenseStatusChip } from '../shared/StatusChip';
import { EXPENSE_STATUS_CHOICES } from '../shared/choices';
import { AccountInput, CardInput, CategoryInput, VendorInput } from '../shared/references';
import type { Expense } from './types';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Descrição" />,
  <DateFilterInput key="dateGte" source="dateGte" label="adam.finance.from" alwaysOn />,
  <DateFilterInput key="dateLte" source="dateLte" label="adam.finance.to" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    label="adam.finance.situation"
    choices={EXPENSE_STATUS_CHOICES}
  />,
  <CategoryInput
    key="categoryId"
    source="categoryId"
    label="adam.finance.category"
    kind="expense"
  />,
  <VendorInput key="vendorId" source="vendorId" label="adam.finance.vendor" />,
  <AccountInput
    key="bankAccountId"
    source="bankAccountId"
    label="adam.finance.account"
    activeOnly={false}
  />,
  <CardInput key="creditCardId" source="creditCardId" label="adam.finance.card" />,
];

/** Expenses by competence date, newest first, with how much of each is paid. */
export default function ExpenseList() {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <List
      filters={filters}
      actions={<ListActions />}
      sort={{ field: 'date', order: 'DESC' }}
      perPage={25}
      empty={<EmptyList />}
    >
      {phone ? (
        <SimpleList<Expense>
          primaryText={(expense) => expense.description}
          secondaryText={(expense) => formatDate(expense.date)}
          tertiaryText={(expense) => formatMoney(expense.amountCents)}
          rowClick={(id) => rowToShow(id, 'financeiro/despesas')}
        />
      ) : (
        <DataTable rowClick={rowToShow} bulkActionButtons={false}>
          <DataTable.Col
            source="date"
            label="adam.finance.date"
            render={(expense: Expense) => formatDate(expense.date)}
          />
          <DataTable.Col source="description" label="adam.finance.description" />
          <DataTable.Col source="vendorId" label="adam.finance.vendor" disableSort>
            <ReferenceField
              source="vendorId"
              reference="financeiro/fornecedores"
              link={false}
              emptyText="—"
            >
              <TextField source="name" />
            </ReferenceField>
          </DataTable.Col>
          <DataTable.Col source="categoryId" label="adam.finance.category" disableSort>
            <ReferenceField source="categoryId" reference="financeiro/categorias" link={false}>
              <TextField source="name" />
            </ReferenceField>
          </DataTable.Col>
          <DataTable.Col
            source="installments"
            label="adam.finance.installments_short"
            disableSort
            render={(expense: Expense) =>
              expense.installments > 1 ? `${expense.installments}x` : 'À vista'
            }
          />
          <DataTable.Col
            source="status"
            label="adam.finance.situation"
            disableSort
            render={(expense: Expense) => <ExpenseStatusChip status={expense.status} />}
          />
          <DataTable.Col
            source="receipt"
            label="adam.finance.receipt_short"
            disableSort
            render={(expense: Expense) =>
              expense.receipt ? (
                <AttachFileIcon fontSize="small" titleAccess="Com comprovante" />
              ) : null
            }
          />
          <DataTable.Col
            source="amountCents"
            label="adam.finance.amount"
            align="right"
            render={(expense: Expense) => <Money cents={expense.amountCents} />}
          />
        </DataTable>
      )}
    </List>
  );
}

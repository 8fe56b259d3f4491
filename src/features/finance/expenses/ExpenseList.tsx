import AttachFileIcon from '@mui/icons-material/AttachFile';
import { type Theme, useMediaQuery } from '@mui/material';
import { DataTable, List, SelectInput, SimpleList } from 'react-admin';
import { formatDate, formatMoney } from '../../../../domain/formats';
import { EmptyList } from '../../../ui/EmptyList';
import { rowToShow, RowLink } from '../../../ui/links';
import { ListActions } from '../../../ui/ListActions';
import { ExpenseStatusChip } from '../shared/StatusChip';
import { EXPENSE_STATUS_CHOICES } from '../shared/choices';
import {
  AmountColumn,
  CongregationColumn,
  DateColumn,
  ReferenceColumn,
  withCongregation,
} from '../shared/columns';
import {
  accountFilter,
  cardFilter,
  categoryFilter,
  congregationFilter,
  periodFilters,
  vendorFilter,
} from '../shared/filters';
import type { Expense } from './types';
import { SearchBox } from '../../../ui/inputs';

const filters = [
  <SearchBox key="q" source="q" alwaysOn placeholder="Descrição" />,
  ...periodFilters(),
  <SelectInput
    key="status"
    source="status"
    label="adam.finance.situation"
    choices={EXPENSE_STATUS_CHOICES}
  />,
  congregationFilter(),
  categoryFilter('expense'),
  vendorFilter(),
  accountFilter(),
  cardFilter(),
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
          secondaryText={(expense) => withCongregation(formatDate(expense.date), expense)}
          tertiaryText={(expense) => formatMoney(expense.amountCents)}
          rowClick={(id) => rowToShow(id, 'financeiro/despesas')}
        />
      ) : (
        <DataTable rowClick={rowToShow} bulkActionButtons={false}>
          <DateColumn />
          <DataTable.Col source="description" label="adam.finance.description">
            <RowLink source="description" />
          </DataTable.Col>
          <CongregationColumn />
          <ReferenceColumn source="vendorId" emptyText="—" />
          <ReferenceColumn source="categoryId" />
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
          <AmountColumn />
        </DataTable>
      )}
    </List>
  );
}

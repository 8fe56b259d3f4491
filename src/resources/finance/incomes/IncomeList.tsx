import { type Theme, useMediaQuery } from '@mui/material';
import { DataTable, List, ReferenceField, SelectInput, SimpleList, TextField } from 'react-admin';
import { PAYMENT_METHOD_LABELS } from '../../../domain/finance/labels';
import { formatDate, formatMoney } from '../../../domain/formats';
import { DateFilterInput } from '../../../inputs';
import { EmptyList } from '../../../routing/EmptyList';
import { rowToShow } from '../../../routing/links';
import { useCanWrite } from '../../../routing/useCanWrite';
import { CappedPagination } from '../shared/CappedPagination';
import { ListActions } from '../shared/ListActions';
import { Money } from '../shared/Money';
import { PAYMENT_METHOD_CHOICES, labelOf } from '../shared/choices';
import { AccountInput, CategoryInput, DonorInput } from '../shared/references';
import { OfferingsButton } from './OfferingsDialog';
import type { Income } from './types';

const filters = [
  <DateFilterInput key="dateGte" source="dateGte" label="adam.finance.from" alwaysOn />,
  <DateFilterInput key="dateLte" source="dateLte" label="adam.finance.to" alwaysOn />,
  <CategoryInput
    key="categoryId"
    source="categoryId"
    label="adam.finance.category"
    kind="income"
  />,
  <DonorInput key="donorId" source="donorId" label="adam.finance.donor" />,
  <AccountInput
    key="bankAccountId"
    source="bankAccountId"
    label="adam.finance.account"
    activeOnly={false}
  />,
  <SelectInput
    key="paymentMethod"
    source="paymentMethod"
    label="adam.finance.payment_method"
    choices={PAYMENT_METHOD_CHOICES}
  />,
];

function Actions() {
  const writable = useCanWrite();
  return <ListActions>{writable && <OfferingsButton />}</ListActions>;
}

function CategoryName() {
  return (
    <ReferenceField source="categoryId" reference="financeiro/categorias" link={false}>
      <TextField source="name" />
    </ReferenceField>
  );
}

/** Money received, newest first. */
export default function IncomeList() {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <List
      filters={filters}
      actions={<Actions />}
      sort={{ field: 'date', order: 'DESC' }}
      perPage={25}
      pagination={<CappedPagination />}
      empty={<EmptyList />}
    >
      {phone ? (
        <SimpleList<Income>
          primaryText={(income) => income.description || <CategoryName />}
          secondaryText={(income) => formatDate(income.date)}
          tertiaryText={(income) => formatMoney(income.amountCents)}
          rowClick={(id) => rowToShow(id, 'financeiro/receitas')}
        />
      ) : (
        <DataTable rowClick={rowToShow} bulkActionButtons={false}>
          <DataTable.Col
            source="date"
            label="adam.finance.date"
            render={(income: Income) => formatDate(income.date)}
          />
          <DataTable.Col source="categoryId" label="adam.finance.category" disableSort>
            <CategoryName />
          </DataTable.Col>
          <DataTable.Col source="donorId" label="adam.finance.donor" disableSort>
            <ReferenceField
              source="donorId"
              reference="financeiro/contribuintes"
              link={false}
              emptyText="—"
            >
              <TextField source="name" />
            </ReferenceField>
          </DataTable.Col>
          <DataTable.Col source="description" label="adam.finance.description" disableSort />
          <DataTable.Col source="bankAccountId" label="adam.finance.account" disableSort>
            <ReferenceField
              source="bankAccountId"
              reference="financeiro/contas-bancarias"
              link={false}
            >
              <TextField source="name" />
            </ReferenceField>
          </DataTable.Col>
          <DataTable.Col
            source="paymentMethod"
            label="adam.finance.payment_method"
            disableSort
            render={(income: Income) => labelOf(PAYMENT_METHOD_LABELS, income.paymentMethod)}
          />
          <DataTable.Col
            source="amountCents"
            label="adam.finance.amount"
            align="right"
            render={(income: Income) => <Money cents={income.amountCents} />}
          />
        </DataTable>
      )}
    </List>
  );
}

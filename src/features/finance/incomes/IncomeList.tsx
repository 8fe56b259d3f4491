import { type Theme, useMediaQuery } from '@mui/material';
import { DataTable, List, SelectInput, SimpleList } from 'react-admin';
import { PAYMENT_METHOD_LABELS } from '../../../../domain/finance/labels';
import { formatDate, formatMoney } from '../../../../domain/formats';
import { EmptyList } from '../../../ui/EmptyList';
import { rowToShow } from '../../../ui/links';
import { useCanWrite } from '../../../routing/useCanWrite';
import { CappedPagination } from '../shared/CappedPagination';
import { ListActions } from '../../../ui/ListActions';
import { PAYMENT_METHOD_CHOICES } from '../shared/choices';
import { labelOf } from '../../../ui/choices';
import {
  AmountColumn,
  CongregationColumn,
  DateColumn,
  ReferenceColumn,
  withCongregation,
} from '../shared/columns';
import {
  accountFilter,
  categoryFilter,
  congregationFilter,
  donorFilter,
  periodFilters,
} from '../shared/filters';
import { ReferenceName } from '../shared/references';
import { OfferingsButton } from './OfferingsDialog';
import type { Income } from './types';

const filters = [
  ...periodFilters(),
  congregationFilter(),
  categoryFilter('income'),
  donorFilter(),
  accountFilter(),
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
      empty={<EmptyList actions={<OfferingsButton />} />}
    >
      {phone ? (
        <SimpleList<Income>
          primaryText={(income) => income.description || <ReferenceName source="categoryId" />}
          secondaryText={(income) => withCongregation(formatDate(income.date), income)}
          tertiaryText={(income) => formatMoney(income.amountCents)}
          rowClick={(id) => rowToShow(id, 'financeiro/receitas')}
        />
      ) : (
        <DataTable rowClick={rowToShow} bulkActionButtons={false}>
          <DateColumn link />
          <ReferenceColumn source="categoryId" />
          <ReferenceColumn source="donorId" emptyText="—" />
          <DataTable.Col source="description" label="adam.finance.description" disableSort />
          <CongregationColumn />
          <ReferenceColumn source="bankAccountId" />
          <DataTable.Col
            source="paymentMethod"
            label="adam.finance.payment_method"
            disableSort
            render={(income: Income) => labelOf(PAYMENT_METHOD_LABELS, income.paymentMethod)}
          />
          <AmountColumn />
        </DataTable>
      )}
    </List>
  );
}

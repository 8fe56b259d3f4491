import { Chip, type Theme, useMediaQuery } from '@mui/material';
import { BooleanInput, DataTable, List, SelectInput, SimpleList } from 'react-admin';
import { BANK_ACCOUNT_KIND_LABELS } from '../../../../domain/finance/labels';
import { formatMoney } from '../../../../domain/formats';
import { EmptyList } from '../../../ui/EmptyList';
import { rowToShow, RowLink } from '../../../ui/links';
import { ListActions } from '../../../ui/ListActions';
import { Money } from '../../../ui/Money';
import { BANK_ACCOUNT_KIND_CHOICES } from '../shared/choices';
import { labelOf } from '../../../ui/choices';
import { CongregationColumn, withCongregation } from '../shared/columns';
import { congregationFilter } from '../shared/filters';
import { type BankAccount, bankLine } from './types';

const filters = [
  <BooleanInput key="active" source="active" label="adam.finance.active_only" alwaysOn />,
  <SelectInput
    key="kind"
    source="kind"
    label="adam.finance.account_kind"
    choices={BANK_ACCOUNT_KIND_CHOICES}
  />,
  congregationFilter(),
];

/** Accounts and cash boxes with their current balance; a row opens the statement. */
export default function BankAccountList() {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <List
      filters={filters}
      filterDefaultValues={{ active: true }}
      actions={<ListActions />}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={50}
      empty={<EmptyList />}
    >
      {phone ? (
        <SimpleList<BankAccount>
          primaryText={(account) => account.name}
          secondaryText={(account) =>
            withCongregation(labelOf(BANK_ACCOUNT_KIND_LABELS, account.kind), account)
          }
          tertiaryText={(account) => formatMoney(account.balanceCents)}
          rowClick={(id) => rowToShow(id, 'financeiro/contas-bancarias')}
        />
      ) : (
        <DataTable rowClick={rowToShow} bulkActionButtons={false}>
          <DataTable.Col source="name" label="adam.finance.name">
            <RowLink />
          </DataTable.Col>
          <DataTable.Col
            source="kind"
            label="adam.finance.account_kind"
            render={(account: BankAccount) => labelOf(BANK_ACCOUNT_KIND_LABELS, account.kind)}
          />
          <CongregationColumn />
          <DataTable.Col source="bank" label="adam.finance.bank" disableSort render={bankLine} />
          <DataTable.Col
            source="active"
            label="adam.finance.situation"
            disableSort
            render={(account: BankAccount) =>
              account.active ? null : <Chip size="small" label="Desativada" />
            }
          />
          <DataTable.Col
            source="balanceCents"
            label="adam.finance.balance"
            align="right"
            render={(account: BankAccount) => <Money cents={account.balanceCents} signed strong />}
          />
        </DataTable>
      )}
    </List>
  );
}

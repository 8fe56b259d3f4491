import { Box, type Theme, useMediaQuery } from '@mui/material';
import { BooleanInput, DataTable, List, SelectInput, SimpleList } from 'react-admin';
import { ACCOUNT_KIND_LABELS, type AccountKind } from '../../../../domain/finance/labels';
import { formatBoolean } from '../../../../domain/formats';
import { EmptyList } from '../../../ui/EmptyList';
import { rowToEdit, RowLink } from '../../../ui/links';
import { ListActions } from '../../../ui/ListActions';
import { ACCOUNT_KIND_CHOICES } from '../shared/choices';
import { labelOf } from '../../../ui/choices';
import { SearchBox } from '../../../ui/inputs';

interface Account {
  id: number;
  code: string;
  name: string;
  kind: AccountKind;
  active: boolean;
  isTithe: boolean;
  leaf: boolean;
  depth: number;
}

const filters = [
  <SearchBox key="q" source="q" alwaysOn />,
  <SelectInput
    key="kind"
    source="kind"
    label="adam.finance.category_kind"
    choices={ACCOUNT_KIND_CHOICES}
    alwaysOn
  />,
  <BooleanInput key="active" source="active" label="adam.finance.active_female" />,
];

/** The account's code and name, indented by its level; groups in bold. */
function AccountName({ account }: { account: Account }) {
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        gap: 1,
        pl: account.depth * 2,
        fontWeight: account.leaf ? 'normal' : 'bold',
      }}
    >
      <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', minWidth: '4.5em' }}>
        {account.code}
      </Box>
      <span>{account.name}</span>
    </Box>
  );
}

const notes = (account: Account) =>
  [account.leaf ? '' : 'Grupo', account.isTithe ? 'Dízimos' : '', account.active ? '' : 'Inativa']
    .filter(Boolean)
    .join(' · ');

/** The plano de contas in its order, each account under its group; a row opens its form. */
export default function CategoryList() {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <List
      filters={filters}
      actions={<ListActions />}
      sort={{ field: 'code', order: 'ASC' }}
      perPage={500}
      pagination={false}
      empty={<EmptyList />}
    >
      {phone ? (
        <SimpleList<Account>
          primaryText={(account) => <AccountName account={account} />}
          tertiaryText={notes}
          rowClick={(id) => rowToEdit(id, 'financeiro/categorias')}
        />
      ) : (
        <DataTable rowClick={rowToEdit} bulkActionButtons={false}>
          <DataTable.Col
            source="code"
            label="adam.finance.chart_account"
            render={(account: Account) => (
              <RowLink source="code">
                <AccountName account={account} />
              </RowLink>
            )}
          />
          <DataTable.Col
            source="kind"
            label="adam.finance.category_kind"
            render={(account: Account) => labelOf(ACCOUNT_KIND_LABELS, account.kind)}
          />
          <DataTable.Col
            source="isTithe"
            label="adam.finance.is_tithe_column"
            render={(account: Account) =>
              account.kind === 'income' && account.leaf ? formatBoolean(account.isTithe) : ''
            }
          />
          <DataTable.Col
            source="active"
            label="adam.finance.active_female"
            render={(account: Account) => formatBoolean(account.active)}
          />
        </DataTable>
      )}
    </List>
  );
}

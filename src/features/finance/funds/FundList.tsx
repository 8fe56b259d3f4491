import { type Theme, useMediaQuery } from '@mui/material';
import { DataTable, List, SimpleList } from 'react-admin';
import { formatBoolean } from '../../../../domain/formats';
import { EmptyList } from '../../../ui/EmptyList';
import { rowToEdit, RowLink } from '../../../ui/links';
import { ListActions } from '../../../ui/ListActions';
import { SearchBox } from '../../../ui/inputs';

interface Fund {
  id: number;
  name: string;
  restricted: boolean;
  description: string | null;
  active: boolean;
}

const filters = [<SearchBox key="q" source="q" alwaysOn />];

const notes = (fund: Fund) =>
  [fund.restricted ? 'Restrito' : 'Livre', fund.active ? '' : 'Inativo']
    .filter(Boolean)
    .join(' · ');

/** The funds; a row opens its form. */
export default function FundList() {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <List
      filters={filters}
      actions={<ListActions />}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={50}
      empty={<EmptyList />}
    >
      {phone ? (
        <SimpleList<Fund>
          primaryText={(fund) => fund.name}
          secondaryText={(fund) => fund.description ?? ''}
          tertiaryText={notes}
          rowClick={(id) => rowToEdit(id, 'financeiro/fundos')}
        />
      ) : (
        <DataTable rowClick={rowToEdit} bulkActionButtons={false}>
          <DataTable.Col source="name" label="adam.finance.name">
            <RowLink />
          </DataTable.Col>
          <DataTable.Col source="description" label="adam.finance.description" />
          <DataTable.Col
            source="restricted"
            label="adam.finance.fund_restricted"
            render={(fund: Fund) => formatBoolean(fund.restricted)}
          />
          <DataTable.Col
            source="active"
            label="adam.finance.active"
            render={(fund: Fund) => formatBoolean(fund.active)}
          />
        </DataTable>
      )}
    </List>
  );
}

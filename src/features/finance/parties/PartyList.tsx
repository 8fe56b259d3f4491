import { type Theme, useMediaQuery } from '@mui/material';
import { DataTable, List, SelectInput, SimpleList } from 'react-admin';
import { PERSON_TYPE_LABELS } from '../../../../domain/finance/labels';
import { formatDocument, formatPhone } from '../../../../domain/formats';
import { EmptyList } from '../../../ui/EmptyList';
import { rowToShow, RowLink } from '../../../ui/links';
import { ListActions } from '../../../ui/ListActions';
import { PERSON_TYPE_CHOICES } from '../shared/choices';
import { labelOf } from '../../../ui/choices';
import type { Party } from './types';
import { SearchBox } from '../../../ui/inputs';

const filters = [
  <SearchBox key="q" source="q" alwaysOn placeholder="Nome, CPF/CNPJ ou e-mail" />,
  <SelectInput
    key="personType"
    source="personType"
    label="adam.finance.person_type"
    choices={PERSON_TYPE_CHOICES}
  />,
];

const place = (party: Party) => [party.city, party.state].filter(Boolean).join('/');

/** Vendors and donors: name, person type, CPF or CNPJ, phone and city. */
export function PartyList({ resource }: { resource: string }) {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <List
      resource={resource}
      filters={filters}
      actions={<ListActions />}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={25}
      empty={<EmptyList />}
    >
      {phone ? (
        <SimpleList<Party>
          primaryText={(party) => party.name}
          secondaryText={(party) =>
            formatDocument(party.document) || labelOf(PERSON_TYPE_LABELS, party.personType)
          }
          tertiaryText={place}
          rowClick={(id) => rowToShow(id, resource)}
        />
      ) : (
        <DataTable rowClick={rowToShow} bulkActionButtons={false}>
          <DataTable.Col source="name" label="adam.finance.name">
            <RowLink />
          </DataTable.Col>
          <DataTable.Col
            source="personType"
            label="adam.finance.person_type"
            disableSort
            render={(party: Party) => labelOf(PERSON_TYPE_LABELS, party.personType)}
          />
          <DataTable.Col
            source="document"
            label="adam.finance.document"
            render={(party: Party) => formatDocument(party.document)}
          />
          <DataTable.Col
            source="phone"
            label="adam.finance.phone"
            disableSort
            render={(party: Party) => formatPhone(party.phone)}
          />
          <DataTable.Col source="city" label="adam.finance.city" render={place} />
        </DataTable>
      )}
    </List>
  );
}

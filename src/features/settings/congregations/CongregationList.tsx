import { type Theme, useMediaQuery } from '@mui/material';
import { DataTable, List, SelectInput, SimpleList, useTranslate } from 'react-admin';
import { CONGREGATION_KIND_LABELS } from '../../../../domain/congregations';
import { formatPhone } from '../../../../domain/formats';
import { EmptyList } from '../../../ui/EmptyList';
import { CreateActions, rowToEdit, RowLink } from '../../../ui/links';
import { useCanWrite } from '../../../routing/useCanWrite';
import { choicesFrom } from '../../../ui/choices';
import { SearchBox } from '../../../ui/inputs';
import type { Congregation } from './types';

const KIND_CHOICES = choicesFrom(CONGREGATION_KIND_LABELS);

const filters = [
  <SearchBox key="q" source="q" alwaysOn />,
  <SelectInput key="kind" source="kind" choices={KIND_CHOICES} />,
  <SelectInput
    key="active"
    source="active"
    choices={[
      { id: 'true', name: 'resources.configuracoes/congregacoes.active_yes' },
      { id: 'false', name: 'resources.configuracoes/congregacoes.active_no' },
    ]}
  />,
];

/** /configuracoes/congregacoes: the sede, sub-sedes and congregações, with leader and city. */
export default function CongregationList() {
  const translate = useTranslate();
  const writable = useCanWrite();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const rowClick = writable ? rowToEdit : false;
  const situation = (record: Congregation) =>
    translate(
      record.active
        ? 'resources.configuracoes/congregacoes.active_yes'
        : 'resources.configuracoes/congregacoes.active_no',
    );
  const place = (record: Congregation) =>
    [record.city, record.state].filter(Boolean).join('/') || '—';
  return (
    <List
      filters={filters}
      actions={<CreateActions />}
      sort={{ field: 'kind', order: 'ASC' }}
      perPage={25}
      empty={<EmptyList />}
    >
      {phone ? (
        <SimpleList<Congregation>
          primaryText={(record) => record.name}
          secondaryText={(record) =>
            [CONGREGATION_KIND_LABELS[record.kind], record.parentName, record.leaderName]
              .filter(Boolean)
              .join(' · ')
          }
          tertiaryText={(record) => (record.active ? (record.city ?? '') : situation(record))}
          rowClick={rowClick}
        />
      ) : (
        <DataTable rowClick={rowClick} bulkActionButtons={false}>
          <DataTable.Col source="name">
            <RowLink />
          </DataTable.Col>
          <DataTable.Col
            source="kind"
            render={(record: Congregation) => CONGREGATION_KIND_LABELS[record.kind]}
          />
          <DataTable.Col
            source="parentName"
            disableSort
            render={(record: Congregation) => record.parentName ?? '—'}
          />
          <DataTable.Col
            source="leaderName"
            disableSort
            render={(record: Congregation) =>
              [record.leaderName, formatPhone(record.phone)].filter(Boolean).join(' · ') || '—'
            }
          />
          <DataTable.Col source="city" render={place} />
          <DataTable.Col source="active" render={situation} />
        </DataTable>
      )}
    </List>
  );
}

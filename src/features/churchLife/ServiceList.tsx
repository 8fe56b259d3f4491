// /igreja/horarios: the recurring cultos of each congregation (name, weekday, time).
import { type Theme, useMediaQuery } from '@mui/material';
import { DataTable, List, SimpleList, useTranslate } from 'react-admin';
import { EmptyList } from '../../ui/EmptyList';
import { CreateActions, RowLink, rowToEdit } from '../../ui/links';
import { useCanWrite } from '../../routing/useCanWrite';
import { SearchBox } from '../../ui/inputs';
import type { WorshipService } from './types';

const filters = [<SearchBox key="q" source="q" alwaysOn />];

export default function ServiceList() {
  const translate = useTranslate();
  const writable = useCanWrite();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const rowClick = writable ? rowToEdit : false;
  const inactive = (service: WorshipService) =>
    service.active ? '' : ` · ${translate('adam.church_life.inactive')}`;
  return (
    <List
      filters={filters}
      actions={<CreateActions />}
      sort={{ field: 'weekday', order: 'ASC' }}
      perPage={50}
      empty={<EmptyList />}
    >
      {phone ? (
        <SimpleList<WorshipService>
          primaryText={(service) => service.name}
          secondaryText={(service) =>
            `${service.weekdayName}, ${service.time} · ${service.congregationName}${inactive(service)}`
          }
          rowClick={rowClick}
        />
      ) : (
        <DataTable rowClick={rowClick} bulkActionButtons={false}>
          <DataTable.Col source="name">
            <RowLink />
          </DataTable.Col>
          <DataTable.Col
            source="weekday"
            render={(service: WorshipService) => service.weekdayName}
          />
          <DataTable.Col source="time" />
          <DataTable.Col source="congregationName" />
          <DataTable.Col
            source="active"
            disableSort
            render={(service: WorshipService) =>
              translate(service.active ? 'ra.boolean.true' : 'ra.boolean.false')
            }
          />
        </DataTable>
      )}
    </List>
  );
}

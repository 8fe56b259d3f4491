import { memberCountText } from '../../../ui/memberCount';
import { type Theme, useMediaQuery } from '@mui/material';
import { DataTable, List, ReferenceField, SimpleList, useTranslate } from 'react-admin';
import { EmptyList } from '../../../ui/EmptyList';
import { CreateActions, rowToEdit, RowLink } from '../../../ui/links';
import { useCanWrite } from '../../../routing/useCanWrite';
import type { Department } from './types';
import { SearchBox } from '../../../ui/inputs';

const filters = [<SearchBox key="q" source="q" alwaysOn />];
/** A department of no one congregation (congregation_id NULL). */
const CHURCH_WIDE = 'resources.configuracoes/departamentos.church_wide';

/**
 * /configuracoes/departamentos: name, description, congregation (or the whole church), leader
 * and how many members take part.
 */
export default function DepartmentList() {
  const translate = useTranslate();
  const writable = useCanWrite();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const rowClick = writable ? rowToEdit : false;
  return (
    <List
      filters={filters}
      actions={<CreateActions />}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={25}
      empty={<EmptyList />}
    >
      {phone ? (
        <SimpleList<Department>
          primaryText={(department) => department.name}
          secondaryText={(department) =>
            [department.congregationName ?? translate(CHURCH_WIDE), department.description]
              .filter(Boolean)
              .join(' · ')
          }
          tertiaryText={(department) => memberCountText(translate, department.memberCount)}
          rowClick={rowClick}
        />
      ) : (
        <DataTable rowClick={rowClick} bulkActionButtons={false}>
          <DataTable.Col source="name">
            <RowLink />
          </DataTable.Col>
          <DataTable.Col source="description" disableSort />
          <DataTable.Col
            source="congregationName"
            label="resources.configuracoes/departamentos.fields.congregationId"
            render={(department: Department) =>
              department.congregationName ?? translate(CHURCH_WIDE)
            }
          />
          <DataTable.Col source="leaderId" disableSort>
            <ReferenceField source="leaderId" reference="membros" link={false} />
          </DataTable.Col>
          <DataTable.NumberCol source="memberCount" />
        </DataTable>
      )}
    </List>
  );
}

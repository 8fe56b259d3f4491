import { type Theme, useMediaQuery } from '@mui/material';
import { DataTable, List, SimpleList } from 'react-admin';
import { CUSTOM_FIELD_TYPE_LABELS } from '../../../../domain/customFields';
import { formatBoolean } from '../../../../domain/formats';
import { EmptyList } from '../../../ui/EmptyList';
import { CreateActions, rowToEdit, RowLink } from '../../../ui/links';
import { useCanWrite } from '../../../routing/useCanWrite';
import type { CustomField } from '../../../ui/customFields/types';

const typeOf = (field: CustomField) => CUSTOM_FIELD_TYPE_LABELS[field.fieldType] ?? field.fieldType;

/** /configuracoes/campos_adicionais: the church's own member fields. */
export default function CustomFieldList() {
  const writable = useCanWrite();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const rowClick = writable ? rowToEdit : false;
  return (
    <List
      actions={<CreateActions />}
      sort={{ field: 'sortOrder', order: 'ASC' }}
      perPage={50}
      empty={<EmptyList />}
    >
      {phone ? (
        <SimpleList<CustomField>
          primaryText={(field) => field.label}
          secondaryText={typeOf}
          rowClick={rowClick}
        />
      ) : (
        <DataTable rowClick={rowClick} bulkActionButtons={false}>
          <DataTable.Col source="label">
            <RowLink source="label" />
          </DataTable.Col>
          <DataTable.Col source="fieldType" disableSort render={typeOf} />
          <DataTable.Col
            source="options"
            disableSort
            render={(field: CustomField) => (field.options ?? []).join(', ')}
          />
          <DataTable.Col
            source="required"
            disableSort
            render={(field: CustomField) => formatBoolean(field.required)}
          />
          <DataTable.Col
            source="active"
            disableSort
            render={(field: CustomField) => formatBoolean(field.active)}
          />
          <DataTable.Col
            source="publicForm"
            disableSort
            render={(field: CustomField) => formatBoolean(field.publicForm)}
          />
          <DataTable.Col
            source="visibleToAll"
            disableSort
            render={(field: CustomField) => formatBoolean(field.visibleToAll)}
          />
          <DataTable.NumberCol source="sortOrder" />
        </DataTable>
      )}
    </List>
  );
}

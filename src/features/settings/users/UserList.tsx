import { useMediaQuery, type Theme } from '@mui/material';
import {
  BooleanInput,
  DataTable,
  List,
  SelectInput,
  SimpleList,
  TopToolbar,
  ExportButton,
  useTranslate,
} from 'react-admin';
import { formatBoolean, formatDateTime } from '../../../../domain/formats';
import { CreatePathButton, rowToEdit, RowLink } from '../../../ui/links';
import { ROLE_CHOICES } from './roleChoices';
import { RolesField } from './RolesField';
import { CongregationsField } from './CongregationsField';
import { SearchBox } from '../../../ui/inputs';

const filters = [
  <SearchBox key="q" source="q" alwaysOn placeholder="Buscar por nome ou e-mail" />,
  <SelectInput
    key="role"
    source="role"
    label="resources.configuracoes/usuarios.fields.roles"
    choices={ROLE_CHOICES}
  />,
  <BooleanInput
    key="active"
    source="active"
    label="resources.configuracoes/usuarios.fields.active"
  />,
];

function Actions() {
  return (
    <TopToolbar>
      <CreatePathButton />
      <ExportButton />
    </TopToolbar>
  );
}

interface UserRecord {
  id: number;
  name: string;
  email: string;
  active: boolean;
  twoFactorEnabled: boolean;
  createdAt: string;
}

export default function UserList() {
  const translate = useTranslate();
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <List filters={filters} actions={<Actions />} sort={{ field: 'name', order: 'ASC' }}>
      {small ? (
        <SimpleList<UserRecord>
          primaryText={(record) => record.name}
          secondaryText={(record) =>
            record.twoFactorEnabled
              ? `${record.email} · ${translate('resources.configuracoes/usuarios.two_factor_on')}`
              : record.email
          }
          tertiaryText={(record) =>
            record.active ? '' : translate('resources.configuracoes/usuarios.inactive')
          }
          linkType={(record) => rowToEdit(record.id, 'configuracoes/usuarios')}
        />
      ) : (
        <DataTable rowClick={rowToEdit} bulkActionButtons={false}>
          <DataTable.Col source="name">
            <RowLink />
          </DataTable.Col>
          <DataTable.Col source="email" />
          <DataTable.Col source="roles" disableSort>
            <RolesField />
          </DataTable.Col>
          <DataTable.Col source="congregationIds" disableSort>
            <CongregationsField />
          </DataTable.Col>
          <DataTable.Col
            source="active"
            render={(record: UserRecord) => formatBoolean(record.active)}
          />
          <DataTable.Col
            source="twoFactorEnabled"
            disableSort
            render={(record: UserRecord) => formatBoolean(record.twoFactorEnabled)}
          />
          <DataTable.Col
            source="createdAt"
            render={(record: UserRecord) => formatDateTime(record.createdAt)}
          />
        </DataTable>
      )}
    </List>
  );
}

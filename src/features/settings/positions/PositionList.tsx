import { memberCountText } from '../../../ui/memberCount';
import { type Theme, useMediaQuery } from '@mui/material';
import { DataTable, List, SimpleList, useTranslate } from 'react-admin';
import { formatBoolean } from '../../../../domain/formats';
import { EmptyList } from '../../../ui/EmptyList';
import { CreateActions, rowToEdit, RowLink } from '../../../ui/links';
import { useCanWrite } from '../../../routing/useCanWrite';
import type { Position } from './types';

/** /configuracoes/positions, titled Cargos: name, ministerial or not, order, members. */
export default function PositionList() {
  const translate = useTranslate();
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
        <SimpleList<Position>
          primaryText={(position) => position.name}
          secondaryText={(position) =>
            position.ministerial
              ? translate('resources.configuracoes/positions.ministerial_yes')
              : ''
          }
          tertiaryText={(position) => memberCountText(translate, position.memberCount)}
          rowClick={rowClick}
        />
      ) : (
        <DataTable rowClick={rowClick} bulkActionButtons={false}>
          <DataTable.Col source="name">
            <RowLink />
          </DataTable.Col>
          <DataTable.Col
            source="ministerial"
            render={(position: Position) => formatBoolean(position.ministerial)}
          />
          <DataTable.NumberCol source="sortOrder" />
          <DataTable.NumberCol source="memberCount" />
        </DataTable>
      )}
    </List>
  );
}

// /igreja/etapas: the church's consolidação pipeline, in order, with each stage's days until due.
import { type Theme, useMediaQuery } from '@mui/material';
import { DataTable, List, SimpleList, useTranslate } from 'react-admin';
import { EmptyList } from '../../../ui/EmptyList';
import { CreateActions, RowLink, rowToEdit } from '../../../ui/links';
import { useCanWrite } from '../../../routing/useCanWrite';
import type { FollowupStage } from './types';

const R = 'resources.igreja/etapas';

export default function StageList() {
  const translate = useTranslate();
  const writable = useCanWrite();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const rowClick = writable ? rowToEdit : false;
  const days = (stage: FollowupStage) => translate(`${R}.days`, { smart_count: stage.dueDays });
  const inactive = (stage: FollowupStage) =>
    stage.active ? '' : ` · ${translate(`${R}.inactive`)}`;
  return (
    <List
      actions={<CreateActions />}
      sort={{ field: 'sortOrder', order: 'ASC' }}
      perPage={50}
      empty={<EmptyList />}
    >
      {phone ? (
        <SimpleList<FollowupStage>
          primaryText={(stage) => stage.name}
          secondaryText={(stage) => `${days(stage)}${inactive(stage)}`}
          rowClick={rowClick}
        />
      ) : (
        <DataTable rowClick={rowClick} bulkActionButtons={false}>
          <DataTable.Col source="name">
            <RowLink />
          </DataTable.Col>
          <DataTable.Col source="dueDays" render={days} />
          <DataTable.NumberCol source="sortOrder" />
          <DataTable.Col
            source="active"
            disableSort
            render={(stage: FollowupStage) =>
              translate(stage.active ? 'ra.boolean.true' : 'ra.boolean.false')
            }
          />
        </DataTable>
      )}
    </List>
  );
}

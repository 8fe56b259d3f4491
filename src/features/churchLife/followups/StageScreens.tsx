// /igreja/etapas: the church's consolidação pipeline — the list in order with each stage's days
// until due, and the form of a stage (create and edit). One chunk for the three screens.
import { Box, type Theme, useMediaQuery } from '@mui/material';
import {
  BooleanInput,
  Create,
  DataTable,
  Edit,
  List,
  NumberInput,
  SimpleList,
  TextInput,
  required,
  useTranslate,
} from 'react-admin';
import { followupStageSchema } from '../../../../domain/followups';
import { useCanWrite } from '../../../routing/useCanWrite';
import { EmptyList } from '../../../ui/EmptyList';
import { FormToolbar } from '../../../ui/FormToolbar';
import { SimpleForm } from '../../../ui/forms';
import { schemaValidator } from '../../../ui/inputs';
import { CreateActions, RowLink, redirectToList, rowToEdit } from '../../../ui/links';
import type { FollowupStage } from './types';

const R = 'resources.igreja/etapas';
const rule = schemaValidator(followupStageSchema);

/** A stage of the consolidação: its name, days until due and order (create and edit). */
function StageInputs({ editing = false }: { editing?: boolean }) {
  return (
    <Box sx={{ width: '100%', maxWidth: 560 }}>
      <TextInput source="name" validate={[required(), rule]} fullWidth />
      <NumberInput
        source="dueDays"
        validate={[required(), rule]}
        min={0}
        step={1}
        helperText={`${R}.due_days_help`}
        fullWidth
      />
      <NumberInput
        source="sortOrder"
        validate={rule}
        min={0}
        step={1}
        helperText={`${R}.sort_order_help`}
        fullWidth
      />
      {editing && <BooleanInput source="active" />}
    </Box>
  );
}

export function StageCreate() {
  return (
    <Create redirect={redirectToList}>
      <SimpleForm toolbar={<FormToolbar />} defaultValues={{ dueDays: 7, sortOrder: 50 }}>
        <StageInputs />
      </SimpleForm>
    </Create>
  );
}

/** Only what the secretary edits goes back. */
const payload = ({ name, dueDays, sortOrder, active }: FollowupStage) => ({
  name,
  dueDays,
  sortOrder,
  active,
});

export function StageEdit() {
  return (
    <Edit redirect={redirectToList} mutationMode="pessimistic" transform={payload} actions={false}>
      <SimpleForm toolbar={<FormToolbar deletable />}>
        <StageInputs editing />
      </SimpleForm>
    </Edit>
  );
}

export function StageList() {
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

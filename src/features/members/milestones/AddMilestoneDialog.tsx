// The form of a new milestone: its kind, date, place, officiant and notes, and the fields of its
// kind (the spouse of a marriage, how and from where a member was received).
import SaveIcon from '@mui/icons-material/Save';
import {
  AutocompleteInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  required,
  useCreate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { MILESTONE_KIND_LABELS, milestoneSchema } from '../../../../domain/milestones';
import { ADMISSION_TYPE_LABELS } from '../../../../domain/members';
import { RecordFormDialog } from '../../../ui/RecordFormDialog';
import { DateTextInput } from '../../../ui/inputs';
import { schemaValidator } from '../../../ui/inputs';
import { choicesFrom } from '../../../ui/choices';

const label = (field: string) => `resources.membros/marcos.fields.${field}`;
const rule = schemaValidator(milestoneSchema);

function KindFields() {
  const kind = useWatch({ name: 'kind' });
  if (kind === 'marriage') {
    return <TextInput source="spouseName" label={label('spouseName')} validate={rule} fullWidth />;
  }
  if (kind === 'reception') {
    return (
      <>
        <SelectInput
          source="admissionType"
          label={label('admissionType')}
          choices={choicesFrom(ADMISSION_TYPE_LABELS)}
          validate={rule}
          fullWidth
        />
        <TextInput source="originChurch" label={label('originChurch')} validate={rule} fullWidth />
      </>
    );
  }
  return null;
}

export function AddMilestoneDialog(props: { memberId: number; onClose(): void; onAdded(): void }) {
  const [create] = useCreate();
  const submit = async (values: Record<string, unknown>) => {
    try {
      await create(
        'membros/marcos',
        { data: { ...values, memberId: props.memberId } },
        { returnPromise: true },
      );
      props.onAdded();
      return undefined;
    } catch (error) {
      const errors = (error as { body?: { errors?: unknown } })?.body?.errors;
      return errors && typeof errors === 'object' ? (errors as Record<string, string>) : undefined;
    }
  };
  return (
    <RecordFormDialog
      title="resources.membros/marcos.add"
      saveLabel="ra.action.save"
      icon={<SaveIcon />}
      defaultValues={{ kind: 'water_baptism' }}
      onSubmit={submit}
      onClose={props.onClose}
    >
      <SelectInput
        source="kind"
        label={label('kind')}
        choices={choicesFrom(MILESTONE_KIND_LABELS)}
        validate={[required(), rule]}
        fullWidth
      />
      <DateTextInput source="date" label={label('date')} validate={rule} fullWidth />
      <TextInput source="place" label={label('place')} validate={rule} fullWidth />
      <TextInput source="officiantName" label={label('officiantName')} validate={rule} fullWidth />
      {/* An obreiro of the church, or the name typed above (a guest pastor). */}
      <ReferenceInput source="officiantMemberId" reference="obreiros">
        <AutocompleteInput
          label={label('officiantMemberId')}
          optionText="name"
          validate={rule}
          fullWidth
        />
      </ReferenceInput>
      <KindFields />
      <TextInput
        source="notes"
        label={label('notes')}
        validate={rule}
        multiline
        minRows={2}
        fullWidth
      />
    </RecordFormDialog>
  );
}

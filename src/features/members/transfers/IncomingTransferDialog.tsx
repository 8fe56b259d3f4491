import MoveToInboxIcon from '@mui/icons-material/MoveToInbox';
import { TextInput, required, useDataProvider, useNotify } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { CongregationInput, DateTextInput, MemberReferenceInput } from '../../../ui/inputs';
import { RecordFormDialog } from '../../../ui/RecordFormDialog';
import { useFormSubmit } from '../../../providers/useAction';

const T = 'resources.membros/transferencias.incoming';

/** A new member's name and congregation: only when no existing record is chosen. */
function NewMemberInputs() {
  const memberId = useWatch({ name: 'memberId' });
  if (memberId) return null;
  return (
    <>
      <TextInput source="name" label={`${T}.name`} fullWidth />
      <CongregationInput />
    </>
  );
}

/**
 * A letter received from another church: the member admitted (status Ativo, admission by
 * transfer letter, the origin church), a new record or an existing one.
 */
export function IncomingTransferDialog(props: { onClose(): void; onDone(): void }) {
  const { onClose, onDone } = props;
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const submitForm = useFormSubmit();
  const submit = (values: Record<string, unknown>) =>
    submitForm(
      () => dataProvider.recordIncomingTransfer(values),
      (transfer) => {
        notify(`${T}.done`, { type: 'success', messageArgs: { name: transfer.memberName } });
        onDone();
      },
    );
  return (
    <RecordFormDialog
      title={`${T}.title`}
      help={`${T}.help`}
      saveLabel={`${T}.save`}
      icon={<MoveToInboxIcon />}
      onSubmit={submit}
      onClose={onClose}
    >
      <MemberReferenceInput source="memberId" label={`${T}.member`} fullWidth />
      <NewMemberInputs />
      <TextInput
        source="originChurch"
        label={`${T}.originChurch`}
        validate={required()}
        fullWidth
      />
      <TextInput
        source="originCity"
        label={`${T}.originCity`}
        helperText="adam.letters.city_help"
        validate={required()}
        fullWidth
      />
      <TextInput
        source="letterNumber"
        label={`${T}.letterNumber`}
        validate={required()}
        fullWidth
      />
      <DateTextInput
        source="letterDate"
        label={`${T}.letterDate`}
        validate={required()}
        fullWidth
      />
      <DateTextInput
        source="admissionDate"
        label={`${T}.admissionDate`}
        validate={required()}
        fullWidth
      />
    </RecordFormDialog>
  );
}

import MoveToInboxIcon from '@mui/icons-material/MoveToInbox';
import { Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import {
  Button,
  Form,
  TextInput,
  required,
  useDataProvider,
  useNotify,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { CongregationInput, DateTextInput, MemberReferenceInput } from '../../../ui/inputs';
import { FormSaveButton } from '../../../ui/FormToolbar';
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
  const translate = useTranslate();
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
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="incoming-title">
      <Form onSubmit={submit} noValidate disableInvalidFormNotification>
        <DialogTitle id="incoming-title">{translate(`${T}.title`)}</DialogTitle>
        <DialogContent>
          <Typography color="textSecondary" sx={{ mb: 1 }}>
            {translate(`${T}.help`)}
          </Typography>
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
        </DialogContent>
        <DialogActions>
          <Button label="ra.action.cancel" onClick={onClose} />
          <FormSaveButton label={`${T}.save`} icon={<MoveToInboxIcon />} />
        </DialogActions>
      </Form>
    </Dialog>
  );
}

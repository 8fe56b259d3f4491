import HistoryEduIcon from '@mui/icons-material/HistoryEdu';
import { Alert, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import {
  Button,
  Form,
  HttpError,
  SelectInput,
  TextInput,
  required,
  useDataProvider,
  useNotify,
  useTranslate,
} from 'react-admin';
import { FormSaveButton } from '../../ui/FormToolbar';
import { LETTER_TYPE_LABELS } from '../../../domain/letters';
import { paperCredentialSchema, paperLetterSchema } from '../../../domain/paperHistory';
import type { AppDataProvider } from '../../providers/dataProvider';
import { camelCaseKeys } from '../../providers/case';
import { choicesFrom } from '../../ui/choices';
import { DateTextInput, schemaValidator } from '../../ui/inputs';

const TYPE_CHOICES = choicesFrom(LETTER_TYPE_LABELS);
const credentialRule = schemaValidator(paperCredentialSchema);
const letterRule = schemaValidator(paperLetterSchema);

export type PaperKind = 'credential' | 'letter';

/**
 * "Registrar emitida em papel": a card or letter issued before Adam, with its own number and
 * date (and a card's validity). The server keeps them as given; a number already used comes
 * back under the number field.
 */
export function PaperRecordDialog(props: {
  kind: PaperKind;
  member: { id: number; name: string };
  onClose(): void;
  onRecorded(): void;
}) {
  const { kind, member, onClose, onRecorded } = props;
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const rule = kind === 'credential' ? credentialRule : letterRule;
  const prefix = `adam.paper.${kind}`;

  const submit = async (values: Record<string, unknown>) => {
    const body = { ...values, memberId: member.id };
    try {
      if (kind === 'credential') await dataProvider.recordPaperCredential(body);
      else await dataProvider.recordPaperLetter(body);
      notify(`${prefix}.recorded`, { type: 'success' });
      onRecorded();
      return undefined;
    } catch (error) {
      if (error instanceof HttpError && error.status === 409) {
        return { number: error.message };
      }
      const errors =
        error instanceof HttpError ? (error.body as { errors?: unknown })?.errors : null;
      if (errors && typeof errors === 'object' && !Array.isArray(errors)) {
        const { memberId, ...fields } = camelCaseKeys<Record<string, string>>(errors);
        if (memberId) notify(memberId, { type: 'error' });
        return fields;
      }
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', {
        type: 'error',
      });
      return undefined;
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="paper-title">
      <Form
        disableInvalidFormNotification
        onSubmit={submit}
        defaultValues={{
          memberId: member.id,
          ...(kind === 'letter' ? { letterType: 'recommendation' } : {}),
        }}
        noValidate
      >
        <DialogTitle id="paper-title">{translate(`${prefix}.title`)}</DialogTitle>
        <DialogContent>
          <Alert severity="info" sx={{ mb: 2 }}>
            {translate(`${prefix}.explain`, { name: member.name })}
          </Alert>
          {kind === 'letter' && (
            <SelectInput
              source="letterType"
              label="adam.letters.fields.letterType"
              choices={TYPE_CHOICES}
              validate={[required(), rule]}
              fullWidth
            />
          )}
          <TextInput
            source="number"
            label="adam.paper.number"
            helperText={`${prefix}.number_help`}
            validate={[required(), rule]}
            fullWidth
          />
          <DateTextInput
            source="issuedOn"
            label="adam.paper.issued_on"
            validate={[required(), rule]}
            fullWidth
          />
          {kind === 'credential' ? (
            <DateTextInput
              source="expiresOn"
              label="adam.credentials.fields.expiresOn"
              helperText="adam.paper.credential.expires_help"
              validate={rule}
              fullWidth
            />
          ) : (
            <>
              <TextInput
                source="destinationChurch"
                label="adam.letters.fields.destinationChurch"
                validate={[required(), rule]}
                fullWidth
              />
              <TextInput
                source="destinationCity"
                label="adam.letters.fields.destinationCity"
                helperText="adam.paper.letter.city_help"
                validate={rule}
                fullWidth
              />
              <TextInput
                source="notes"
                label="adam.letters.fields.notes"
                validate={rule}
                multiline
                minRows={2}
                fullWidth
              />
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button label="ra.action.cancel" onClick={onClose} />
          <FormSaveButton label="adam.paper.record" icon={<HistoryEduIcon />} />
        </DialogActions>
      </Form>
    </Dialog>
  );
}

import MailIcon from '@mui/icons-material/Mail';
import { memberStatusLabel } from '../../../../domain/members';
import { Alert, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import {
  Button,
  Confirm,
  Form,
  SelectInput,
  TextInput,
  required,
  useCreate,
  useNotify,
  useTranslate,
} from 'react-admin';
import { FormSaveButton } from '../../../ui/FormToolbar';
import { useWatch } from 'react-hook-form';
import { LETTER_TYPE_LABELS, letterSchema } from '../../../../domain/letters';
import { schemaValidator } from '../../../ui/inputs';
import { choicesFrom } from '../../../ui/choices';
import type { Letter } from '../../../providers/letters';

const TYPE_CHOICES = choicesFrom(LETTER_TYPE_LABELS);
const rule = schemaValidator(letterSchema);

interface LetterValues {
  letterType: 'recommendation' | 'transfer';
  destinationChurch: string;
  destinationCity: string;
  notes?: string | null;
}

/** What a transfer letter does, in words that agree with the member's sex ("Transferida"). */
function TransferWarning({ sex }: { sex?: string | null }) {
  const translate = useTranslate();
  const type = useWatch<LetterValues>({ name: 'letterType' });
  if (type !== 'transfer') return null;
  return (
    <Alert severity="warning" sx={{ mt: 1 }}>
      {translate('adam.letters.transfer_warning', {
        status: memberStatusLabel('transferred', sex),
      })}
    </Alert>
  );
}

/**
 * The form of a new letter; a transfer letter asks for a confirmation first, since the server
 * then moves the member to "Transferido" (in the same transaction as the letter).
 */
export function IssueLetterDialog(props: {
  member: { id: number; name: string; sex?: string | null };
  open: boolean;
  onClose(): void;
  onIssued(letter: Letter): void;
}) {
  const { member, open, onClose, onIssued } = props;
  const translate = useTranslate();
  const notify = useNotify();
  const [create, { isPending }] = useCreate<Letter>();
  const [transfer, setTransfer] = useState<LetterValues | null>(null);

  const send = async (values: LetterValues) => {
    try {
      const letter = (await create(
        'cartas',
        { data: { ...values, memberId: member.id } },
        { returnPromise: true },
      )) as Letter;
      onIssued(letter);
      return undefined;
    } catch (error) {
      const errors = (error as { body?: { errors?: unknown } })?.body?.errors;
      if (errors && typeof errors === 'object' && !Array.isArray(errors)) {
        const { memberId, ...fields } = errors as Record<string, string>;
        if (memberId) notify(memberId, { type: 'error' });
        return fields;
      }
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', {
        type: 'error',
      });
      return undefined;
    }
  };

  const submit = async (values: Record<string, unknown>) => {
    const letter = values as unknown as LetterValues;
    if (letter.letterType === 'transfer') {
      setTransfer(letter);
      return undefined;
    }
    return send(letter);
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="letter-title">
      <Form
        disableInvalidFormNotification
        onSubmit={submit}
        defaultValues={{ letterType: 'recommendation' }}
        noValidate
      >
        <DialogTitle id="letter-title">{translate('adam.letters.issue')}</DialogTitle>
        <DialogContent>
          <SelectInput
            source="letterType"
            label="adam.letters.fields.letterType"
            choices={TYPE_CHOICES}
            validate={[required(), rule]}
            fullWidth
          />
          <TextInput
            source="destinationChurch"
            label="adam.letters.fields.destinationChurch"
            validate={[required(), rule]}
            fullWidth
          />
          <TextInput
            source="destinationCity"
            label="adam.letters.fields.destinationCity"
            helperText="adam.letters.city_help"
            validate={[required(), rule]}
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
          <TransferWarning sex={member.sex} />
        </DialogContent>
        <DialogActions>
          <Button label="ra.action.cancel" onClick={onClose} />
          <FormSaveButton label="adam.letters.issue" icon={<MailIcon />} />
        </DialogActions>
      </Form>
      <Confirm
        isOpen={transfer !== null}
        loading={isPending}
        title="adam.letters.confirm_transfer_title"
        content="adam.letters.confirm_transfer_content"
        translateOptions={{
          name: member.name,
          status: memberStatusLabel('transferred', member.sex),
        }}
        confirm="adam.letters.confirm_transfer"
        confirmColor="warning"
        onConfirm={async () => {
          const values = transfer;
          setTransfer(null);
          if (values) await send(values);
        }}
        onClose={() => setTransfer(null)}
      />
    </Dialog>
  );
}

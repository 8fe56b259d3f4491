import CancelIcon from '@mui/icons-material/Cancel';
import LocalPostOfficeIcon from '@mui/icons-material/LocalPostOffice';
import PrintIcon from '@mui/icons-material/Print';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { useState } from 'react';
import {
  Button,
  Confirm,
  TextInput,
  required,
  useDataProvider,
  useNotify,
  useTranslate,
} from 'react-admin';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { useDownload } from '../../../providers/downloads';
import { useAction, useFormSubmit } from '../../../providers/useAction';
import { OPEN_TRANSFER_STATES, type TransferState } from '../../../../domain/transfers';
import { RecordFormDialog } from '../../../ui/RecordFormDialog';

const T = 'resources.membros/transferencias';

export interface OpenTransfer {
  id: number;
  state: TransferState;
  letterId: number | null;
  letterNumber: string | null;
  memberName: string;
}

/** The secretary records the receiving church's confirmation received by other means. */
function ConfirmDialog(props: { transfer: OpenTransfer; onClose(): void; onDone(): void }) {
  const { transfer, onClose, onDone } = props;
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const submitForm = useFormSubmit();
  const submit = (values: Record<string, unknown>) =>
    submitForm(
      () =>
        dataProvider.confirmTransfer(transfer.id, {
          receivingChurch: String(values.receivingChurch ?? ''),
          confirmedBy: String(values.confirmedBy ?? ''),
        }),
      () => {
        notify(`${T}.confirmed`, { type: 'success' });
        onDone();
      },
    );
  return (
    <RecordFormDialog
      title={`${T}.confirm_title`}
      help={`${T}.confirm_help`}
      saveLabel={`${T}.actions.confirm`}
      icon={<TaskAltIcon />}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextInput
        source="receivingChurch"
        label={`${T}.receiving_church`}
        validate={required()}
        fullWidth
      />
      <TextInput source="confirmedBy" label={`${T}.confirmed_by`} validate={required()} fullWidth />
    </RecordFormDialog>
  );
}

/**
 * The steps of an open outgoing transfer: the letter sent, the confirmation received by other
 * means, a cancellation, a new print with a new code. Nothing for a closed one.
 */
export function TransferActions({
  transfer,
  onChanged,
}: {
  transfer: OpenTransfer;
  onChanged(): void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { download, busy } = useDownload();
  const [dialog, setDialog] = useState<'confirm' | 'cancel' | 'print' | null>(null);
  const { run: act, busy: working } = useAction();
  if (!OPEN_TRANSFER_STATES.includes(transfer.state)) return null;

  const run = async (call: () => Promise<unknown>, done: string) => {
    const answer = await act(call);
    setDialog(null);
    if (answer === null) return;
    notify(done, { type: 'success' });
    onChanged();
  };
  const label = (action: string) =>
    `${translate(`${T}.actions.${action}`)}: ${transfer.memberName}`;

  return (
    <>
      {transfer.state === 'requested' && (
        <Button
          label={`${T}.actions.sent`}
          aria-label={label('sent')}
          disabled={working}
          onClick={() =>
            void run(() => dataProvider.markTransferSent(transfer.id), `${T}.sent_done`)
          }
        >
          <LocalPostOfficeIcon />
        </Button>
      )}
      <Button
        label={`${T}.actions.confirm`}
        aria-label={label('confirm')}
        onClick={() => setDialog('confirm')}
      >
        <TaskAltIcon />
      </Button>
      {transfer.letterId !== null && (
        <Button
          label={`${T}.actions.print`}
          aria-label={label('print')}
          disabled={busy}
          onClick={() => setDialog('print')}
        >
          <PrintIcon />
        </Button>
      )}
      <Button
        label={`${T}.actions.cancel`}
        aria-label={label('cancel')}
        color="error"
        onClick={() => setDialog('cancel')}
      >
        <CancelIcon />
      </Button>
      {dialog === 'confirm' && (
        <ConfirmDialog
          transfer={transfer}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            onChanged();
          }}
        />
      )}
      <Confirm
        isOpen={dialog === 'cancel'}
        loading={working}
        title={`${T}.cancel_title`}
        content={`${T}.cancel_content`}
        translateOptions={{ name: transfer.memberName }}
        confirm={`${T}.actions.cancel`}
        confirmColor="warning"
        onConfirm={() => void run(() => dataProvider.cancelTransfer(transfer.id), `${T}.cancelled`)}
        onClose={() => setDialog(null)}
      />
      <Confirm
        isOpen={dialog === 'print'}
        title={`${T}.print_title`}
        content={`${T}.print_content`}
        confirm={`${T}.actions.print`}
        onConfirm={() => {
          setDialog(null);
          void download(
            () => dataProvider.transferLetterPdf(transfer.letterId!),
            `carta-${(transfer.letterNumber ?? String(transfer.id)).replace('/', '-')}.pdf`,
          );
        }}
        onClose={() => setDialog(null)}
      />
    </>
  );
}

import SyncAltIcon from '@mui/icons-material/SyncAlt';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { BulkChoiceDialog } from './BulkChoiceDialog';
import { SETTABLE_STATUS_CHOICES } from '../../ui/memberChoices';
import { useMemberBulkAction } from './useMemberBulkAction';
import { LabeledButton } from '../../ui/LabeledButton';

/** Bulk action: sets the status of the selected members. */
export function BulkStatusButton() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const { run, running, count } = useMemberBulkAction();
  const confirm = async (status: string) => {
    if (await run({ action: 'set_status', status })) setOpen(false);
  };
  return (
    <>
      <LabeledButton label="resources.membros.bulk.set_status" onClick={() => setOpen(true)}>
        <SyncAltIcon />
      </LabeledButton>
      <BulkChoiceDialog
        open={open}
        title={translate('resources.membros.bulk.set_status')}
        message={translate('resources.membros.bulk.set_status_message', { smart_count: count })}
        label={translate('resources.membros.fields.status')}
        choices={SETTABLE_STATUS_CHOICES}
        busy={running}
        onClose={() => setOpen(false)}
        onConfirm={confirm}
      />
    </>
  );
}

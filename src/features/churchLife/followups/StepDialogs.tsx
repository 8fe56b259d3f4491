// The dialogs of a consolidação step: closing it (done or skipped, with a note) and handing it
// to another user or giving it another due date.
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
} from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { FOLLOWUP_STATUS_LABELS } from '../../../../domain/followups';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { useAction } from '../../../providers/useAction';
import type { FollowupStep } from './types';

const R = 'resources.igreja/consolidacao';

interface DialogProps {
  step: FollowupStep;
  onClose(): void;
  onSaved(): void;
}

export function CloseStepDialog({
  step,
  status,
  onClose,
  onSaved,
}: DialogProps & { status: 'done' | 'skipped' }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { run, busy } = useAction();
  const [note, setNote] = useState('');
  const titleId = useId();
  const save = async () => {
    const saved = await run(() => dataProvider.closeFollowup(step.id, status, note.trim() || null));
    if (!saved) return;
    notify(`${R}.closed`, {
      type: 'info',
      messageArgs: { step: step.name, status: FOLLOWUP_STATUS_LABELS[status].toLowerCase() },
    });
    onClose();
    onSaved();
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        {`${translate(`${R}.${status === 'done' ? 'done' : 'skip'}`)}: ${step.name}`}
      </DialogTitle>
      <DialogContent>
        <TextField
          label={translate(`${R}.note`)}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          multiline
          minRows={2}
          fullWidth
          autoFocus
          margin="dense"
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy}>
          {translate(`${R}.confirm_${status === 'done' ? 'done' : 'skip'}`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function ReassignStepDialog({ step, onClose, onSaved }: DialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { run, busy } = useAction();
  const [owners, setOwners] = useState<Array<{ id: number; name: string }>>([]);
  const [ownerId, setOwnerId] = useState<number | ''>(step.ownerId ?? '');
  const [dueOn, setDueOn] = useState(step.dueOn);
  const titleId = useId();
  useEffect(() => {
    void run(() => dataProvider.followupOwners(step.visitorId)).then((list) => {
      if (list) setOwners(list);
    });
    // Once per dialog: the owners of this visitor's congregation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step.visitorId]);
  const save = async () => {
    const saved = await run(() =>
      dataProvider.changeFollowup(step.id, { ...(ownerId === '' ? {} : { ownerId }), dueOn }),
    );
    if (!saved) return;
    notify(`${R}.reassigned`, { type: 'info' });
    onClose();
    onSaved();
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{`${translate(`${R}.reassign`)}: ${step.name}`}</DialogTitle>
      <DialogContent>
        <TextField
          select
          label={translate(`${R}.owner`)}
          value={owners.some((owner) => owner.id === ownerId) ? ownerId : ''}
          onChange={(event) => setOwnerId(Number(event.target.value))}
          fullWidth
          margin="dense"
        >
          {owners.map((owner) => (
            <MenuItem key={owner.id} value={owner.id}>
              {owner.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          type="date"
          label={translate(`${R}.due`)}
          value={dueOn}
          onChange={(event) => setDueOn(event.target.value)}
          fullWidth
          margin="dense"
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy || !dueOn}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

// "Anonimizar" (admins, issue 13): what happens, that it cannot be undone, and the member's name
// to type — the button only works once the name matches as the server compares it
// (domain/subjectRights.ts: trimmed, spaces collapsed, case and accents as stored).
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { confirmationMatches } from '../../../../domain/subjectRights';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { useAction } from '../../../providers/useAction';
import type { Member } from '../types';

export function AnonymizeDialog({
  member,
  open,
  onClose,
}: {
  member: Pick<Member, 'id' | 'name'>;
  open: boolean;
  onClose(): void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { run, busy } = useAction();
  const [typed, setTyped] = useState('');
  const matches = confirmationMatches(typed, member.name);

  const close = () => {
    setTyped('');
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!matches || busy) return;
    const done = await run(() => dataProvider.anonymizeMember(member.id, typed));
    if (!done) return;
    close();
    notify('adam.subject.anonymized', { type: 'success', messageArgs: { name: done.name } });
    refresh();
  };

  const paragraphs = ['warning', 'erases', 'keeps', 'also'] as const;
  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="sm"
      aria-labelledby="anonymize-title"
      aria-describedby="anonymize-warning"
    >
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="anonymize-title">
          {translate('adam.subject.anonymize_title', { name: member.name })}
        </DialogTitle>
        <DialogContent>
          {paragraphs.map((key) => (
            <DialogContentText
              key={key}
              id={`anonymize-${key}`}
              sx={{
                mb: 1.5,
                ...(key === 'warning' ? { color: 'error.main', fontWeight: 500 } : {}),
              }}
            >
              {translate(`adam.subject.anonymize_${key}`)}
            </DialogContentText>
          ))}
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            name="confirmation"
            autoComplete="off"
            label={translate('adam.subject.confirm_label')}
            helperText={translate('adam.subject.confirm_help', { name: member.name })}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate('ra.action.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            color="error"
            startIcon={<DeleteForeverIcon />}
            disabled={!matches || busy}
          >
            {translate('adam.subject.anonymize')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

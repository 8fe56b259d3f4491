// "Anonimizar" (admins, issues 13 and 26): what happens, that it cannot be undone, and the name to
// type — the button only works once the name matches as the server compares it
// (domain/subjectRights.ts: trimmed, spaces collapsed, case and accents as stored). The texts come
// from `messages` (a member's or a visitor's), the erasure from `anonymize`.
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import { TextField } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { confirmationMatches } from '../../domain/subjectRights';
import { useAction } from '../providers/useAction';
import { FormDialog } from './FormDialog';

export function AnonymizeDialog({
  name,
  messages,
  anonymize,
  open,
  onClose,
}: {
  /** The name as stored: the one to type. */
  name: string;
  /** The texts' prefix: adam.subject (a member) or adam.visitor_subject. */
  messages: string;
  anonymize(confirmation: string): Promise<{ name: string }>;
  open: boolean;
  onClose(): void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { run, busy } = useAction();
  const [typed, setTyped] = useState('');
  const matches = confirmationMatches(typed, name);

  const close = () => {
    setTyped('');
    onClose();
  };

  const submit = async () => {
    const done = await run(() => anonymize(typed));
    if (!done) return;
    close();
    notify(`${messages}.anonymized`, { type: 'success', messageArgs: { name: done.name } });
    refresh();
  };

  return (
    <FormDialog
      open={open}
      title={translate(`${messages}.anonymize_title`, { name })}
      explain={[
        { text: translate(`${messages}.anonymize_warning`), warning: true },
        ...(['erases', 'keeps', 'also'] as const).map((key) =>
          translate(`${messages}.anonymize_${key}`),
        ),
      ]}
      submit={translate(`${messages}.anonymize`)}
      danger
      icon={<DeleteForeverIcon />}
      disabled={!matches || busy}
      maxWidth="sm"
      onSubmit={submit}
      onClose={close}
    >
      <TextField
        autoFocus
        fullWidth
        margin="dense"
        name="confirmation"
        autoComplete="off"
        label={translate(`${messages}.confirm_label`)}
        helperText={translate(`${messages}.confirm_help`, { name })}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
      />
    </FormDialog>
  );
}

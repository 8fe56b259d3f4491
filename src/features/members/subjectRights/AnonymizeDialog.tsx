// "Anonimizar" (admins, issue 13): what happens, that it cannot be undone, and the member's name
// to type — the button only works once the name matches as the server compares it
// (domain/subjectRights.ts: trimmed, spaces collapsed, case and accents as stored).
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import { TextField } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { confirmationMatches } from '../../../../domain/subjectRights';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { useAction } from '../../../providers/useAction';
import { FormDialog } from '../../../ui/FormDialog';
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

  const submit = async () => {
    const done = await run(() => dataProvider.anonymizeMember(member.id, typed));
    if (!done) return;
    close();
    notify('adam.subject.anonymized', { type: 'success', messageArgs: { name: done.name } });
    refresh();
  };

  return (
    <FormDialog
      open={open}
      title={translate('adam.subject.anonymize_title', { name: member.name })}
      explain={[
        { text: translate('adam.subject.anonymize_warning'), warning: true },
        ...(['erases', 'keeps', 'also'] as const).map((key) =>
          translate(`adam.subject.anonymize_${key}`),
        ),
      ]}
      submit={translate('adam.subject.anonymize')}
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
        label={translate('adam.subject.confirm_label')}
        helperText={translate('adam.subject.confirm_help', { name: member.name })}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
      />
    </FormDialog>
  );
}

// The office changes a cell's members (issue 26): the church's members picked by name.
import { Autocomplete, TextField } from '@mui/material';
import { useState } from 'react';
import { HttpError, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { CellPerson } from '../../../providers/cellCalls';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { FormDialog } from '../../../ui/FormDialog';
import { type FoundMember, useMemberSearch } from '../useMemberSearch';
import { type Cell, T } from './types';

type Person = Pick<FoundMember, 'id' | 'name'>;

export function CellMembersDialog({
  cell,
  people,
  open,
  onClose,
  onSaved,
}: {
  cell: Cell;
  people: CellPerson[];
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [chosen, setChosen] = useState<Person[]>(people);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { members } = useMemberSearch(text, cell.congregationId, { limit: 10 });
  const save = async () => {
    try {
      await dataProvider.setCellMembers(
        cell.id,
        chosen.map((person) => Number(person.id)),
      );
      notify(translate(`${T}.members_saved`), { type: 'success' });
      onSaved();
      onClose();
    } catch (failure) {
      const body =
        failure instanceof HttpError ? (failure.body as { errors?: unknown }) : undefined;
      const errors = body?.errors as Record<string, string> | undefined;
      setError(errors?.memberIds ?? (failure as Error).message);
    }
  };
  return (
    <FormDialog
      open={open}
      title={translate(`${T}.edit_members`)}
      submit={translate('ra.action.save')}
      maxWidth="sm"
      onSubmit={save}
      onClose={onClose}
    >
      <Autocomplete<Person, true>
        multiple
        options={members}
        value={chosen}
        onChange={(_event, value) => setChosen(value)}
        inputValue={text}
        onInputChange={(_event, value) => setText(value)}
        getOptionLabel={(person) => person.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        filterOptions={(options) => options}
        noOptionsText={translate('ra.navigation.no_results')}
        renderInput={(params) => (
          <TextField
            {...params}
            label={translate(`${T}.members_label`)}
            error={Boolean(error)}
            helperText={error}
            sx={{ mt: 1 }}
          />
        )}
      />
    </FormDialog>
  );
}

// The multiplication of a cell (issue 26): a new cell, beside this one, with the members marked.
import {
  Checkbox,
  FormControlLabel,
  FormGroup,
  FormLabel,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { HttpError, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { todayIso } from '../../../../domain/dates';
import type { CellPerson } from '../../../providers/cellCalls';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { paths } from '../../../routing/paths';
import { FormDialog } from '../../../ui/FormDialog';
import { DateTextField } from '../../../ui/inputs';
import { CELLS, type Cell, T } from './types';

export function MultiplyDialog({
  cell,
  people,
  open,
  onClose,
}: {
  cell: Cell;
  people: CellPerson[];
  open: boolean;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [name, setName] = useState('');
  const [leaderId, setLeaderId] = useState<number | ''>('');
  const [bornOn, setBornOn] = useState(todayIso());
  const [moving, setMoving] = useState<Set<number>>(new Set());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const toggle = (id: number) =>
    setMoving((before) => {
      const next = new Set(before);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const save = async () => {
    try {
      const daughter = await dataProvider.multiplyCell(cell.id, {
        name,
        leaderId: leaderId === '' ? null : leaderId,
        coLeaderId: null,
        hostAddress: null,
        memberIds: [...moving],
        bornOn,
      });
      notify(translate(`${T}.multiplied`, { name }), { type: 'success' });
      onClose();
      navigate(paths.show(CELLS, daughter.id));
    } catch (failure) {
      const body =
        failure instanceof HttpError ? (failure.body as { errors?: unknown }) : undefined;
      if (body?.errors && typeof body.errors === 'object') {
        setErrors(body.errors as Record<string, string>);
      } else notify((failure as Error).message, { type: 'error' });
    }
  };
  return (
    <FormDialog
      open={open}
      title={translate(`${T}.multiply`)}
      explain={[translate(`${T}.multiply_explain`)]}
      submit={translate(`${T}.multiply`)}
      maxWidth="sm"
      onSubmit={save}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ mt: 2 }}>
        <TextField
          label={translate(`${T}.multiply_name`)}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={Boolean(errors.name)}
          helperText={errors.name}
          required
          fullWidth
        />
        <TextField
          select
          label={translate(`${T}.multiply_leader`)}
          value={leaderId}
          onChange={(event) => setLeaderId(Number(event.target.value))}
          error={Boolean(errors.leaderId)}
          helperText={errors.leaderId}
          fullWidth
        >
          {people.map((person) => (
            <MenuItem key={person.id} value={person.id}>
              {person.name}
            </MenuItem>
          ))}
        </TextField>
        <DateTextField
          label={translate(`${T}.multiply_date`)}
          value={bornOn}
          onChange={(value) => setBornOn(value ?? '')}
          error={Boolean(errors.bornOn)}
          helperText={errors.bornOn}
          required
          fullWidth
        />
        <FormGroup>
          <FormLabel component="legend">{translate(`${T}.multiply_members`)}</FormLabel>
          {people.map((person) => (
            <FormControlLabel
              key={person.id}
              control={
                <Checkbox checked={moving.has(person.id)} onChange={() => toggle(person.id)} />
              }
              label={person.name}
            />
          ))}
          {errors.memberIds && <FormLabel error>{errors.memberIds}</FormLabel>}
        </FormGroup>
      </Stack>
    </FormDialog>
  );
}

// The household's name, address and notes. The members who use the family's address get the new
// one in the same save (the server rewrites their records); those with their own keep it.
import { MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { UFS } from '../../../../domain/members';
import { camelCaseKeys } from '../../../providers/case';
import type { AppDataProvider } from '../../../providers/dataProvider';
import type { Family } from '../../../providers/familyCalls';
import { failureMessage } from '../../../providers/useAction';
import { FormDialog } from '../../../ui/FormDialog';

const T = 'resources.familias.form';
const FIELDS = ['zipCode', 'street', 'number', 'complement', 'district', 'city'] as const;
const LABELS: Record<(typeof FIELDS)[number], string> = {
  zipCode: 'zip_code',
  street: 'street',
  number: 'number',
  complement: 'complement',
  district: 'district',
  city: 'city',
};

export function FamilyEditDialog({
  family,
  onClose,
  onSaved,
}: {
  family: Family;
  onClose: () => void;
  onSaved: (family: Family) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [values, setValues] = useState<Record<string, string>>({
    name: family.name,
    ...Object.fromEntries(FIELDS.map((field) => [field, family[field] ?? ''])),
    state: family.state ?? '',
    notes: family.notes ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (field: string) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));
  const field = (name: string, label: string, extra: object = {}) => (
    <TextField
      label={translate(`${T}.${label}`)}
      value={values[name]}
      onChange={set(name)}
      error={Boolean(errors[name])}
      helperText={errors[name]}
      fullWidth
      {...extra}
    />
  );
  const save = async () => {
    setBusy(true);
    try {
      const saved = await dataProvider.updateFamily(family.id, values);
      notify('resources.familias.panel.saved', { type: 'info' });
      onSaved(saved);
    } catch (error) {
      const body = (error as { body?: { errors?: Record<string, string> } })?.body;
      if (body?.errors) setErrors(camelCaseKeys<Record<string, string>>(body.errors));
      else notify(failureMessage(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormDialog
      open
      title={translate('resources.familias.panel.edit')}
      explain={[translate(`${T}.explain`)]}
      submit={translate('resources.familias.person.save')}
      disabled={busy}
      maxWidth="sm"
      onSubmit={save}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {field('name', 'name', { required: true })}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {field('zipCode', LABELS.zipCode, { inputMode: 'numeric' })}
          {field('number', LABELS.number)}
        </Stack>
        {field('street', LABELS.street)}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {field('complement', LABELS.complement)}
          {field('district', LABELS.district)}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {field('city', LABELS.city)}
          <TextField
            select
            label={translate(`${T}.state`)}
            value={values.state}
            onChange={set('state')}
            error={Boolean(errors.state)}
            helperText={errors.state}
            fullWidth
          >
            <MenuItem value="">—</MenuItem>
            {UFS.map((uf) => (
              <MenuItem key={uf} value={uf}>
                {uf}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {field('notes', 'notes', { multiline: true, minRows: 2 })}
      </Stack>
    </FormDialog>
  );
}

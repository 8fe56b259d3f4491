// The ushers' head counts of a culto: members, visitors, children. Left empty, a count stands at
// the named presence; the server refuses one below it, and its message shows at the field.
import { Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { HttpError, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { Gathering } from './types';

const T = 'adam.church_life';
const F = 'resources.igreja/cultos.fields';
const FIELDS = ['countMembers', 'countVisitors', 'countChildren'] as const;
type Field = (typeof FIELDS)[number];

const asText = (value: number | null) => (value === null ? '' : String(value));

/** Keyed by the stored counts in the page: a check-in that raises one shows the new figure. */
export function HeadCountsForm({
  gathering,
  onSaved,
}: {
  gathering: Gathering;
  onSaved: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const [values, setValues] = useState<Record<Field, string>>(() => ({
    countMembers: asText(gathering.countMembers),
    countVisitors: asText(gathering.countVisitors),
    countChildren: asText(gathering.countChildren),
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const data = Object.fromEntries(
      FIELDS.map((field) => {
        const text = values[field].trim();
        // Anything but digits goes as typed: the server says what is wrong with it.
        return [field, text === '' ? null : /^\d+$/.test(text) ? Number(text) : text];
      }),
    );
    try {
      await dataProvider.update('igreja/cultos', {
        id: gathering.id,
        data,
        previousData: gathering,
      });
      setErrors({});
      notify(translate(`${T}.counts_saved`), { type: 'success' });
      onSaved();
    } catch (error) {
      const body = error instanceof HttpError ? (error.body as { errors?: unknown }) : undefined;
      if (body?.errors && typeof body.errors === 'object' && !Array.isArray(body.errors)) {
        setErrors(body.errors as Record<string, string>);
      } else notify((error as Error).message, { type: 'error' });
    }
  };

  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent component="form" onSubmit={(event: FormEvent) => void save(event)} noValidate>
        <Typography variant="h6" component="h2">
          {translate(`${T}.counts_title`)}
        </Typography>
        <Typography variant="body2" color="textSecondary" gutterBottom>
          {translate(`${T}.counts_help`)}
        </Typography>
        <Typography variant="body2" gutterBottom>
          {translate(`${T}.named`, {
            members: translate(`${T}.members_count`, { smart_count: gathering.namedMembers }),
            visitors: translate(`${T}.visitors_count`, { smart_count: gathering.namedVisitors }),
          })}
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' },
            gap: 2,
            my: 1,
          }}
        >
          {FIELDS.map((field) => (
            <TextField
              key={field}
              label={translate(`${F}.${field}`)}
              value={values[field]}
              onChange={(event) => setValues({ ...values, [field]: event.target.value })}
              error={Boolean(errors[field])}
              helperText={errors[field]}
              slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
            />
          ))}
        </Box>
        <Button type="submit" variant="contained">
          {translate(`${T}.counts_save`)}
        </Button>
      </CardContent>
    </Card>
  );
}

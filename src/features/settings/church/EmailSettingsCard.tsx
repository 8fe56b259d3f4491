// The church's e-mail (issue 28): the SMTP server the messages and the birthday greetings go
// through, the sender, the pace, the greeting's opt-in and text, and a test e-mail. Saved apart
// from the church's data; the password is write-only (the server says only whether one is kept).
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, useEffect, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { SMTP_SECURITY, SMTP_SECURITY_LABELS } from '../../../../domain/messages';
import { camelCaseKeys } from '../../../providers/case';
import type { AppDataProvider } from '../../../providers/dataProvider';
import type { MessageSettingsValues } from '../../../providers/messageCalls';

const S = 'resources.mensagens.settings';

type Field = keyof MessageSettingsValues;
const TEXT_FIELDS: Array<{ field: Field; type?: string; width?: number }> = [
  { field: 'smtpHost' },
  { field: 'smtpPort', type: 'number', width: 140 },
  { field: 'smtpUser' },
  { field: 'fromName' },
  { field: 'fromEmail', type: 'email' },
  { field: 'ratePerMinute', type: 'number', width: 200 },
];
const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export function EmailSettingsCard() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [values, setValues] = useState<MessageSettingsValues | null>(null);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [testTo, setTestTo] = useState('');
  const [testResult, setTestResult] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    dataProvider
      .getMessageSettings()
      .then(setValues, (failure: Error) => notify(failure.message, { type: 'error' }));
  }, [dataProvider, notify]);
  if (!values) return null;

  const set = (field: Field, value: unknown) => setValues({ ...values, [field]: value });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    try {
      const { smtpPasswordSet: _set, ...fields } = values;
      const saved = await dataProvider.saveMessageSettings({
        ...fields,
        smtpPort: Number(fields.smtpPort),
        ratePerMinute: Number(fields.ratePerMinute),
        ...(password ? { smtpPassword: password } : {}),
      });
      setValues(saved);
      setPassword('');
      notify(`${S}.saved`, { type: 'success' });
    } catch (failure) {
      const body = (failure as { body?: { errors?: Record<string, string> } }).body;
      if (body?.errors) setErrors(camelCaseKeys<Record<string, string>>(body.errors));
      notify((failure as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  const test = async () => {
    setTestResult(null);
    try {
      await dataProvider.sendTestEmail(testTo);
      setTestResult({ ok: true, text: translate(`${S}.tested`, { to: testTo }) });
    } catch (failure) {
      setTestResult({ ok: false, text: (failure as Error).message });
    }
  };
  const label = (field: Field) => translate(`${S}.${snake(field)}`);

  return (
    <Card component="section" aria-labelledby="church-email" sx={{ mt: 2, mb: { xs: 10, sm: 4 } }}>
      <CardContent component="form" onSubmit={submit} noValidate>
        <Typography id="church-email" variant="h6" component="h2" gutterBottom>
          {translate(`${S}.title`)}
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {translate(`${S}.explain`)}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2 }}>
          {TEXT_FIELDS.map(({ field, type, width }) => (
            <TextField
              key={field}
              name={snake(field)}
              type={type ?? 'text'}
              label={label(field)}
              value={values[field] ?? ''}
              onChange={(event) => set(field, event.target.value)}
              error={Boolean(errors[field])}
              helperText={errors[field] ?? ' '}
              margin="dense"
              sx={{ width: { xs: '100%', sm: width ?? 320 } }}
            />
          ))}
          <TextField
            select
            name="smtp_security"
            label={label('smtpSecurity')}
            value={values.smtpSecurity}
            onChange={(event) => set('smtpSecurity', event.target.value)}
            margin="dense"
            helperText=" "
            sx={{ width: { xs: '100%', sm: 320 } }}
          >
            {SMTP_SECURITY.map((option) => (
              <MenuItem key={option} value={option}>
                {SMTP_SECURITY_LABELS[option]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            name="smtp_password"
            type="password"
            autoComplete="new-password"
            label={label('smtpPassword')}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            helperText={values.smtpPasswordSet ? translate(`${S}.password_set`) : ' '}
            margin="dense"
            sx={{ width: { xs: '100%', sm: 320 } }}
          />
        </Stack>
        <FormControlLabel
          control={
            <Switch
              name="birthday_enabled"
              checked={values.birthdayEnabled}
              onChange={(event) => set('birthdayEnabled', event.target.checked)}
            />
          }
          label={label('birthdayEnabled')}
        />
        <TextField
          name="birthday_subject"
          label={label('birthdaySubject')}
          value={values.birthdaySubject}
          onChange={(event) => set('birthdaySubject', event.target.value)}
          error={Boolean(errors.birthdaySubject)}
          helperText={errors.birthdaySubject ?? ' '}
          fullWidth
          margin="dense"
        />
        <TextField
          name="birthday_body"
          label={label('birthdayBody')}
          value={values.birthdayBody}
          onChange={(event) => set('birthdayBody', event.target.value)}
          error={Boolean(errors.birthdayBody)}
          helperText={errors.birthdayBody ?? translate('resources.mensagens.fields_help')}
          fullWidth
          multiline
          minRows={4}
          margin="dense"
        />
        <Button type="submit" variant="contained" disabled={saving} sx={{ mt: 1 }}>
          {translate(`${S}.save`)}
        </Button>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 3 }}>
          <TextField
            name="test_to"
            type="email"
            size="small"
            label={translate(`${S}.test_to`)}
            value={testTo}
            onChange={(event) => setTestTo(event.target.value)}
            sx={{ width: { xs: '100%', sm: 320 } }}
          />
          <Button variant="outlined" onClick={test} disabled={!values.smtpHost}>
            {translate(`${S}.test`)}
          </Button>
        </Box>
        {testResult && (
          <Alert severity={testResult.ok ? 'success' : 'error'} role="status" sx={{ mt: 2 }}>
            {testResult.text}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

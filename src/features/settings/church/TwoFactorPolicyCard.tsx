import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, useEffect, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { GRACE_DAYS } from '../../../../domain/twoFactor';
import { camelCaseKeys } from '../../../providers/case';
import type { AppDataProvider, TwoFactorPolicyValues } from '../../../providers/dataProvider';

/**
 * The church's requirement of a second factor for admins and treasurers, with the grace period
 * a new user has to enrol (issue 22). Admins only, saved apart from the church's data.
 */
export function TwoFactorPolicyCard() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [values, setValues] = useState<TwoFactorPolicyValues | null>(null);
  const [days, setDays] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    dataProvider.getTwoFactorPolicy().then(
      (policy) => {
        setValues(policy);
        setDays(String(policy.twoFactorGraceDays));
      },
      (failure: Error) => notify(failure.message, { type: 'error' }),
    );
  }, [dataProvider, notify]);

  if (!values) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      const saved = await dataProvider.saveTwoFactorPolicy({
        ...values,
        twoFactorGraceDays: days.trim() === '' ? Number.NaN : Number(days),
      });
      setValues(saved);
      setDays(String(saved.twoFactorGraceDays));
      notify('resources.configuracoes/igreja.two_factor.saved', { type: 'success' });
    } catch (failure) {
      const body = (failure as { body?: { errors?: Record<string, string> } }).body;
      const fields = body?.errors && camelCaseKeys<Record<string, string>>(body.errors);
      setError(fields ? Object.values(fields).join(' ') : (failure as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      component="section"
      aria-labelledby="church-two-factor"
      sx={{ mt: 2, mb: { xs: 10, sm: 4 } }}
    >
      <CardContent component="form" onSubmit={submit} noValidate>
        <Typography id="church-two-factor" variant="h6" component="h2" gutterBottom>
          {translate('resources.configuracoes/igreja.two_factor.title')}
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {translate('resources.configuracoes/igreja.two_factor.explain')}
        </Typography>
        <FormControlLabel
          control={
            <Switch
              name="two_factor_required"
              checked={values.twoFactorRequired}
              onChange={(event) =>
                setValues({ ...values, twoFactorRequired: event.target.checked })
              }
            />
          }
          label={translate('resources.configuracoes/igreja.two_factor.required')}
        />
        <Box sx={{ maxWidth: 320 }}>
          <TextField
            name="two_factor_grace_days"
            type="number"
            label={translate('resources.configuracoes/igreja.two_factor.grace_days')}
            helperText={translate('resources.configuracoes/igreja.two_factor.grace_help')}
            value={days}
            onChange={(event) => setDays(event.target.value)}
            error={Boolean(error)}
            slotProps={{ htmlInput: { min: GRACE_DAYS.min, max: GRACE_DAYS.max, step: 1 } }}
            fullWidth
            margin="normal"
          />
        </Box>
        {error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <Button type="submit" variant="contained" disabled={saving}>
          {translate('resources.configuracoes/igreja.two_factor.save')}
        </Button>
      </CardContent>
    </Card>
  );
}

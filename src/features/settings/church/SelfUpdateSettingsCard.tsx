import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, useEffect, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import {
  SELF_UPDATE_DAYS,
  SELF_UPDATE_GROUP_KEYS,
  SELF_UPDATE_GROUP_LABELS,
  type SelfUpdateGroup,
} from '../../../../domain/selfUpdate';
import { camelCaseKeys } from '../../../providers/case';
import type { AppDataProvider } from '../../../providers/dataProvider';

const TEXTS = 'resources.membros/atualizacoes';

/**
 * The member's self-update (issue 28): how many days a link lives and which groups of fields a
 * member may change. Admins of the whole church, saved apart from the church's data.
 */
export function SelfUpdateSettingsCard() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [groups, setGroups] = useState<SelfUpdateGroup[] | null>(null);
  const [days, setDays] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    dataProvider.getSelfUpdateSettings().then(
      (settings) => {
        setGroups(settings.selfUpdateGroups);
        setDays(String(settings.selfUpdateDays));
      },
      (failure: Error) => notify(failure.message, { type: 'error' }),
    );
  }, [dataProvider, notify]);

  if (!groups) return null;

  const toggle = (group: SelfUpdateGroup, on: boolean) =>
    setGroups(on ? [...groups, group] : groups.filter((item) => item !== group));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      const saved = await dataProvider.saveSelfUpdateSettings({
        selfUpdateDays: days.trim() === '' ? Number.NaN : Number(days),
        selfUpdateGroups: groups,
      });
      setGroups(saved.selfUpdateGroups);
      setDays(String(saved.selfUpdateDays));
      notify(`${TEXTS}.settings_saved`, { type: 'success' });
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
      aria-labelledby="church-self-update"
      sx={{ mt: 2, mb: { xs: 10, sm: 4 } }}
    >
      <CardContent component="form" onSubmit={submit} noValidate>
        <Typography id="church-self-update" variant="h6" component="h2" gutterBottom>
          {translate(`${TEXTS}.settings_title`)}
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {translate(`${TEXTS}.settings_intro`)}
        </Typography>
        <Box sx={{ maxWidth: 320 }}>
          <TextField
            name="self_update_days"
            type="number"
            label={translate(`${TEXTS}.settings_days`)}
            value={days}
            onChange={(event) => setDays(event.target.value)}
            slotProps={{
              htmlInput: { min: SELF_UPDATE_DAYS.min, max: SELF_UPDATE_DAYS.max, step: 1 },
            }}
            fullWidth
            margin="normal"
          />
        </Box>
        <FormControl component="fieldset" sx={{ mt: 1, mb: 2, display: 'block' }}>
          <FormLabel component="legend">{translate(`${TEXTS}.settings_groups`)}</FormLabel>
          <FormGroup>
            {SELF_UPDATE_GROUP_KEYS.map((group) => (
              <FormControlLabel
                key={group}
                control={
                  <Checkbox
                    name={`self_update_groups.${group}`}
                    checked={groups.includes(group)}
                    onChange={(event) => toggle(group, event.target.checked)}
                  />
                }
                label={SELF_UPDATE_GROUP_LABELS[group]}
              />
            ))}
          </FormGroup>
        </FormControl>
        {error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <Button type="submit" variant="contained" disabled={saving}>
          {translate(`${TEXTS}.settings_save`)}
        </Button>
      </CardContent>
    </Card>
  );
}

import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import {
  Confirm,
  useDataProvider,
  useGetIdentity,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { formatBoolean } from '../../../../domain/formats';
import type { AppDataProvider } from '../../../providers/dataProvider';

/**
 * The user's second factor on the user's page (issue 22): whether it is on and, for another
 * user, the admin's reset (a lost phone) — the user then enrols again, with a new grace period.
 */
export function TwoFactorReset() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AppDataProvider>();
  const record = useRecordContext<{ id: number; name: string; twoFactorEnabled?: boolean }>();
  const { identity } = useGetIdentity();
  const [asking, setAsking] = useState(false);
  const [saving, setSaving] = useState(false);
  if (!record) return null;
  const self = identity?.id === record.id;

  const reset = async () => {
    setSaving(true);
    try {
      await dataProvider.resetTwoFactor(record.id);
      notify('resources.configuracoes/usuarios.two_factor_reset_done', {
        type: 'success',
        messageArgs: { name: record.name },
      });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
      setAsking(false);
    }
  };

  return (
    <Box component="section" aria-labelledby="user-two-factor" sx={{ mt: 2, width: '100%' }}>
      <Typography id="user-two-factor" variant="subtitle1" component="h2">
        {translate('resources.configuracoes/usuarios.fields.twoFactorEnabled')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {formatBoolean(record.twoFactorEnabled === true)}
        {self ? ` — ${translate('resources.configuracoes/usuarios.two_factor_self')}` : ''}
      </Typography>
      {!self && (
        <Button variant="outlined" onClick={() => setAsking(true)} disabled={saving}>
          {translate('resources.configuracoes/usuarios.two_factor_reset')}
        </Button>
      )}
      <Confirm
        isOpen={asking}
        loading={saving}
        title="resources.configuracoes/usuarios.two_factor_reset"
        content="resources.configuracoes/usuarios.two_factor_reset_content"
        translateOptions={{ name: record.name }}
        onConfirm={reset}
        onClose={() => setAsking(false)}
      />
    </Box>
  );
}

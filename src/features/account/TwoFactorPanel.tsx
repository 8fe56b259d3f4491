import { Alert, Box, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { formatDateTime } from '../../../domain/formats';
import type { TwoFactorEnrolment } from '../../providers/authProvider';
import type { AppDataProvider, TwoFactorState } from '../../providers/dataProvider';
import { saveTwoFactorEnabled } from '../../providers/session';
import { EnrolmentSteps } from '../../ui/twoFactor/EnrolmentSteps';
import { RecoveryCodes } from '../../ui/twoFactor/RecoveryCodes';
import { PasswordAndCodeDialog } from './PasswordAndCodeDialog';

type Stage =
  | { kind: 'status' }
  | { kind: 'enrolling'; enrolment: TwoFactorEnrolment }
  | { kind: 'codes'; codes: string[]; notice?: string };

/** The account screen's second factor: its state, the enrolment, turning it off. */
export function TwoFactorPanel() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [status, setStatus] = useState<TwoFactorState | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'status' });
  const [asking, setAsking] = useState<'disable' | 'renew' | null>(null);
  const [starting, setStarting] = useState(false);

  useEffect(() => {
    dataProvider
      .getTwoFactor()
      .then(setStatus, (error: Error) => notify(error.message, { type: 'error' }));
  }, [dataProvider, notify]);

  /** The app bar's reminder reads the stored user through getIdentity. */
  const changed = (enabled: boolean) => {
    saveTwoFactorEnabled(enabled);
    void queryClient.invalidateQueries({ queryKey: ['auth', 'getIdentity'] });
  };

  const start = async () => {
    setStarting(true);
    try {
      setStage({ kind: 'enrolling', enrolment: await dataProvider.startTwoFactor() });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setStarting(false);
    }
  };

  let content;
  if (stage.kind === 'enrolling') {
    content = (
      <EnrolmentSteps
        enrolment={stage.enrolment}
        confirm={async (code) => {
          const answer = await dataProvider.confirmTwoFactor(code);
          setStatus(answer.status);
          changed(true);
          setStage({ kind: 'codes', codes: answer.recoveryCodes });
        }}
        onCancel={() => setStage({ kind: 'status' })}
      />
    );
  } else if (stage.kind === 'codes') {
    content = (
      <RecoveryCodes
        codes={stage.codes}
        notice={stage.notice}
        onDone={() => setStage({ kind: 'status' })}
      />
    );
  } else if (!status) {
    content = <CircularProgress aria-label={translate('ra.page.loading')} />;
  } else if (status.enabled) {
    content = (
      <>
        <Alert severity="success" sx={{ mb: 2 }}>
          {translate('adam.account.enabled_since', {
            date: formatDateTime(status.enabledAt ?? ''),
          })}{' '}
          {translate('adam.account.codes_left', { smart_count: status.recoveryCodesLeft })}
        </Alert>
        {status.required && (
          <Typography variant="body2" sx={{ mb: 2 }}>
            {translate('adam.account.required_keep')}
          </Typography>
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={() => setAsking('renew')}>
            {translate('adam.account.renew')}
          </Button>
          {!status.required && (
            <Button variant="outlined" color="error" onClick={() => setAsking('disable')}>
              {translate('adam.account.disable')}
            </Button>
          )}
        </Box>
      </>
    );
  } else {
    content = (
      <>
        {status.required && status.deadline && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {translate('adam.account.required_until', {
              date: formatDateTime(status.deadline),
            })}
          </Alert>
        )}
        <Typography variant="body2" sx={{ mb: 2 }}>
          {translate('adam.account.explain')}
        </Typography>
        <Button
          variant="contained"
          onClick={start}
          disabled={starting}
          startIcon={starting ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {translate('adam.account.enable')}
        </Button>
      </>
    );
  }

  return (
    <Card component="section" aria-labelledby="account-two-factor">
      <CardContent>
        <Typography id="account-two-factor" variant="h6" component="h2" gutterBottom>
          {translate('adam.two_factor.title')}
        </Typography>
        <Box>{content}</Box>
      </CardContent>
      <PasswordAndCodeDialog
        open={asking === 'disable'}
        title="adam.account.disable_title"
        explain="adam.account.disable_explain"
        submit="adam.account.disable"
        danger
        act={(data) => dataProvider.disableTwoFactor(data)}
        onClose={() => setAsking(null)}
        onDone={(next) => {
          setStatus(next);
          changed(false);
          setAsking(null);
          notify('adam.account.disabled', { type: 'info' });
        }}
      />
      <PasswordAndCodeDialog
        open={asking === 'renew'}
        title="adam.account.renew"
        explain="adam.account.renew_explain"
        submit="adam.account.renew_submit"
        act={(data) => dataProvider.renewRecoveryCodes(data)}
        onClose={() => setAsking(null)}
        onDone={(answer) => {
          setStatus(answer.status);
          setAsking(null);
          setStage({
            kind: 'codes',
            codes: answer.recoveryCodes,
            notice: 'adam.two_factor.codes_renewed',
          });
        }}
      />
    </Card>
  );
}

import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useLogin, useTranslate } from 'react-admin';
import { usePublicChurch } from '../../providers/usePublicChurch';
import { SignInError, type TwoFactorEnrolment, setUpTwoFactor } from '../../providers/authProvider';
import { DASHBOARD_PATH } from '../../routing/paths';
import { EnrolmentSteps } from '../../ui/twoFactor/EnrolmentSteps';
import { OneTimeCodeField } from '../../ui/twoFactor/OneTimeCodeField';
import { CurrentPasswordField } from '../../ui/PasswordField';
import { RecoveryCodes } from '../../ui/twoFactor/RecoveryCodes';

/**
 * The sign-in's steps: e-mail and password; then, when the server asks (issue 22), the second
 * factor's code — or, past the church's grace period, its setup and the recovery codes.
 */
type Step =
  | { kind: 'credentials' }
  | { kind: 'code'; recovery: boolean }
  | { kind: 'setup'; enrolment: TwoFactorEnrolment | null }
  | { kind: 'codes'; codes: string[] };

export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const { data: church } = usePublicChurch();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'credentials' });
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const credentials = () => ({ email: email.trim(), password });

  const startSetup = async (message: string) => {
    setNotice(message);
    setStep({ kind: 'setup', enrolment: null });
    try {
      setStep({ kind: 'setup', enrolment: await setUpTwoFactor(credentials()) });
    } catch (failure) {
      setStep({ kind: 'credentials' });
      setNotice(null);
      setError((failure as Error).message);
    }
  };

  const signIn = async (otpCode?: string) => {
    setLoading(true);
    try {
      await login({ ...credentials(), otpCode });
    } catch (failure) {
      setLoading(false);
      const message = (failure as Error)?.message || translate('ra.auth.sign_in_error');
      const needs = failure instanceof SignInError ? failure.needs : null;
      if (needs === 'setup') return startSetup(message);
      if (needs === 'code' && step.kind === 'credentials') {
        // The first answer only says a code is needed: the next step asks for it, no error.
        setStep({ kind: 'code', recovery: false });
        return;
      }
      setError(message);
    }
  };

  const submitCredentials = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!email.trim() || !password) {
      setError(translate('adam.login.required'));
      return;
    }
    void signIn();
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!code.trim()) {
      setError(translate('adam.two_factor.code_missing'));
      return;
    }
    void signIn(code.trim());
  };

  const backToStart = () => {
    setStep({ kind: 'credentials' });
    setCode('');
    setError(null);
    setNotice(null);
  };

  const submitButton = (label: string) => (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      disabled={loading}
      sx={{ mt: 2 }}
      startIcon={loading ? <CircularProgress size={18} color="inherit" /> : undefined}
    >
      {label}
    </Button>
  );

  const errorAlert = error && (
    <Alert severity="error" sx={{ mb: 2 }} role="alert">
      {error}
    </Alert>
  );

  let body: ReactNode;
  if (step.kind === 'credentials') {
    body = (
      <form onSubmit={submitCredentials} noValidate>
        {errorAlert}
        <TextField
          name="email"
          type="email"
          label={translate('adam.login.email')}
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          fullWidth
          autoFocus
          margin="normal"
        />
        <CurrentPasswordField value={password} onChange={setPassword} plain />
        {submitButton(translate('ra.auth.sign_in'))}
      </form>
    );
  } else if (step.kind === 'code') {
    const { recovery } = step;
    body = (
      <form onSubmit={submitCode} noValidate>
        <StepTitle>{translate('adam.two_factor.title')}</StepTitle>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {translate(recovery ? 'adam.login.recovery_intro' : 'adam.login.code_intro')}
        </Typography>
        <OneTimeCodeField
          key={recovery ? 'recovery' : 'code'}
          value={code}
          onChange={setCode}
          kind={recovery ? 'recovery' : 'totp'}
          error={error}
          autoFocus
        />
        {submitButton(translate('ra.auth.sign_in'))}
        <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', mt: 1 }}>
          <Button onClick={backToStart}>{translate('ra.action.back')}</Button>
          <Button
            onClick={() => {
              setCode('');
              setError(null);
              setStep({ kind: 'code', recovery: !recovery });
            }}
          >
            {translate(recovery ? 'adam.login.use_app_code' : 'adam.login.use_recovery_code')}
          </Button>
        </Box>
      </form>
    );
  } else if (step.kind === 'setup') {
    body = (
      <>
        <StepTitle>{translate('adam.login.setup_title')}</StepTitle>
        {notice && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {notice}
          </Alert>
        )}
        {step.enrolment ? (
          <EnrolmentSteps
            enrolment={step.enrolment}
            confirm={async (otpCode) => {
              const codes = await setUpTwoFactor({ ...credentials(), otpCode });
              setStep({ kind: 'codes', codes });
            }}
            onCancel={backToStart}
          />
        ) : (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
            <CircularProgress aria-label={translate('ra.page.loading')} />
          </Box>
        )}
      </>
    );
  } else {
    body = (
      <>
        <StepTitle>{translate('adam.two_factor.codes_title')}</StepTitle>
        <RecoveryCodes codes={step.codes} onDone={() => window.location.assign(DASHBOARD_PATH)} />
      </>
    );
  }

  const wide = step.kind === 'setup' || step.kind === 'codes';
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'background.default',
        backgroundImage: (theme) =>
          `linear-gradient(160deg, ${theme.palette.primary.main} 0%, ${theme.palette.primary.dark} 45%, transparent 45%)`,
        p: 2,
      }}
    >
      <Card sx={{ width: '100%', maxWidth: wide ? 520 : 400 }} elevation={4}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', mb: 3 }}>
            {church?.logo ? (
              <Avatar src={church.logo} alt="" sx={{ width: 72, height: 72, mb: 1 }} />
            ) : (
              <Avatar sx={{ bgcolor: 'primary.main', width: 56, height: 56, mb: 1 }}>
                <LockOutlinedIcon />
              </Avatar>
            )}
            <Typography variant="h5" component="h1" align="center">
              {church?.name ?? 'Adam'}
            </Typography>
            <Typography variant="body2" color="textSecondary" align="center">
              {translate('adam.login.subtitle')}
            </Typography>
          </Box>
          {body}
        </CardContent>
      </Card>
    </Box>
  );
}

function StepTitle({ children }: { children: ReactNode }) {
  return (
    <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
      {children}
    </Typography>
  );
}

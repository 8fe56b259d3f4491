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
import { type FormEvent, useState } from 'react';
import { useLogin, useTranslate } from 'react-admin';
import { usePublicChurch } from '../../layout/useChurch';

export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const { data: church } = usePublicChurch();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!email.trim() || !password) {
      setError(translate('adam.login.required'));
      return;
    }
    setLoading(true);
    try {
      await login({ email: email.trim(), password });
    } catch (failure) {
      setError((failure as Error)?.message || translate('ra.auth.sign_in_error'));
      setLoading(false);
    }
  };

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
      <Card sx={{ width: '100%', maxWidth: 400 }} elevation={4}>
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
          <form onSubmit={submit} noValidate>
            {error && (
              <Alert severity="error" sx={{ mb: 2 }} role="alert">
                {error}
              </Alert>
            )}
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
            <TextField
              name="password"
              type="password"
              label={translate('ra.auth.password')}
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              fullWidth
              margin="normal"
            />
            <Button
              type="submit"
              variant="contained"
              size="large"
              fullWidth
              disabled={loading}
              sx={{ mt: 2 }}
              startIcon={loading ? <CircularProgress size={18} color="inherit" /> : undefined}
            >
              {translate('ra.auth.sign_in')}
            </Button>
          </form>
        </CardContent>
      </Card>
    </Box>
  );
}

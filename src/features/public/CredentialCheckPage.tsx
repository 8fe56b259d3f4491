import CancelIcon from '@mui/icons-material/Cancel';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import ScheduleIcon from '@mui/icons-material/Schedule';
import VerifiedIcon from '@mui/icons-material/Verified';
import {
  Alert,
  Avatar,
  Box,
  Card,
  CardContent,
  CircularProgress,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import type { CredentialState } from '../../../domain/credentials';
import { formatDate, formatDateTime } from '../../../domain/formats';
import { PublicShell } from './PublicShell';

const LOOK: Record<
  CredentialState,
  { color: 'success' | 'warning' | 'error'; icon: typeof VerifiedIcon }
> = {
  valid: { color: 'success', icon: VerifiedIcon },
  expired: { color: 'warning', icon: ScheduleIcon },
  revoked: { color: 'error', icon: CancelIcon },
};

/**
 * /credencial/{code}: what the card's QR code opens, without login. Only what the card itself
 * shows: name, photo, position, validity and whether it is valid (LGPD); for a revoked or
 * expired card, only the name and that it is not valid (the server sends nothing more).
 */
export default function CredentialCheckPage() {
  const translate = useTranslate();
  const { code = '' } = useParams();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data, isPending, error } = useQuery({
    queryKey: ['public', 'credential', code],
    queryFn: () => dataProvider.publicCredential(code),
    retry: false,
  });
  const notFound = (error as { status?: number } | null)?.status === 404;

  let content;
  if (isPending) {
    content = (
      <Box sx={{ textAlign: 'center', py: 6 }}>
        <CircularProgress />
      </Box>
    );
  } else if (error || !data) {
    content = (
      <Box sx={{ textAlign: 'center', py: 4 }} role="alert">
        <HelpOutlineIcon sx={{ fontSize: 64, color: 'text.secondary' }} />
        <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
          {notFound
            ? translate('adam.credential_check.not_found')
            : (error as Error | null)?.message}
        </Typography>
        <Typography color="textSecondary" sx={{ mt: 1 }}>
          {translate('adam.credential_check.not_found_help')}
        </Typography>
      </Box>
    );
  } else {
    const look = LOOK[data.status];
    const Icon = look.icon;
    content = (
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }}>
        <Alert
          severity={look.color}
          icon={<Icon fontSize="inherit" />}
          sx={{ width: '100%', justifyContent: 'center', fontSize: '1.15rem', fontWeight: 500 }}
          role="status"
        >
          {translate(`adam.credential_check.${data.status}`)}
        </Alert>
        {data.status === 'valid' && (
          <Avatar
            src={data.photo ?? undefined}
            alt=""
            sx={{ width: 144, height: 144, fontSize: 48 }}
          >
            {data.name[0]}
          </Avatar>
        )}
        <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {data.name}
        </Typography>
        {data.status === 'valid' ? (
          <>
            {data.position && (
              <Typography color="textSecondary">
                {translate('adam.credential_check.position')}: {data.position}
              </Typography>
            )}
            <Typography sx={{ fontWeight: 500 }}>
              {translate('adam.credential_check.valid_until', {
                date: formatDate(data.expiresOn),
              })}
            </Typography>
          </>
        ) : (
          <Typography color="textSecondary">
            {translate(`adam.credential_check.${data.status}_help`)}
          </Typography>
        )}
        <Typography variant="caption" color="textSecondary">
          {translate('adam.credential_check.checked_at', {
            datetime: formatDateTime(new Date()),
          })}
        </Typography>
      </Stack>
    );
  }

  return (
    <PublicShell title={translate('adam.credential_check.title')}>
      <Card sx={{ maxWidth: 480, mx: 'auto' }}>
        <CardContent>{content}</CardContent>
      </Card>
    </PublicShell>
  );
}

import { Alert, Box, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { PublicShell } from './PublicShell';

/**
 * /descadastrar/{token}: the link at the foot of every message (issue 28). Without login, it
 * names only the person's first name and the church, and records that they want no more
 * messages: the queue skips them from then on.
 */
export default function UnsubscribePage() {
  const translate = useTranslate();
  const { token = '' } = useParams();
  const dataProvider = useDataProvider<AppDataProvider>();
  const info = useQuery({
    queryKey: ['public', 'unsubscribe', token],
    queryFn: () => dataProvider.unsubscribeInfo(token),
    retry: false,
  });
  const confirm = useMutation({ mutationFn: () => dataProvider.unsubscribe(token) });
  const T = 'adam.unsubscribe';

  let content;
  if (info.isPending) {
    content = (
      <Box sx={{ textAlign: 'center', py: 6 }}>
        <CircularProgress />
      </Box>
    );
  } else if (info.error || !info.data) {
    const notFound = (info.error as { status?: number } | null)?.status === 404;
    content = (
      <Box role="alert" sx={{ py: 2 }}>
        <Typography variant="h5" component="h1">
          {notFound ? translate(`${T}.not_found`) : (info.error as Error | null)?.message}
        </Typography>
        <Typography color="textSecondary" sx={{ mt: 1 }}>
          {translate(`${T}.not_found_help`)}
        </Typography>
      </Box>
    );
  } else if (info.data.unsubscribed || confirm.isSuccess) {
    content = (
      <Box sx={{ py: 2 }}>
        <Alert severity="success" role="status">
          {translate(`${T}.done`, { church: info.data.church })}
        </Alert>
        <Typography color="textSecondary" sx={{ mt: 2 }}>
          {translate(`${T}.done_help`)}
        </Typography>
      </Box>
    );
  } else {
    content = (
      <Box sx={{ py: 2 }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {translate(`${T}.title`)}
        </Typography>
        <Typography sx={{ mb: 2 }}>
          {translate(`${T}.question`, { name: info.data.firstName, church: info.data.church })}
        </Typography>
        {confirm.error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {confirm.error.message}
          </Alert>
        )}
        <Button variant="contained" onClick={() => confirm.mutate()} disabled={confirm.isPending}>
          {translate(`${T}.confirm`)}
        </Button>
      </Box>
    );
  }
  return (
    <PublicShell title={translate(`${T}.title`)}>
      <Card sx={{ maxWidth: 480, mx: 'auto' }}>
        <CardContent>{content}</CardContent>
      </Card>
    </PublicShell>
  );
}

// How many check-ins wait on this phone for a connection, and "Enviar agora" (useCheckinQueue).
import { Alert, Button } from '@mui/material';
import { useTranslate } from 'react-admin';

const T = 'adam.church_life';

export function CheckinQueueAlert({ waiting, send }: { waiting: number; send: () => void }) {
  const translate = useTranslate();
  if (waiting === 0) return null;
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={send}>
          {translate(`${T}.send_now`)}
        </Button>
      }
    >
      {translate(`${T}.queue_waiting`, { smart_count: waiting })}
    </Alert>
  );
}

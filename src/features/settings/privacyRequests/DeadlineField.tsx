import { Chip, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatDate } from '../../../../domain/formats';
import type { PrivacyRequest } from './types';

const P = 'resources.configuracoes/pedidos-lgpd.deadline';

/**
 * The deadline (received + 15 days) and, for an open request, where it stands: past it (red),
 * 3 days or fewer from it (amber), or in time.
 */
export function DeadlineField({ request }: { request: PrivacyRequest }) {
  const translate = useTranslate();
  const { deadlineState: state, daysLeft } = request;
  const days = Math.abs(daysLeft ?? 0);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
      <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
        {formatDate(request.dueOn)}
      </Typography>
      {state === 'overdue' && (
        <Chip size="small" color="error" label={translate(`${P}.overdue`, { smart_count: days })} />
      )}
      {state === 'near' && (
        <Chip
          size="small"
          color="warning"
          label={
            daysLeft === 0 ? translate(`${P}.today`) : translate(`${P}.near`, { smart_count: days })
          }
        />
      )}
    </Stack>
  );
}

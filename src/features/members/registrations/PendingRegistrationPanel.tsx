import HowToRegIcon from '@mui/icons-material/HowToReg';
import { Card, CardContent, Stack, Typography } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { useGetOne, useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime } from '../../../../domain/formats';
import { paths } from '../../../routing/paths';
import type { DuplicateReason } from '../../../../domain/registration';
import { useCanWrite } from '../../../routing/useCanWrite';
import { DuplicateWarning } from './DuplicateWarning';
import { ReviewButtons } from './ReviewButtons';

interface PendingMember {
  id: number;
  name: string;
  status: string;
  consentAt?: string | null;
  consentVersion?: string | null;
  guardianName?: string | null;
  duplicateOf?: number | null;
  duplicateReason?: DuplicateReason | null;
}

/** On a pending member's page: the consent, a possible duplicate, approve and reject. */
export function PendingRegistrationPanel() {
  const member = useRecordContext<PendingMember>();
  const translate = useTranslate();
  const navigate = useNavigate();
  const reviewer = useCanWrite('membros/pendentes');
  const pending = member?.status === 'pending' && reviewer;
  const { data: original } = useGetOne<{ id: number; name: string }>(
    'membros',
    { id: member?.duplicateOf ?? 0 },
    { enabled: Boolean(pending && member?.duplicateOf) },
  );
  if (!member || !pending) return null;

  return (
    <Card component="section" sx={{ borderLeft: 4, borderColor: 'warning.main' }}>
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <HowToRegIcon color="warning" />
            <Typography variant="h6" component="h2">
              {translate('resources.membros/pendentes.name', { smart_count: 1 })}
            </Typography>
          </Stack>
          <ReviewButtons
            registration={member}
            prominent
            onRejected={() => navigate(paths.list('membros/pendentes'))}
          />
        </Stack>
        {member.consentAt && (
          <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
            {translate('resources.membros/pendentes.consent', {
              datetime: formatDateTime(member.consentAt),
              version: member.consentVersion ?? '',
            })}
          </Typography>
        )}
        {member.guardianName && (
          <Typography variant="body2" color="textSecondary">
            {translate('resources.membros/pendentes.guardian', { name: member.guardianName })}
          </Typography>
        )}
        {member.duplicateOf && (
          <DuplicateWarning
            id={member.duplicateOf}
            name={original?.name}
            reason={member.duplicateReason ?? null}
          />
        )}
      </CardContent>
    </Card>
  );
}

import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import { Card, CardContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Confirm, useGetOne, useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime } from '../domain/formats';
import { paths } from '../domain/paths';
import type { DuplicateReason } from '../domain/registration';
import { canWrite } from '../routing/useCanWrite';
import { DuplicateWarning } from './DuplicateWarning';
import { useReview } from './useReview';

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
  const { review, busy } = useReview();
  const [confirming, setConfirming] = useState(false);
  const pending = member?.status === 'pending' && canWrite('membros/pendentes');
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
          <Stack direction="row" spacing={1}>
            <Button
              label="resources.membros/pendentes.approve"
              variant="contained"
              color="success"
              disabled={busy}
              onClick={() => review(member, 'approve')}
            >
              <CheckIcon />
            </Button>
            <Button
              label="resources.membros/pendentes.reject"
              color="error"
              disabled={busy}
              onClick={() => setConfirming(true)}
            >
              <CloseIcon />
            </Button>
          </Stack>
        </Stack>
        {member.consentAt && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate('resources.membros/pendentes.consent', {
              datetime: formatDateTime(member.consentAt),
              version: member.consentVersion ?? '',
            })}
          </Typography>
        )}
        {member.guardianName && (
          <Typography variant="body2" color="text.secondary">
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
      <Confirm
        isOpen={confirming}
        title="resources.membros/pendentes.reject_title"
        content="resources.membros/pendentes.reject_content"
        translateOptions={{ name: member.name }}
        confirm="resources.membros/pendentes.reject"
        confirmColor="warning"
        onConfirm={async () => {
          setConfirming(false);
          if (await review(member, 'reject')) navigate(paths.list('membros/pendentes'));
        }}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}

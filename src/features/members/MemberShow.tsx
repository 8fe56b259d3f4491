import { Stack } from '@mui/material';
import { Show } from 'react-admin';
import { ShowActions } from '../../routing/links';
import { useReadsWhole } from '../../routing/useReadsWhole';
import { MemberCustomFieldValues } from './MemberCustomFieldValues';
import {
  MemberChurchDetails,
  MemberContactDetails,
  MemberPersonalDetails,
  MemberRecordDetails,
} from './MemberDetails';
import { MemberHeader } from './MemberHeader';
import { MemberHistoryPanel } from './MemberHistoryPanel';
import { MemberMovesPanel } from './MemberMovesPanel';
import { MemberConsentPanel } from './consents/MemberConsentPanel';
import { MemberCredentialsPanel } from './credentials/MemberCredentialsPanel';
import { MemberLettersPanel } from './letters/MemberLettersPanel';
import { PendingRegistrationPanel } from './registrations/PendingRegistrationPanel';

/**
 * /membros/{id}: every field, formatted (SPEC §5); "Editar" only for secretary access. Without
 * it the server answers the reduced record (issue 13): the header, the congregation, position and
 * departments, and the custom fields visible to every role — no section left empty.
 */
export default function MemberShow() {
  const whole = useReadsWhole();
  return (
    <Show actions={<ShowActions />} component="div">
      <Stack spacing={2} sx={{ pb: 2 }}>
        <MemberHeader />
        <PendingRegistrationPanel />
        {whole && <MemberPersonalDetails />}
        {whole && <MemberContactDetails />}
        <MemberChurchDetails whole={whole} />
        <MemberCustomFieldValues whole={whole} />
        <MemberCredentialsPanel />
        <MemberLettersPanel />
        {whole && <MemberMovesPanel />}
        {whole && <MemberConsentPanel />}
        {whole && <MemberRecordDetails />}
        {whole && <MemberHistoryPanel />}
      </Stack>
    </Show>
  );
}

import { Stack } from '@mui/material';
import { Show } from 'react-admin';
import { ShowActions } from '../../routing/links';
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
import { MemberCredentialsPanel } from './credentials/MemberCredentialsPanel';
import { MemberLettersPanel } from './letters/MemberLettersPanel';
import { PendingRegistrationPanel } from './registrations/PendingRegistrationPanel';

/** /membros/{id}: every field, formatted (SPEC §5); "Editar" only for secretary access. */
export default function MemberShow() {
  return (
    <Show actions={<ShowActions />} component="div">
      <Stack spacing={2} sx={{ pb: 2 }}>
        <MemberHeader />
        <PendingRegistrationPanel />
        <MemberPersonalDetails />
        <MemberContactDetails />
        <MemberChurchDetails />
        <MemberCustomFieldValues />
        <MemberCredentialsPanel />
        <MemberLettersPanel />
        <MemberMovesPanel />
        <MemberRecordDetails />
        <MemberHistoryPanel />
      </Stack>
    </Show>
  );
}

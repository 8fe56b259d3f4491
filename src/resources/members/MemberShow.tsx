import { Stack } from '@mui/material';
import { Show, TopToolbar } from 'react-admin';
import { EditPathButton } from '../../routing/links';
import { useCanWrite } from '../../routing/useCanWrite';
import { MemberCustomFieldValues } from './MemberCustomFieldValues';
import {
  MemberChurchDetails,
  MemberContactDetails,
  MemberPersonalDetails,
  MemberRecordDetails,
} from './MemberDetails';
import { MemberHeader } from './MemberHeader';
import { MemberCredentialsPanel } from '../../credentials/MemberCredentialsPanel';
import { MemberLettersPanel } from '../../letters/MemberLettersPanel';
import { PendingRegistrationPanel } from '../../registrations/PendingRegistrationPanel';

function MemberShowActions() {
  const writable = useCanWrite();
  return <TopToolbar>{writable && <EditPathButton />}</TopToolbar>;
}

/** /membros/{id}: every field, formatted (SPEC §5); "Editar" only for secretary access. */
export default function MemberShow() {
  return (
    <Show actions={<MemberShowActions />} component="div">
      <Stack spacing={2} sx={{ pb: 2 }}>
        <MemberHeader />
        <PendingRegistrationPanel />
        <MemberPersonalDetails />
        <MemberContactDetails />
        <MemberChurchDetails />
        <MemberCustomFieldValues />
        <MemberCredentialsPanel />
        <MemberLettersPanel />
        <MemberRecordDetails />
      </Stack>
    </Show>
  );
}

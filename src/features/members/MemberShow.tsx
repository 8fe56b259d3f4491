import { Stack } from '@mui/material';
import { Show, TopToolbar, useRecordContext } from 'react-admin';
import { EditPathButton } from '../../ui/links';
import { useCanWrite } from '../../routing/useCanWrite';
import { useRecordQueryOptions } from '../../routing/useRecordQueryOptions';
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
import { FamilyPanel } from './family/FamilyPanel';
import { MemberCredentialsPanel } from './credentials/MemberCredentialsPanel';
import { MemberLettersPanel } from './letters/MemberLettersPanel';
import { MemberMilestonesPanel } from './milestones/MemberMilestonesPanel';
import { PendingRegistrationPanel } from './registrations/PendingRegistrationPanel';
import { MemberSelfUpdatePanel } from './selfUpdates/MemberSelfUpdatePanel';
import { SubjectRightsPanel } from './subjectRights/SubjectRightsPanel';
import type { Member } from './types';

/** "Editar" for those who may write members, unless the member was anonymized (issue 13). */
function MemberShowActions() {
  const member = useRecordContext<Member>();
  const writable = useCanWrite();
  return <TopToolbar>{writable && !member?.anonymizedAt && <EditPathButton />}</TopToolbar>;
}

/**
 * /membros/{id}: every field, formatted (SPEC §5); "Editar" only for secretary access. Without
 * it the server answers the reduced record (issue 13): the header, the congregation, position and
 * departments, and the custom fields visible to every role — no section left empty. The data
 * subject's rights (export, anonymization) sit under the consent.
 */
export default function MemberShow() {
  const whole = useReadsWhole();
  const queryOptions = useRecordQueryOptions();
  return (
    <Show actions={<MemberShowActions />} component="div" queryOptions={queryOptions}>
      <Stack spacing={2} sx={{ pb: 2 }}>
        <MemberHeader />
        <PendingRegistrationPanel />
        {whole && <MemberPersonalDetails />}
        {whole && <MemberContactDetails />}
        <MemberChurchDetails whole={whole} />
        <MemberCustomFieldValues whole={whole} />
        {whole && <FamilyPanel />}
        <MemberMilestonesPanel />
        <MemberCredentialsPanel />
        <MemberLettersPanel />
        {whole && <MemberMovesPanel />}
        {whole && <MemberConsentPanel />}
        {whole && <MemberSelfUpdatePanel />}
        {whole && <SubjectRightsPanel />}
        {whole && <MemberRecordDetails />}
        {whole && <MemberHistoryPanel />}
      </Stack>
    </Show>
  );
}

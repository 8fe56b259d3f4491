import { Edit } from 'react-admin';
import { redirectToList } from '../../../ui/links';
import { FormToolbar } from '../../../ui/FormToolbar';
import { SimpleForm } from '../../../ui/forms';
import { PrivacyRequestInputs } from './PrivacyRequestInputs';
import type { PrivacyRequest } from './types';

/**
 * Only what the admin edits goes back (the deadline and its state are the server's). Another
 * member chosen while the holder's name is still the old member's: the server names the new one.
 */
const payload = (
  {
    kind,
    memberId,
    holderName,
    holderContact,
    receivedOn,
    status,
    answer,
    answeredOn,
  }: PrivacyRequest,
  options?: { previousData?: PrivacyRequest },
) => {
  const before = options?.previousData;
  const memberChanged = before !== undefined && before.memberId !== memberId;
  return {
    kind,
    memberId,
    holderName: memberChanged && holderName === before.memberName ? null : holderName,
    holderContact,
    receivedOn,
    status,
    answer,
    answeredOn: status === 'answered' || status === 'refused' ? answeredOn : null,
  };
};

/** No delete: the register keeps every request received. */
export default function PrivacyRequestEdit() {
  return (
    <Edit redirect={redirectToList} mutationMode="pessimistic" transform={payload} actions={false}>
      <SimpleForm toolbar={<FormToolbar />}>
        <PrivacyRequestInputs />
      </SimpleForm>
    </Edit>
  );
}

import { Edit } from 'react-admin';
import { redirectToList } from '../../../routing/links';
import { FormToolbar } from '../../../ui/FormToolbar';
import { SimpleForm } from '../../../ui/forms';
import { PrivacyRequestInputs } from './PrivacyRequestInputs';
import type { PrivacyRequest } from './types';

/** Only what the admin edits goes back (the deadline and its state are the server's). */
const payload = ({
  kind,
  memberId,
  holderName,
  holderContact,
  receivedOn,
  status,
  answer,
  answeredOn,
}: PrivacyRequest) => ({
  kind,
  memberId,
  holderName,
  holderContact,
  receivedOn,
  status,
  answer,
  answeredOn: status === 'answered' || status === 'refused' ? answeredOn : null,
});

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

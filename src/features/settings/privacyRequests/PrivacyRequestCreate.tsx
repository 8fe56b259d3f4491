import { Create } from 'react-admin';
import { todayIso } from '../../../../domain/dates';
import { redirectToList } from '../../../ui/links';
import { FormToolbar } from '../../../ui/FormToolbar';
import { SimpleForm } from '../../../ui/forms';
import { PrivacyRequestInputs } from './PrivacyRequestInputs';

export default function PrivacyRequestCreate() {
  return (
    <Create redirect={redirectToList}>
      <SimpleForm
        toolbar={<FormToolbar />}
        defaultValues={{ receivedOn: todayIso(), status: 'open' }}
      >
        <PrivacyRequestInputs />
      </SimpleForm>
    </Create>
  );
}

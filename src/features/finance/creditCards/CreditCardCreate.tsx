import { Create } from 'react-admin';
import { SimpleForm } from '../../../ui/forms';
import { redirectToList } from '../../../ui/links';
import { FormToolbar } from '../../../ui/FormToolbar';
import { CreditCardInputs } from './CreditCardInputs';

export default function CreditCardCreate() {
  return (
    <Create redirect={redirectToList}>
      <SimpleForm defaultValues={{ active: true, limitCents: 0 }} toolbar={<FormToolbar />}>
        <CreditCardInputs />
      </SimpleForm>
    </Create>
  );
}

import { Edit } from 'react-admin';
import { SimpleForm } from '../../../ui/forms';
import { redirectToList } from '../../../ui/links';
import { FormToolbar } from '../../../ui/FormToolbar';
import { CreditCardInputs } from './CreditCardInputs';
import { cardPayload } from './types';

/** No detail page (SPEC §2): the list shows the invoice, this form the card's data. */
export default function CreditCardEdit() {
  return (
    <Edit
      redirect={redirectToList}
      mutationMode="pessimistic"
      transform={cardPayload}
      actions={false}
    >
      <SimpleForm toolbar={<FormToolbar deletable />}>
        <CreditCardInputs />
      </SimpleForm>
    </Edit>
  );
}

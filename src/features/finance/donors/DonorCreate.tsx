import { Create } from 'react-admin';
import { SimpleForm } from '../../../ui/forms';
import { donorSchema } from '../../../../domain/finance/schemas';
import { redirectToShow } from '../../../ui/links';
import { FormToolbar } from '../../../ui/FormToolbar';
import { PartyInputs } from '../parties/PartyInputs';
import { partyPayload } from '../parties/types';

export default function DonorCreate() {
  return (
    <Create redirect={redirectToShow} transform={partyPayload}>
      <SimpleForm defaultValues={{ personType: 'person' }} toolbar={<FormToolbar />}>
        <PartyInputs schema={donorSchema} party="donor" />
      </SimpleForm>
    </Create>
  );
}

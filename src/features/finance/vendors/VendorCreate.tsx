import { Create } from 'react-admin';
import { SimpleForm } from '../../../ui/forms';
import { vendorSchema } from '../../../../domain/finance/schemas';
import { redirectToShow } from '../../../ui/links';
import { FormToolbar } from '../../../ui/FormToolbar';
import { PartyInputs } from '../parties/PartyInputs';
import { partyPayload } from '../parties/types';

export default function VendorCreate() {
  return (
    <Create redirect={redirectToShow} transform={partyPayload}>
      <SimpleForm defaultValues={{ personType: 'entity' }} toolbar={<FormToolbar />}>
        <PartyInputs schema={vendorSchema} party="vendor" />
      </SimpleForm>
    </Create>
  );
}

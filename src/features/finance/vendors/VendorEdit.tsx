import { Edit, SimpleForm, TopToolbar } from 'react-admin';
import { vendorSchema } from '../../../../domain/finance/schemas';
import { ShowPathButton, redirectToShow } from '../../../routing/links';
import { FormToolbar } from '../../../ui/FormToolbar';
import { PartyInputs } from '../parties/PartyInputs';
import { partyPayload } from '../parties/types';

function Actions() {
  return (
    <TopToolbar>
      <ShowPathButton />
    </TopToolbar>
  );
}

export default function VendorEdit() {
  return (
    <Edit
      redirect={redirectToShow}
      mutationMode="pessimistic"
      transform={partyPayload}
      actions={<Actions />}
    >
      <SimpleForm toolbar={<FormToolbar deletable />}>
        <PartyInputs schema={vendorSchema} party="vendor" />
      </SimpleForm>
    </Edit>
  );
}

import { Edit, TopToolbar } from 'react-admin';
import { SimpleForm } from '../../../ui/forms';
import { donorSchema, vendorSchema } from '../../../../domain/finance/schemas';
import { ShowPathButton, redirectToShow } from '../../../ui/links';
import { FormToolbar } from '../../../ui/FormToolbar';
import { PartyInputs } from './PartyInputs';
import { partyPayload } from './types';

function Actions() {
  return (
    <TopToolbar>
      <ShowPathButton />
    </TopToolbar>
  );
}

/** The edit form of a vendor or a donor: back to its page when saved. */
export function PartyEdit({ party }: { party: 'vendor' | 'donor' }) {
  return (
    <Edit
      redirect={redirectToShow}
      mutationMode="pessimistic"
      transform={partyPayload}
      actions={<Actions />}
    >
      <SimpleForm toolbar={<FormToolbar deletable />}>
        <PartyInputs schema={party === 'donor' ? donorSchema : vendorSchema} party={party} />
      </SimpleForm>
    </Edit>
  );
}

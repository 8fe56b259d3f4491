import { Edit, TopToolbar } from 'react-admin';
import { SimpleForm } from '../../../ui/forms';
import { ShowPathButton, redirectToShow } from '../../../ui/links';
import { FormToolbar } from '../../../ui/FormToolbar';
import { IncomeInputs } from './IncomeInputs';
import { incomePayload } from './types';

function Actions() {
  return (
    <TopToolbar>
      <ShowPathButton />
    </TopToolbar>
  );
}

export default function IncomeEdit() {
  return (
    <Edit
      redirect={redirectToShow}
      mutationMode="pessimistic"
      transform={incomePayload}
      actions={<Actions />}
    >
      <SimpleForm toolbar={<FormToolbar deletable />}>
        <IncomeInputs />
      </SimpleForm>
    </Edit>
  );
}

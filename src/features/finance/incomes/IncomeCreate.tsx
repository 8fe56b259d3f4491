import { Create } from 'react-admin';
import { SimpleForm } from '../../../ui/forms';
import { todayIso } from '../../../../domain/dates';
import { redirectToShow } from '../../../ui/links';
import { FormToolbar } from '../../../ui/FormToolbar';
import { IncomeInputs } from './IncomeInputs';
import { incomePayload } from './types';

export default function IncomeCreate() {
  return (
    <Create redirect={redirectToShow} transform={incomePayload}>
      <SimpleForm
        defaultValues={{ date: todayIso(), paymentMethod: 'pix' }}
        toolbar={<FormToolbar />}
      >
        <IncomeInputs />
      </SimpleForm>
    </Create>
  );
}

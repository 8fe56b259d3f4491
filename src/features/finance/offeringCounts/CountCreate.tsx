import { Create } from 'react-admin';
import { todayIso } from '../../../../domain/dates';
import { redirectToShow } from '../../../ui/links';
import { FormToolbar } from '../../../ui/FormToolbar';
import { SimpleForm } from '../../../ui/forms';
import { CountInputs } from './CountInputs';
import { countPayload } from './types';

export default function CountCreate() {
  return (
    <Create redirect={redirectToShow} transform={countPayload}>
      <SimpleForm
        defaultValues={{
          date: todayIso(),
          counters: [{ name: '' }, { name: '' }],
          lines: [{ method: 'cash' }, { method: 'pix' }],
          cash: [],
        }}
        toolbar={<FormToolbar />}
      >
        <CountInputs />
      </SimpleForm>
    </Create>
  );
}

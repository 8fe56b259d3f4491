import { Create } from 'react-admin';
import { redirectToList } from '../../ui/links';
import { FormToolbar } from '../../ui/FormToolbar';
import { SimpleForm } from '../../ui/forms';
import { ServiceInputs } from './ServiceInputs';

export default function ServiceCreate() {
  return (
    <Create redirect={redirectToList}>
      <SimpleForm toolbar={<FormToolbar />} defaultValues={{ weekday: 0, time: '19:00' }}>
        <ServiceInputs />
      </SimpleForm>
    </Create>
  );
}

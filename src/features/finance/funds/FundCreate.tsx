import { Create } from 'react-admin';
import { SimpleForm } from '../../../ui/forms';
import { redirectToList } from '../../../ui/links';
import { FormToolbar } from '../../../ui/FormToolbar';
import { FundInputs } from './FundInputs';

export default function FundCreate() {
  return (
    <Create redirect={redirectToList}>
      <SimpleForm defaultValues={{ restricted: true, active: true }} toolbar={<FormToolbar />}>
        <FundInputs />
      </SimpleForm>
    </Create>
  );
}

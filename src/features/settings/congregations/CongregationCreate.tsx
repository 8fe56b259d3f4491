import { Create } from 'react-admin';
import { SimpleForm } from '../../../ui/forms';
import { redirectToList } from '../../../ui/links';
import { FormToolbar } from '../../../ui/FormToolbar';
import { CongregationInputs } from './CongregationInputs';

const defaults = { kind: 'congregacao', active: true };

export default function CongregationCreate() {
  return (
    <Create redirect={redirectToList}>
      <SimpleForm toolbar={<FormToolbar />} defaultValues={defaults}>
        <CongregationInputs />
      </SimpleForm>
    </Create>
  );
}

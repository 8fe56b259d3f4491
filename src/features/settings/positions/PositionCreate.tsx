import { Create } from 'react-admin';
import { SimpleForm } from '../../../ui/forms';
import { redirectToList } from '../../../ui/links';
import { FormToolbar } from '../../../ui/FormToolbar';
import { PositionInputs } from './PositionInputs';

export default function PositionCreate() {
  return (
    <Create redirect={redirectToList}>
      <SimpleForm toolbar={<FormToolbar />} defaultValues={{ ministerial: false, sortOrder: 0 }}>
        <PositionInputs />
      </SimpleForm>
    </Create>
  );
}

import { Create } from 'react-admin';
import { SimpleForm } from '../../../ui/forms';
import { redirectToList } from '../../../ui/links';
import { FormToolbar } from '../../../ui/FormToolbar';
import { DepartmentInputs } from './DepartmentInputs';

export default function DepartmentCreate() {
  return (
    <Create redirect={redirectToList}>
      <SimpleForm toolbar={<FormToolbar />}>
        <DepartmentInputs />
      </SimpleForm>
    </Create>
  );
}

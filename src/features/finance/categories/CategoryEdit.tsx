import { Edit } from 'react-admin';
import { SimpleForm } from '../../../ui/forms';
import { redirectToList } from '../../../ui/links';
import { FormToolbar } from '../../../ui/FormToolbar';
import { CategoryInputs } from './CategoryInputs';

export default function CategoryEdit() {
  return (
    <Edit redirect={redirectToList} mutationMode="pessimistic" actions={false}>
      <SimpleForm toolbar={<FormToolbar deletable />}>
        <CategoryInputs />
      </SimpleForm>
    </Edit>
  );
}

import { Create } from 'react-admin';
import { SimpleForm } from '../../../ui/forms';
import { redirectToList } from '../../../ui/links';
import { FormToolbar } from '../../../ui/FormToolbar';
import { CategoryInputs } from './CategoryInputs';

export default function CategoryCreate() {
  return (
    <Create redirect={redirectToList}>
      <SimpleForm defaultValues={{ kind: 'expense', active: true }} toolbar={<FormToolbar />}>
        <CategoryInputs />
      </SimpleForm>
    </Create>
  );
}

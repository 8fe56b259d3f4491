import { Create } from 'react-admin';
import { SimpleForm } from '../../../ui/forms';
import { redirectToList } from '../../../ui/links';
import { FormToolbar } from '../../../ui/FormToolbar';
import { CustomFieldInputs } from './CustomFieldInputs';
import { customFieldPayload } from './customFieldPayload';

const NEW_FIELD = {
  fieldType: 'text',
  options: [],
  required: false,
  active: true,
  publicForm: false,
  visibleToAll: false,
  sortOrder: 0,
};

export default function CustomFieldCreate() {
  return (
    <Create redirect={redirectToList} transform={customFieldPayload}>
      <SimpleForm toolbar={<FormToolbar />} defaultValues={NEW_FIELD}>
        <CustomFieldInputs />
      </SimpleForm>
    </Create>
  );
}

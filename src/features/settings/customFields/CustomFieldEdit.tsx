import { Edit } from 'react-admin';
import { SimpleForm } from '../../../ui/forms';
import { redirectToList } from '../../../ui/links';
import { FormToolbar } from '../../../ui/FormToolbar';
import { CustomFieldInputs } from './CustomFieldInputs';
import { customFieldPayload } from './customFieldPayload';

export default function CustomFieldEdit() {
  return (
    <Edit
      redirect={redirectToList}
      mutationMode="pessimistic"
      transform={customFieldPayload}
      actions={false}
    >
      <SimpleForm toolbar={<FormToolbar deletable />}>
        <CustomFieldInputs />
      </SimpleForm>
    </Edit>
  );
}

import { Create } from 'react-admin';
import { redirectToList } from '../../../ui/links';
import { FormToolbar } from '../../../ui/FormToolbar';
import { SimpleForm } from '../../../ui/forms';
import { StageInputs } from './StageInputs';

export default function StageCreate() {
  return (
    <Create redirect={redirectToList}>
      <SimpleForm toolbar={<FormToolbar />} defaultValues={{ dueDays: 7, sortOrder: 50 }}>
        <StageInputs />
      </SimpleForm>
    </Create>
  );
}

import { Edit } from 'react-admin';
import { SimpleForm } from '../../../ui/forms';
import { redirectToList } from '../../../ui/links';
import { FormToolbar } from '../../../ui/FormToolbar';
import { FundInputs } from './FundInputs';

export default function FundEdit() {
  return (
    <Edit redirect={redirectToList} mutationMode="pessimistic" actions={false}>
      <SimpleForm toolbar={<FormToolbar deletable />}>
        <FundInputs />
      </SimpleForm>
    </Edit>
  );
}

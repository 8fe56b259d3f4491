import { Create } from 'react-admin';
import { redirectToShow } from '../../../ui/links';
import { FormToolbar } from '../../../ui/FormToolbar';
import { SimpleForm } from '../../../ui/forms';
import { CellInputs } from './CellInputs';

export default function CellCreate() {
  return (
    <Create redirect={redirectToShow}>
      <SimpleForm toolbar={<FormToolbar />} defaultValues={{ level: 'cell' }}>
        <CellInputs />
      </SimpleForm>
    </Create>
  );
}

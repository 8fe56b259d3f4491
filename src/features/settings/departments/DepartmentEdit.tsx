import { Edit } from 'react-admin';
import { SimpleForm } from '../../../ui/forms';
import { redirectToList } from '../../../ui/links';
import { FormToolbar } from '../../../ui/FormToolbar';
import { DepartmentInputs } from './DepartmentInputs';
import type { Department } from './types';

/** Only what the secretary edits goes back (member_count is the server's). */
const payload = ({ name, description, leaderId, congregationId }: Department) => ({
  name,
  description,
  leaderId,
  congregationId,
});

export default function DepartmentEdit() {
  return (
    <Edit redirect={redirectToList} mutationMode="pessimistic" transform={payload} actions={false}>
      <SimpleForm toolbar={<FormToolbar deletable />}>
        <DepartmentInputs />
      </SimpleForm>
    </Edit>
  );
}

import { Create } from 'react-admin';
import { SimpleForm } from '../../../ui/forms';
import { redirectToList } from '../../../ui/links';
import { UserInputs, userPayload } from './UserInputs';

export default function UserCreate() {
  return (
    <Create redirect={redirectToList} transform={userPayload}>
      <SimpleForm defaultValues={{ active: true, roles: [], congregationIds: [] }}>
        <UserInputs creating />
      </SimpleForm>
    </Create>
  );
}

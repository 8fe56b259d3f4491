import { Create } from 'react-admin';
import { SimpleForm } from '../../../ui/forms';
import { redirectToList } from '../../../routing/links';
import { UserInputs } from './UserInputs';

export default function UserCreate() {
  return (
    <Create redirect={redirectToList}>
      <SimpleForm defaultValues={{ active: true, roles: [] }}>
        <UserInputs creating />
      </SimpleForm>
    </Create>
  );
}

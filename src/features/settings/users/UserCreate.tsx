import { Create, SimpleForm } from 'react-admin';
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

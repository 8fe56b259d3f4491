import { DeleteWithConfirmButton, Edit, Toolbar } from 'react-admin';
import { FormSaveButton } from '../../../ui/FormToolbar';
import { SimpleForm } from '../../../ui/forms';
import { redirectToList } from '../../../routing/links';
import { UserInputs } from './UserInputs';

function UserToolbar() {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <FormSaveButton />
      <DeleteWithConfirmButton
        confirmTitle="resources.configuracoes/usuarios.delete_title"
        confirmContent="resources.configuracoes/usuarios.delete_content"
        mutationMode="pessimistic"
      />
    </Toolbar>
  );
}

export default function UserEdit() {
  return (
    <Edit redirect={redirectToList} mutationMode="pessimistic">
      <SimpleForm toolbar={<UserToolbar />}>
        <UserInputs creating={false} />
      </SimpleForm>
    </Edit>
  );
}

import { DeleteWithConfirmButton, Edit, Toolbar } from 'react-admin';
import { FormSaveButton } from '../../../ui/FormToolbar';
import { SimpleForm } from '../../../ui/forms';
import { redirectToList } from '../../../ui/links';
import { TwoFactorReset } from './TwoFactorReset';
import { UserInputs, userPayload } from './UserInputs';

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
    <Edit redirect={redirectToList} mutationMode="pessimistic" transform={userPayload}>
      <SimpleForm toolbar={<UserToolbar />}>
        <UserInputs creating={false} />
        <TwoFactorReset />
      </SimpleForm>
    </Edit>
  );
}

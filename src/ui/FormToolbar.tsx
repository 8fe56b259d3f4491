import { DeleteWithConfirmButton, SaveButton, Toolbar, useResourceContext } from 'react-admin';
import { useCanWrite } from '../routing/useCanWrite';

/**
 * Save, and on edit forms a delete that asks first (`resources.<name>.delete_title` and
 * `delete_content`) and waits for the server, so a refusal (409: still in use) shows its
 * message and nothing disappears.
 */
export function FormToolbar({ deletable = false }: { deletable?: boolean }) {
  const resource = useResourceContext();
  const writable = useCanWrite();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {deletable && writable && (
        <DeleteWithConfirmButton
          confirmTitle={`resources.${resource}.delete_title`}
          confirmContent={`resources.${resource}.delete_content`}
          mutationMode="pessimistic"
        />
      )}
    </Toolbar>
  );
}

import {
  DeleteWithConfirmButton,
  SaveButton,
  type SaveButtonProps,
  Toolbar,
  useResourceContext,
  useSaveContext,
} from 'react-admin';
import { useFormState } from 'react-hook-form';
import { useCanWrite } from '../routing/useCanWrite';
import { useInvalidFieldsNotice } from './invalidFields';

/**
 * Salvar, never greyed out on an untouched form (react-admin's default): clicking it shows which
 * fields are missing, where a disabled button said nothing, and the notice names them. Disabled
 * only while saving.
 */
export function FormSaveButton(props: SaveButtonProps) {
  const { isSubmitting } = useFormState();
  const { saving } = useSaveContext();
  useInvalidFieldsNotice();
  return <SaveButton alwaysEnable={!isSubmitting && !saving} {...props} />;
}

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
      <FormSaveButton />
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

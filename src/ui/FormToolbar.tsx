import { Alert } from '@mui/material';
import { useCallback, useState } from 'react';
import {
  DeleteWithConfirmButton,
  HttpError,
  SaveButton,
  type SaveButtonProps,
  Toolbar,
  useResourceContext,
  useRegisterMutationMiddleware,
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
 * The server's refusal of the last save (409: a closed month, a record still in use), kept under
 * the form until the next save, so the reason stays beside the form after the notice fades.
 */
function useSaveRefusal(): string | null {
  const [refusal, setRefusal] = useState<string | null>(null);
  const middleware = useCallback(
    async (
      resource: string,
      params: unknown,
      next: (r: string, p: unknown) => Promise<unknown>,
    ) => {
      setRefusal(null);
      try {
        return await next(resource, params);
      } catch (error) {
        if (error instanceof HttpError && error.status === 409) setRefusal(error.message);
        throw error;
      }
    },
    [],
  );
  useRegisterMutationMiddleware(middleware);
  return refusal;
}

/**
 * Save, and on edit forms a delete that asks first (`resources.<name>.delete_title` and
 * `delete_content`) and waits for the server, so a refusal (409: still in use) shows its
 * message and nothing disappears.
 */
export function FormToolbar({ deletable = false }: { deletable?: boolean }) {
  const resource = useResourceContext();
  const writable = useCanWrite();
  const refusal = useSaveRefusal();
  return (
    <Toolbar sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
      {refusal && (
        <Alert severity="error" role="alert" sx={{ flexBasis: '100%', order: 1 }}>
          {refusal}
        </Alert>
      )}
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

import AddIcon from '@mui/icons-material/Add';
import { Button, Typography } from '@mui/material';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  CheckboxGroupInput,
  ReferenceArrayInput,
  useChoicesContext,
  useTranslate,
} from 'react-admin';
import { QuickCreateDialog } from '../../ui/QuickCreate';
import { useCanWrite } from '../../routing/useCanWrite';
import { currentCongregationIds } from '../../providers/session';

const DEPARTMENTS = 'configuracoes/departamentos';

/** A department missing from the list, made by its name and ticked for the member at once. */
function NewDepartmentButton({ congregationId }: { congregationId: unknown }) {
  const translate = useTranslate();
  const writable = useCanWrite(DEPARTMENTS);
  const { refetch } = useChoicesContext();
  const { getValues, setValue } = useFormContext();
  const [open, setOpen] = useState(false);
  if (!writable) return null;
  return (
    <>
      <Button startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        {translate('resources.membros.new_department')}
      </Button>
      <QuickCreateDialog
        open={open}
        resource={DEPARTMENTS}
        // A user of some congregations creates it in the member's (only the whole church's
        // users create church-wide departments).
        defaults={
          currentCongregationIds().length > 0 && congregationId ? { congregationId } : undefined
        }
        onCancel={() => setOpen(false)}
        onCreate={(department) => {
          setOpen(false);
          const ids = (getValues('departmentIds') as number[] | undefined) ?? [];
          setValue('departmentIds', [...ids, department.id], { shouldDirty: true });
          void refetch?.();
        }}
      />
    </>
  );
}

function DepartmentChoices({ congregationId }: { congregationId: unknown }) {
  const translate = useTranslate();
  const { allChoices, isPending } = useChoicesContext();
  return (
    <>
      {!isPending && allChoices?.length === 0 ? (
        <Typography color="textSecondary" sx={{ py: 2 }}>
          {translate('resources.membros.no_departments')}
        </Typography>
      ) : (
        // The label names the member's field (inside the reference, the resource is the department).
        <CheckboxGroupInput optionText="name" label="resources.membros.fields.departmentIds" />
      )}
      <NewDepartmentButton congregationId={congregationId} />
    </>
  );
}

/**
 * Tab "Departamentos": the departments the member takes part in — the whole church's and those
 * of the member's congregation (the server refuses others).
 */
export function MemberDepartmentsInput() {
  const congregationId: unknown = useWatch({ name: 'congregationId' });
  return (
    <ReferenceArrayInput
      source="departmentIds"
      reference={DEPARTMENTS}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={200}
      filter={congregationId ? { congregationId } : undefined}
    >
      <DepartmentChoices congregationId={congregationId} />
    </ReferenceArrayInput>
  );
}

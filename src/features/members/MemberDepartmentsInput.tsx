import { Typography } from '@mui/material';
import {
  CheckboxGroupInput,
  ReferenceArrayInput,
  useChoicesContext,
  useTranslate,
} from 'react-admin';

function DepartmentChoices() {
  const translate = useTranslate();
  const { allChoices, isPending } = useChoicesContext();
  if (!isPending && allChoices?.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        {translate('resources.membros.no_departments')}
      </Typography>
    );
  }
  // The label names the member's field (inside the reference, the resource is the department).
  return <CheckboxGroupInput optionText="name" label="resources.membros.fields.departmentIds" />;
}

/** Tab "Departamentos": the departments the member takes part in. */
export function MemberDepartmentsInput() {
  return (
    <ReferenceArrayInput
      source="departmentIds"
      reference="configuracoes/departamentos"
      sort={{ field: 'name', order: 'ASC' }}
      perPage={200}
    >
      <DepartmentChoices />
    </ReferenceArrayInput>
  );
}

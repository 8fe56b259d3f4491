import { ChipField, ReferenceArrayField, SingleFieldList } from 'react-admin';

/** The names of the member's departments as chips. */
export function DepartmentsField() {
  return (
    <ReferenceArrayField source="departmentIds" reference="configuracoes/departamentos">
      <SingleFieldList linkType={false}>
        <ChipField source="name" size="small" />
      </SingleFieldList>
    </ReferenceArrayField>
  );
}

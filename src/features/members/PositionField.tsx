import { ReferenceField, TextField } from 'react-admin';

/** The name of the member's position (cargo). */
export function PositionField() {
  return (
    <ReferenceField source="positionId" reference="configuracoes/positions" link={false}>
      <TextField source="name" variant="inherit" />
    </ReferenceField>
  );
}

import { Box } from '@mui/material';
import { BooleanInput, NumberInput, TextInput, required } from 'react-admin';
import { positionSchema } from '../../../../domain/positions';
import { schemaValidator } from '../../../ui/inputs';

/** The server's position schema, for each input's own field. */
const rule = schemaValidator(positionSchema);

/** The form body shared by create and edit. */
export function PositionInputs() {
  return (
    <Box sx={{ width: '100%', maxWidth: 560 }}>
      <TextInput source="name" validate={[required(), rule]} fullWidth />
      <BooleanInput
        source="ministerial"
        helperText="resources.configuracoes/positions.ministerial_help"
      />
      <NumberInput
        source="sortOrder"
        validate={[required(), rule]}
        helperText="resources.configuracoes/positions.sort_order_help"
        min={0}
        step={1}
      />
    </Box>
  );
}

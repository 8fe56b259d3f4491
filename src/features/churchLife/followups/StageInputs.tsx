import { Box } from '@mui/material';
import { BooleanInput, NumberInput, TextInput, required } from 'react-admin';
import { followupStageSchema } from '../../../../domain/followups';
import { schemaValidator } from '../../../ui/inputs';

const rule = schemaValidator(followupStageSchema);
const R = 'resources.igreja/etapas';

/** A stage of the consolidação: its name, days until due and order (create and edit). */
export function StageInputs({ editing = false }: { editing?: boolean }) {
  return (
    <Box sx={{ width: '100%', maxWidth: 560 }}>
      <TextInput source="name" validate={[required(), rule]} fullWidth />
      <NumberInput
        source="dueDays"
        validate={[required(), rule]}
        min={0}
        step={1}
        helperText={`${R}.due_days_help`}
        fullWidth
      />
      <NumberInput
        source="sortOrder"
        validate={rule}
        min={0}
        step={1}
        helperText={`${R}.sort_order_help`}
        fullWidth
      />
      {editing && <BooleanInput source="active" />}
    </Box>
  );
}

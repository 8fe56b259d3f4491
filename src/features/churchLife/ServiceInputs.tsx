import { Box } from '@mui/material';
import { BooleanInput, SelectInput, TextInput, required } from 'react-admin';
import { WEEKDAY_LABELS, worshipServiceSchema } from '../../../domain/churchLife';
import { CongregationInput, schemaValidator } from '../../ui/inputs';

const rule = schemaValidator(worshipServiceSchema);
const WEEKDAYS = WEEKDAY_LABELS.map((name, id) => ({ id, name }));

/** A recurring culto: its name, congregation, weekday and time (the form of create and edit). */
export function ServiceInputs({ editing = false }: { editing?: boolean }) {
  return (
    <Box sx={{ width: '100%', maxWidth: 560 }}>
      <TextInput source="name" validate={[required(), rule]} fullWidth />
      <CongregationInput />
      <SelectInput source="weekday" choices={WEEKDAYS} validate={[required(), rule]} fullWidth />
      <TextInput
        source="time"
        validate={[required(), rule]}
        type="time"
        fullWidth
        slotProps={{ inputLabel: { shrink: true } }}
      />
      {editing && <BooleanInput source="active" />}
    </Box>
  );
}

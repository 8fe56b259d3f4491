// A one-off event (a conference, a baptism service, a Santa Ceia of the sede): name, congregation,
// date and time. After saving, its check-in screen opens.
import { Box } from '@mui/material';
import { Create, TextInput, required } from 'react-admin';
import { gatheringSchema } from '../../../domain/churchLife';
import { todayIso } from '../../../domain/dates';
import { redirectToShow } from '../../ui/links';
import { FormToolbar } from '../../ui/FormToolbar';
import { SimpleForm } from '../../ui/forms';
import { CongregationInput, DateTextInput, schemaValidator } from '../../ui/inputs';

const rule = schemaValidator(gatheringSchema);

export default function EventCreate() {
  return (
    <Create redirect={redirectToShow}>
      <SimpleForm toolbar={<FormToolbar />} defaultValues={{ date: todayIso() }}>
        <Box sx={{ width: '100%', maxWidth: 560 }}>
          <TextInput source="name" validate={[required(), rule]} fullWidth />
          <CongregationInput />
          <DateTextInput source="date" validate={[required(), rule]} fullWidth />
          <TextInput
            source="time"
            type="time"
            validate={rule}
            fullWidth
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextInput source="notes" validate={rule} multiline minRows={2} fullWidth />
        </Box>
      </SimpleForm>
    </Create>
  );
}

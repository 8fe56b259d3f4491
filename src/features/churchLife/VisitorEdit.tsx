// /igreja/visitantes/:id/editar: name, phone, who invited, first visit, notes. The phone is kept
// only while the visitor's consent to be contacted stands (LGPD): without it the field is locked,
// and the page's "Registrar consentimento" comes first.
import { Box } from '@mui/material';
import { BooleanInput, Edit, TextInput, required, useRecordContext } from 'react-admin';
import { visitorEditSchema } from '../../../domain/churchLife';
import { FormToolbar } from '../../ui/FormToolbar';
import { SimpleForm } from '../../ui/forms';
import { MemberReferenceInput, PhoneInput, schemaValidator } from '../../ui/inputs';
import { redirectToShow } from '../../ui/links';
import type { Visitor } from './types';

const R = 'resources.igreja/visitantes';
const rule = schemaValidator(visitorEditSchema);

/** Only what the page edits goes back (consent and conversion have their own actions). */
const payload = ({ name, phone, invitedById, firstVisit, notes }: Visitor) => ({
  name,
  phone: phone || null,
  invitedById: invitedById ?? null,
  firstVisit,
  notes: notes || null,
});

function VisitorInputs() {
  const visitor = useRecordContext<Visitor>();
  const consent = Boolean(visitor?.contactConsent);
  return (
    <Box sx={{ width: '100%', maxWidth: 560 }}>
      <TextInput source="name" validate={[required(), rule]} fullWidth />
      <PhoneInput
        source="phone"
        validate={rule}
        disabled={!consent}
        helperText={consent ? false : `${R}.phone_locked`}
        fullWidth
      />
      <MemberReferenceInput source="invitedById" label={`${R}.fields.invitedById`} fullWidth />
      <BooleanInput source="firstVisit" />
      <TextInput source="notes" validate={rule} multiline minRows={3} fullWidth />
    </Box>
  );
}

export default function VisitorEdit() {
  return (
    <Edit redirect={redirectToShow} mutationMode="pessimistic" transform={payload} actions={false}>
      <SimpleForm toolbar={<FormToolbar />}>
        <VisitorInputs />
      </SimpleForm>
    </Edit>
  );
}

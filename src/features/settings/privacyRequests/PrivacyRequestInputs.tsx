import { Alert, Box } from '@mui/material';
import { SelectInput, TextInput, required, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { isIsoDate } from '../../../../domain/dates';
import { formatDate } from '../../../../domain/formats';
import {
  CLOSED_STATUSES,
  PRIVACY_REQUEST_DAYS,
  PRIVACY_REQUEST_KIND_LABELS,
  PRIVACY_REQUEST_STATUS_LABELS,
  privacyRequestDueOn,
  privacyRequestSchema,
} from '../../../../domain/privacyRequests';
import { choicesFrom } from '../../../ui/choices';
import { FormGrid } from '../../../ui/FormGrid';
import { DateTextInput, MemberReferenceInput, schemaValidator } from '../../../ui/inputs';

const R = 'resources.configuracoes/pedidos-lgpd';
const rule = schemaValidator(privacyRequestSchema);

/** The deadline the server will compute, shown as the received date is typed. */
function DeadlineNote() {
  const translate = useTranslate();
  const receivedOn = useWatch({ name: 'receivedOn' }) as string | null | undefined;
  if (!isIsoDate(receivedOn)) return null;
  return (
    <Alert severity="info" className="span-2">
      {translate(`${R}.deadline_note`, {
        date: formatDate(privacyRequestDueOn(receivedOn)),
        days: PRIVACY_REQUEST_DAYS,
      })}
    </Alert>
  );
}

/** The answer and its date, for a request answered or refused. */
function AnswerInputs() {
  const status = useWatch({ name: 'status' }) as string | undefined;
  const closed = (CLOSED_STATUSES as readonly (string | undefined)[]).includes(status);
  return (
    <>
      <TextInput
        source="answer"
        validate={rule}
        multiline
        minRows={3}
        className="span-2"
        helperText={`${R}.answer_help`}
        fullWidth
      />
      {closed && <DateTextInput source="answeredOn" validate={[required(), rule]} fullWidth />}
    </>
  );
}

/** The form body shared by create and edit. */
export function PrivacyRequestInputs() {
  return (
    <Box sx={{ width: '100%', maxWidth: 760 }}>
      <FormGrid>
        <SelectInput
          source="kind"
          choices={choicesFrom(PRIVACY_REQUEST_KIND_LABELS)}
          validate={[required(), rule]}
          fullWidth
        />
        <DateTextInput source="receivedOn" validate={[required(), rule]} fullWidth />
        <DeadlineNote />
        <MemberReferenceInput
          source="memberId"
          validate={rule}
          helperText={`${R}.member_help`}
          className="span-2"
          fullWidth
        />
        <TextInput source="holderName" validate={rule} helperText={`${R}.holder_help`} fullWidth />
        <TextInput source="holderContact" validate={rule} fullWidth />
        <SelectInput
          source="status"
          choices={choicesFrom(PRIVACY_REQUEST_STATUS_LABELS)}
          validate={[required(), rule]}
          fullWidth
        />
        <AnswerInputs />
      </FormGrid>
    </Box>
  );
}

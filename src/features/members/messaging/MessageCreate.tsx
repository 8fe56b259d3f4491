// /mensagens/cadastrar: a message by e-mail or WhatsApp, its text with {nome}-style fields, its
// audience from the member list's filters (and visitors), and a preview before sending.
import SendIcon from '@mui/icons-material/Send';
import { Box, Typography } from '@mui/material';
import {
  BooleanInput,
  Create,
  RadioButtonGroupInput,
  ReferenceInput,
  SelectArrayInput,
  SelectInput,
  TextInput,
  Toolbar,
  required,
  useNotify,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { MESSAGE_CHANNEL_LABELS } from '../../../../domain/messages';
import { choicesFrom } from '../../../ui/choices';
import { FormSaveButton } from '../../../ui/FormToolbar';
import { SimpleForm } from '../../../ui/forms';
import { CongregationInput } from '../../../ui/inputs';
import { redirectToShow } from '../../../ui/links';
import { MONTH_CHOICES, STATUS_CHOICES } from '../../../ui/memberChoices';
import { MessagePreviewPanel } from './MessagePreviewPanel';

const R = 'resources.mensagens';
const A = 'audience';

const DEFAULTS = {
  channel: 'email',
  subject: '',
  body: '',
  audience: { members: true, visitors: false, status: ['active'] },
};

function SendToolbar() {
  return (
    <Toolbar>
      <FormSaveButton label={`${R}.send`} icon={<SendIcon />} />
    </Toolbar>
  );
}

function MessageInputs() {
  const translate = useTranslate();
  const channel = useWatch({ name: 'channel' });
  const members = useWatch({ name: 'audience.members' });
  return (
    <Box sx={{ width: '100%', maxWidth: 720 }}>
      <RadioButtonGroupInput
        source="channel"
        choices={choicesFrom(MESSAGE_CHANNEL_LABELS)}
        validate={required()}
      />
      {channel === 'email' && <TextInput source="subject" validate={required()} fullWidth />}
      <TextInput
        source="body"
        validate={required()}
        multiline
        minRows={5}
        fullWidth
        helperText={translate(`${R}.fields_help`)}
      />
      <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
        {translate(`${R}.audience_title`)}
      </Typography>
      <BooleanInput source={`${A}.members`} />
      {members !== false && (
        <>
          <CongregationInput source={`${A}.congregationId`} required={false} fullWidth />
          <ReferenceInput source={`${A}.departmentId`} reference="configuracoes/departamentos">
            <SelectInput optionText="name" emptyText={`${R}.all`} fullWidth />
          </ReferenceInput>
          <ReferenceInput source={`${A}.cellId`} reference="igreja/celulas">
            <SelectInput optionText="name" emptyText={`${R}.all`} fullWidth />
          </ReferenceInput>
          <SelectArrayInput source={`${A}.status`} choices={STATUS_CHOICES} fullWidth />
          <SelectInput
            source={`${A}.birthMonth`}
            choices={MONTH_CHOICES}
            emptyText={`${R}.all`}
            fullWidth
          />
        </>
      )}
      <BooleanInput source={`${A}.visitors`} />
      <MessagePreviewPanel />
    </Box>
  );
}

export default function MessageCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      title={`${R}.create_title`}
      mutationOptions={{
        onSuccess: (data: { id: number; channel: string }) => {
          notify(data.channel === 'whatsapp' ? `${R}.whatsapp_sent` : `${R}.sent`, {
            type: 'success',
          });
          redirect(redirectToShow('mensagens', data.id));
        },
      }}
    >
      <SimpleForm toolbar={<SendToolbar />} defaultValues={DEFAULTS}>
        <MessageInputs />
      </SimpleForm>
    </Create>
  );
}

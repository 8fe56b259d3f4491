import { Box, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import {
  ArrayInput,
  BooleanInput,
  NumberInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  maxLength,
  required,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { customFieldSchema } from '../../../../domain/customFields';
import { useChangesChurchWide } from '../../../routing/useChangesChurchWide';
import { ChurchWideNote } from '../../../ui/ChurchWideNote';
import { schemaValidator } from '../../../ui/inputs';
import { FIELD_TYPE_CHOICES } from './customFieldChoices';

/** The server's custom field schema, for each input's own field (options are checked one by one). */
const rule = schemaValidator(customFieldSchema, { skip: ['options'] });
import type { CustomField } from '../../../ui/customFields/types';

/** The choices of a "Lista de opções" field, one input per option. */
function OptionsInput() {
  const fieldType = useWatch({ name: 'fieldType' });
  if (fieldType !== 'choice') return null;
  return (
    <ArrayInput source="options" validate={required()}>
      <SimpleFormIterator inline>
        <TextInput
          source=""
          label="resources.configuracoes/campos_adicionais.option"
          validate={[required(), maxLength(80)]}
          helperText={false}
        />
      </SimpleFormIterator>
    </ArrayInput>
  );
}

/** The key members' values are stored under: made by the server from the first label. */
function KeyNote() {
  const translate = useTranslate();
  const record = useRecordContext<CustomField>();
  if (!record?.key) return null;
  return (
    <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
      {translate('resources.configuracoes/campos_adicionais.key_note', { key: record.key })}
    </Typography>
  );
}

/** The form body shared by create and edit. */
export function CustomFieldInputs() {
  const churchWide = useChangesChurchWide();
  return (
    <Box sx={{ width: '100%', maxWidth: 560 }}>
      <TextInput source="label" validate={[required(), rule]} fullWidth />
      <KeyNote />
      <SelectInput
        source="fieldType"
        choices={FIELD_TYPE_CHOICES}
        validate={[required(), rule]}
        fullWidth
      />
      <OptionsInput />
      <BooleanInput
        source="required"
        helperText="resources.configuracoes/campos_adicionais.required_help"
      />
      <BooleanInput
        source="active"
        helperText="resources.configuracoes/campos_adicionais.active_help"
      />
      <BooleanInput
        source="publicForm"
        helperText="resources.configuracoes/campos_adicionais.public_form_help"
      />
      {/* Who sees it is church-wide: an admin of the whole church's (issue 22). */}
      <BooleanInput
        source="visibleToAll"
        disabled={!churchWide}
        helperText="resources.configuracoes/campos_adicionais.visible_to_all_help"
      />
      {!churchWide && <ChurchWideNote />}
      <NumberInput source="sortOrder" validate={[required(), rule]} min={0} step={1} />
    </Box>
  );
}

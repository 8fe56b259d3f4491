import { Box } from '@mui/material';
import { TextInput, required, useTranslate } from 'react-admin';
import { departmentSchema } from '../../../../domain/departments';
import { CongregationInput, MemberReferenceInput, schemaValidator } from '../../../ui/inputs';
import { currentCongregationIds } from '../../../providers/session';

/** The server's department schema, for each input's own field. */
const rule = schemaValidator(departmentSchema);

/**
 * The department's congregation. Users of the whole church may leave it empty ("Toda a igreja":
 * a church-wide department); users of some congregations must choose one of theirs.
 */
function DepartmentCongregationInput() {
  const translate = useTranslate();
  const wholeChurch = currentCongregationIds().length === 0;
  return wholeChurch ? (
    <CongregationInput
      required={false}
      fillOnlyChoice={false}
      TextFieldProps={{
        placeholder: translate('resources.configuracoes/departamentos.church_wide'),
      }}
      helperText="resources.configuracoes/departamentos.church_wide_help"
    />
  ) : (
    <CongregationInput />
  );
}

/** The form body shared by create and edit. */
export function DepartmentInputs() {
  return (
    <Box sx={{ width: '100%', maxWidth: 560 }}>
      <TextInput source="name" validate={[required(), rule]} fullWidth />
      <TextInput source="description" validate={rule} multiline minRows={3} fullWidth />
      <DepartmentCongregationInput />
      <MemberReferenceInput
        source="leaderId"
        validate={rule}
        helperText="resources.configuracoes/departamentos.leader_help"
        fullWidth
      />
    </Box>
  );
}

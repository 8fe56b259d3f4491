import { Box } from '@mui/material';
import { AutocompleteInput, ReferenceInput, TextInput, required } from 'react-admin';
import { departmentSchema } from '../../../../domain/departments';
import { schemaValidator } from '../../../ui/inputs';

const searchMembers = (text: string) => ({ q: text });

/** The server's department schema, for each input's own field. */
const rule = schemaValidator(departmentSchema);

/** The form body shared by create and edit. */
export function DepartmentInputs() {
  return (
    <Box sx={{ width: '100%', maxWidth: 560 }}>
      <TextInput source="name" validate={[required(), rule]} fullWidth />
      <TextInput source="description" validate={rule} multiline minRows={3} fullWidth />
      <ReferenceInput
        source="leaderId"
        reference="membros"
        sort={{ field: 'name', order: 'ASC' }}
        perPage={20}
      >
        <AutocompleteInput
          optionText="name"
          filterToQuery={searchMembers}
          validate={rule}
          helperText="resources.configuracoes/departamentos.leader_help"
          fullWidth
        />
      </ReferenceInput>
    </Box>
  );
}

import { Box } from '@mui/material';
import { BooleanInput, TextInput, required } from 'react-admin';
import { fundSchema } from '../../../../domain/finance/schemas';
import { schemaValidator } from '../../../ui/inputs';

const rule = schemaValidator(fundSchema);

/** The form body shared by create and edit. */
export function FundInputs() {
  return (
    <Box sx={{ width: '100%', maxWidth: 560 }}>
      <TextInput source="name" label="adam.finance.name" validate={[required(), rule]} fullWidth />
      <BooleanInput
        source="restricted"
        label="adam.finance.fund_restricted"
        helperText="adam.finance.fund_restricted_help"
      />
      <TextInput
        source="description"
        label="adam.finance.description"
        validate={rule}
        multiline
        minRows={2}
        fullWidth
      />
      <BooleanInput source="active" label="adam.finance.active" />
    </Box>
  );
}

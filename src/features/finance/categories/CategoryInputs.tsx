import { Box } from '@mui/material';
import { BooleanInput, RadioButtonGroupInput, TextInput, required } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { categorySchema } from '../../../../domain/finance/schemas';
import { schemaValidator } from '../../../ui/inputs';
import { CATEGORY_KIND_CHOICES } from '../shared/choices';

const rule = schemaValidator(categorySchema);

/** "Dízimos": for income categories only (the server refuses it on an expense category). */
function TitheInput() {
  const kind = useWatch({ name: 'kind' });
  if (kind !== 'income') return null;
  return (
    <BooleanInput
      source="isTithe"
      label="adam.finance.is_tithe"
      helperText="adam.finance.is_tithe_help"
    />
  );
}

export function CategoryInputs() {
  return (
    <Box sx={{ width: '100%', maxWidth: 560 }}>
      <TextInput source="name" label="adam.finance.name" validate={[required(), rule]} fullWidth />
      <RadioButtonGroupInput
        source="kind"
        label="adam.finance.category_kind"
        choices={CATEGORY_KIND_CHOICES}
        validate={required()}
      />
      <BooleanInput
        source="active"
        label="adam.finance.active_female"
        helperText="adam.finance.category_active_help"
      />
      <TitheInput />
    </Box>
  );
}

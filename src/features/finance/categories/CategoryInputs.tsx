import { Box } from '@mui/material';
import {
  AutocompleteInput,
  BooleanInput,
  RadioButtonGroupInput,
  ReferenceInput,
  TextInput,
  required,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { categorySchema } from '../../../../domain/finance/schemas';
import { schemaValidator } from '../../../ui/inputs';
import { ACCOUNT_KIND_CHOICES } from '../shared/choices';

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

const accountText = (account?: { code: string; name: string }) =>
  account ? `${account.code} ${account.name}` : '';

/** The group above: an account of the same kind (the Patrimônio social sits inside the Passivo). */
function ParentInput() {
  const kind = useWatch({ name: 'kind' });
  return (
    <ReferenceInput
      source="parentId"
      reference="financeiro/categorias"
      sort={{ field: 'code', order: 'ASC' }}
      perPage={500}
      filter={kind === 'equity' ? {} : { kind }}
    >
      <AutocompleteInput
        label="adam.finance.parent_account"
        helperText="adam.finance.parent_account_help"
        optionText={accountText}
        filterToQuery={(text: string) => ({ q: text })}
        fullWidth
      />
    </ReferenceInput>
  );
}

export function CategoryInputs() {
  return (
    <Box sx={{ width: '100%', maxWidth: 560 }}>
      <TextInput source="name" label="adam.finance.name" validate={[required(), rule]} fullWidth />
      <RadioButtonGroupInput
        source="kind"
        label="adam.finance.category_kind"
        choices={ACCOUNT_KIND_CHOICES}
        validate={required()}
      />
      <ParentInput />
      <TextInput
        source="code"
        label="adam.finance.account_code"
        helperText="adam.finance.account_code_help"
        validate={rule}
        fullWidth
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

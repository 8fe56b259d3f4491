import { BooleanInput, NumberInput, SelectInput, TextInput, required } from 'react-admin';
import { creditCardSchema } from '../../../../domain/finance/schemas';
import { MoneyInput, schemaValidator } from '../../../ui/inputs';
import { FormGrid } from '../../../ui/FormGrid';
import { AccountInput } from '../shared/references';
import { CARD_BRAND_CHOICES } from '../shared/choices';

const rule = schemaValidator(creditCardSchema);
const day = { min: 1, max: 31, inputMode: 'numeric' } as const;

export function CreditCardInputs() {
  return (
    <FormGrid>
      <TextInput
        source="name"
        label="adam.finance.card_name"
        validate={[required(), rule]}
        helperText="adam.finance.card_name_help"
        className="span-2"
      />
      <SelectInput
        source="brand"
        label="adam.finance.brand"
        choices={CARD_BRAND_CHOICES}
        validate={rule}
      />
      <TextInput
        source="lastDigits"
        label="adam.finance.last_digits"
        validate={rule}
        slotProps={{ htmlInput: { maxLength: 4, inputMode: 'numeric' } }}
      />
      <NumberInput
        source="closingDay"
        label="adam.finance.closing_day"
        validate={[required(), rule]}
        step={1}
        slotProps={{ htmlInput: day }}
        helperText="adam.finance.closing_day_help"
      />
      <NumberInput
        source="dueDay"
        label="adam.finance.due_day"
        validate={[required(), rule]}
        step={1}
        slotProps={{ htmlInput: day }}
        helperText="adam.finance.due_day_help"
      />
      <MoneyInput source="limitCents" label="adam.finance.limit" validate={rule} />
      <AccountInput
        label="adam.finance.card_account"
        validate={[required(), rule]}
        helperText="adam.finance.card_account_help"
      />
      <BooleanInput source="active" label="adam.finance.active" />
    </FormGrid>
  );
}

import { SelectInput, TextInput, required } from 'react-admin';
import { incomeSchema } from '../../../../domain/finance/schemas';
import { CongregationInput, DateTextInput, MoneyInput, schemaValidator } from '../../../ui/inputs';
import { FormGrid } from '../../../ui/FormGrid';
import { PAYMENT_METHOD_CHOICES } from '../shared/choices';
import {
  ACCOUNT_CONGREGATION,
  AccountInput,
  CategoryInput,
  DonorInput,
  FundInput,
} from '../shared/references';

const rule = schemaValidator(incomeSchema);

export function IncomeInputs() {
  return (
    <FormGrid>
      <CongregationInput
        validate={rule}
        helperText="adam.finance.congregation_help"
        follow={ACCOUNT_CONGREGATION}
      />
      <CategoryInput kind="income" validate={[required(), rule]} creatable />
      <MoneyInput source="amountCents" label="adam.finance.amount" validate={[required(), rule]} />
      <DateTextInput source="date" label="adam.finance.received_on" validate={[required(), rule]} />
      <AccountInput label="adam.finance.received_in" validate={[required(), rule]} />
      <SelectInput
        source="paymentMethod"
        label="adam.finance.payment_method"
        choices={PAYMENT_METHOD_CHOICES}
        validate={[required(), rule]}
      />
      <DonorInput helperText="adam.finance.donor_help" creatable />
      <FundInput validate={rule} />
      <TextInput
        source="description"
        label="adam.finance.description"
        validate={rule}
        helperText="adam.finance.income_description_help"
        className="span-2"
      />
      <TextInput
        source="notes"
        label="adam.finance.notes"
        validate={rule}
        multiline
        minRows={2}
        className="span-2"
      />
    </FormGrid>
  );
}

import { Create, SelectInput, TextInput, required } from 'react-admin';
import { SimpleForm } from '../../../ui/forms';
import { todayIso } from '../../../../domain/dates';
import { bankAccountSchema } from '../../../../domain/finance/schemas';
import { CongregationInput, DateTextInput, MoneyInput, schemaValidator } from '../../../ui/inputs';
import { redirectToShow } from '../../../ui/links';
import { FormGrid } from '../../../ui/FormGrid';
import { FormToolbar } from '../../../ui/FormToolbar';
import { BANK_ACCOUNT_KIND_CHOICES } from '../shared/choices';

const rule = schemaValidator(bankAccountSchema);

/** A new account: no edit later (SPEC §2), so the form says what is fixed. */
export default function BankAccountCreate() {
  return (
    <Create redirect={redirectToShow}>
      <SimpleForm
        defaultValues={{ kind: 'checking', openingDate: todayIso(), openingBalanceCents: 0 }}
        toolbar={<FormToolbar />}
      >
        <FormGrid>
          <TextInput
            source="name"
            label="adam.finance.account_name"
            validate={[required(), rule]}
            helperText="adam.finance.account_name_help"
            className="span-2"
          />
          <CongregationInput validate={rule} helperText="adam.finance.account_congregation_help" />
          <SelectInput
            source="kind"
            label="adam.finance.account_kind"
            choices={BANK_ACCOUNT_KIND_CHOICES}
            validate={required()}
          />
          <TextInput source="bank" label="adam.finance.bank" validate={rule} />
          <TextInput source="agency" label="adam.finance.agency" validate={rule} />
          <TextInput source="accountNumber" label="adam.finance.account_number" validate={rule} />
          <MoneyInput
            source="openingBalanceCents"
            label="adam.finance.opening_balance"
            allowNegative
            validate={rule}
            helperText="adam.finance.opening_balance_help"
          />
          <DateTextInput
            source="openingDate"
            label="adam.finance.opening_date"
            validate={[required(), rule]}
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
      </SimpleForm>
    </Create>
  );
}

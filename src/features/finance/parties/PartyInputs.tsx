// The form body of vendors and donors: person type first, which switches the document between
// CPF and CNPJ (alphanumeric CNPJ accepted); then contacts and address.
import { Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { SelectInput, TextInput, required, useTranslate } from 'react-admin';
import type { ZodType } from 'zod';
import {
  CnpjInput,
  CpfInput,
  MemberReferenceInput,
  PhoneInput,
  ZipCodeInput,
  schemaValidator,
} from '../../../ui/inputs';
import { UF_CHOICES } from '../../../ui/choices';
import { FormGrid } from '../../../ui/FormGrid';
import { PartyTypeInput } from './PartyTypeInput';

export function PartyInputs({ schema, party }: { schema: ZodType; party: 'vendor' | 'donor' }) {
  const translate = useTranslate();
  const rule = schemaValidator(schema);
  const personType = useWatch({ name: 'personType' });
  const entity = personType === 'entity';
  return (
    <FormGrid>
      <PartyTypeInput className="span-2" />
      <TextInput
        source="name"
        label={entity ? 'adam.finance.corporate_name' : 'adam.finance.full_name'}
        validate={[required(), rule]}
        className="span-2"
      />
      {entity ? (
        <CnpjInput key="cnpj" source="document" label="adam.finance.cnpj" validate={rule} />
      ) : (
        <CpfInput key="cpf" source="document" label="adam.finance.cpf" validate={rule} />
      )}
      {party === 'vendor' ? (
        <TextInput
          source="pixKey"
          label="adam.finance.pix_key"
          validate={rule}
          helperText="adam.finance.pix_key_help"
        />
      ) : (
        <MemberReferenceInput
          source="memberId"
          label="adam.finance.member"
          helperText="adam.finance.member_help"
        />
      )}
      <Typography variant="subtitle1" className="span-2" sx={{ mt: 1, mb: 1 }}>
        {translate('adam.finance.contact')}
      </Typography>
      <TextInput source="email" label="adam.finance.email" type="email" validate={rule} />
      <PhoneInput source="phone" label="adam.finance.phone" validate={rule} />
      <ZipCodeInput source="zipCode" label="adam.finance.zip_code" validate={rule} />
      <TextInput source="street" label="adam.finance.street" validate={rule} />
      <TextInput source="number" label="adam.finance.number" validate={rule} />
      <TextInput source="complement" label="adam.finance.complement" validate={rule} />
      <TextInput source="district" label="adam.finance.district" validate={rule} />
      <TextInput source="city" label="adam.finance.city" validate={rule} />
      <SelectInput source="state" label="adam.finance.state" choices={UF_CHOICES} validate={rule} />
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

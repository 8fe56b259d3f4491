import { SelectInput, TextInput } from 'react-admin';
import { PhoneInput, ZipCodeInput } from '../../ui/inputs';
import { UF_CHOICES } from '../../ui/choices';
import { FormGrid } from '../../ui/FormGrid';
import { validateMemberField as rule } from './memberValidators';

/** Tab "Contato e endereço". */
export function MemberContactInputs() {
  return (
    <FormGrid>
      <TextInput source="email" type="email" validate={rule} className="span-2" fullWidth />
      <PhoneInput source="phoneMobile" validate={rule} fullWidth />
      <PhoneInput source="phoneHome" validate={rule} fullWidth />
      <ZipCodeInput source="zipCode" validate={rule} fullWidth />
      <TextInput source="street" validate={rule} fullWidth />
      <TextInput source="number" validate={rule} fullWidth />
      <TextInput source="complement" validate={rule} fullWidth />
      <TextInput source="district" validate={rule} fullWidth />
      <TextInput source="city" validate={rule} fullWidth />
      <SelectInput source="state" choices={UF_CHOICES} validate={rule} fullWidth />
    </FormGrid>
  );
}

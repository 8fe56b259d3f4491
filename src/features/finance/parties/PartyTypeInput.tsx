import { RadioButtonGroupInput, required } from 'react-admin';
import { PERSON_TYPE_CHOICES } from '../shared/choices';

/** Pessoa física or jurídica: the one thing a vendor or donor needs besides its name. */
export function PartyTypeInput({ className }: { className?: string }) {
  return (
    <RadioButtonGroupInput
      source="personType"
      label="adam.finance.person_type"
      choices={PERSON_TYPE_CHOICES}
      validate={required()}
      className={className}
    />
  );
}

import { MaskedInput, type MaskedInputProps } from './MaskedInput';
import { cnpjMask } from './masks';
import { validateCnpj, withValidator } from './validators';

export type CnpjInputProps = Omit<MaskedInputProps, 'mask'>;

/**
 * CNPJ shown as NN.NNN.NNN/NNNN-NN, stored as 14 uppercase characters; letters are accepted in
 * the first 12 positions (alphanumeric CNPJ, July 2026); check digits validated.
 */
export function CnpjInput({ validate, ...props }: CnpjInputProps) {
  return (
    <MaskedInput {...props} mask={cnpjMask} validate={withValidator(validate, validateCnpj)} />
  );
}

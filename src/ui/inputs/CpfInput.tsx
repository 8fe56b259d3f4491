import { MaskedInput, type MaskedInputProps } from './MaskedInput';
import { cpfMask } from './masks';
import { validateCpf, withValidator } from './validators';

export type CpfInputProps = Omit<MaskedInputProps, 'mask'>;

/** CPF shown as NNN.NNN.NNN-NN, stored as 11 digits; check digits validated. */
export function CpfInput({ validate, slotProps, ...props }: CpfInputProps) {
  return (
    <MaskedInput
      {...props}
      mask={cpfMask}
      validate={withValidator(validate, validateCpf)}
      slotProps={{ ...slotProps, htmlInput: { inputMode: 'numeric', ...slotProps?.htmlInput } }}
    />
  );
}

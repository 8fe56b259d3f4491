import { MaskedInput, type MaskedInputProps } from './MaskedInput';
import { phoneMask } from './masks';
import { validatePhone, withValidator } from './validators';

export type PhoneInputProps = Omit<MaskedInputProps, 'mask'>;

/** Phone with area code, shown as (NN) NNNN-NNNN or (NN) NNNNN-NNNN, stored as digits. */
export function PhoneInput({ validate, slotProps, ...props }: PhoneInputProps) {
  return (
    <MaskedInput
      {...props}
      mask={phoneMask}
      validate={withValidator(validate, validatePhone)}
      slotProps={{
        ...slotProps,
        htmlInput: { inputMode: 'tel', autoComplete: 'tel-national', ...slotProps?.htmlInput },
      }}
    />
  );
}

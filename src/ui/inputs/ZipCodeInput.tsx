import { MaskedInput, type MaskedInputProps } from './MaskedInput';
import { zipCodeMask } from './masks';
import { validateZipCode, withValidator } from './validators';

export type ZipCodeInputProps = Omit<MaskedInputProps, 'mask'>;

/** CEP shown as NN.NNN-NNN, stored as 8 digits. */
export function ZipCodeInput({ validate, slotProps, ...props }: ZipCodeInputProps) {
  return (
    <MaskedInput
      {...props}
      mask={zipCodeMask}
      validate={withValidator(validate, validateZipCode)}
      slotProps={{
        ...slotProps,
        htmlInput: { inputMode: 'numeric', autoComplete: 'postal-code', ...slotProps?.htmlInput },
      }}
    />
  );
}

import { MaskedInput, type MaskedInputProps } from './MaskedInput';
import { zipCodeMask } from './masks';
import { CEP_TARGETS, type CepLookupMode, type CepTargets, useCepLookup } from './useCepLookup';
import { validateZipCode, withValidator } from './validators';

export type ZipCodeInputProps = Omit<MaskedInputProps, 'mask'> & {
  /**
   * Fill the address from the CEP once it is complete: through the signed-in API route
   * ('session', the default), the public one ('public', for /meu_cadastro), or not at all.
   */
  lookup?: CepLookupMode;
  /** The address fields the lookup fills (default: street, district, city, state). */
  targets?: CepTargets;
};

const HINTS = {
  idle: undefined,
  searching: 'adam.cep.searching',
  filled: 'adam.cep.filled',
  found: 'adam.cep.found',
  not_found: 'adam.cep.not_found',
  unavailable: 'adam.cep.unavailable',
} as const;

/** CEP shown as NN.NNN-NNN, stored as 8 digits; a complete CEP fills the empty address fields. */
export function ZipCodeInput({
  validate,
  slotProps,
  lookup = 'session',
  targets = CEP_TARGETS,
  onChange,
  helperText,
  ...props
}: ZipCodeInputProps) {
  const active = lookup !== false && !props.readOnly && !props.disabled;
  const { state, onCepChange } = useCepLookup(active ? lookup : false, targets);
  const hint = active ? HINTS[state] : undefined;
  return (
    <MaskedInput
      {...props}
      mask={zipCodeMask}
      validate={withValidator(validate, validateZipCode)}
      onChange={(...event: unknown[]) => {
        onCepChange(event[0]);
        onChange?.(...event);
      }}
      helperText={hint ?? helperText}
      slotProps={{
        ...slotProps,
        htmlInput: { inputMode: 'numeric', autoComplete: 'postal-code', ...slotProps?.htmlInput },
        formHelperText: { role: 'status', 'aria-live': 'polite', ...slotProps?.formHelperText },
      }}
    />
  );
}

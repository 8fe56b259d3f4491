import InputAdornment from '@mui/material/InputAdornment';
import { formatCentsAmount } from '../../../domain/formats';
import { MaskedInput, type MaskedInputProps } from './MaskedInput';
import { moneyMask } from './masks';

// 13 digits keep centavos far below Number.MAX_SAFE_INTEGER (up to R$ 99 bilhões).
const MAX_DIGITS = 13;

/** Form value (integer centavos) -> text of the input, '1.234,56'. */
export function formatMoneyInput(cents: unknown): string {
  if (cents === null || cents === undefined || cents === '') return '';
  return formatCentsAmount(typeof cents === 'number' ? cents : String(cents));
}

/**
 * Text of the input -> integer centavos. Digits fill the centavos first, as on a cash register:
 * typing 1, 2, 3, 4, 5, 6 gives 1.234,56. No digit other than zero means no amount (null), so
 * erasing '0,00' empties the field.
 */
export function parseMoneyInput(text: unknown, allowNegative = false): number | null {
  const digits = String(text ?? '')
    .replace(/\D/g, '')
    .replace(/^0+/, '')
    .slice(0, MAX_DIGITS);
  if (digits === '') return null;
  const cents = Number(digits);
  return allowNegative && String(text).includes('-') ? -cents : cents;
}

export type MoneyInputProps = Omit<MaskedInputProps, 'mask' | 'format' | 'parse'> & {
  /** Accept a leading '-' (signed amounts such as adjustments). */
  allowNegative?: boolean;
};

/** Amount in reais; the form value is integer centavos (e.g. `amount_cents`). */
export function MoneyInput({ allowNegative = false, slotProps, ...props }: MoneyInputProps) {
  const inputSlot = typeof slotProps?.input === 'object' ? slotProps.input : {};
  const htmlInputSlot = typeof slotProps?.htmlInput === 'object' ? slotProps.htmlInput : {};
  return (
    <MaskedInput
      {...props}
      mask={moneyMask}
      format={formatMoneyInput}
      parse={(text: string) => parseMoneyInput(text, allowNegative)}
      slotProps={{
        ...slotProps,
        input: {
          startAdornment: <InputAdornment position="start">R$</InputAdornment>,
          ...inputSlot,
        },
        htmlInput: { inputMode: allowNegative ? 'text' : 'numeric', ...htmlInputSlot },
      }}
    />
  );
}

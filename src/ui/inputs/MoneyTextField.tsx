import { forwardRef } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { MaskElement } from './MaskElement';
import { moneyMask } from './masks';
import { formatMoneyInput, parseMoneyInput } from './MoneyInput';

/** The masked <input> as MUI's input component; onUserAccept comes through slotProps.htmlInput. */
const MoneyMaskElement = forwardRef<HTMLInputElement, InputBaseComponentProps>(
  function MoneyMaskElement({ onUserAccept, ...props }, ref) {
    return <MaskElement {...props} ref={ref} mask={moneyMask} onUserAccept={onUserAccept} />;
  },
);

export type MoneyTextFieldProps = Omit<
  TextFieldProps,
  'value' | 'defaultValue' | 'onChange' | 'type' | 'multiline' | 'select'
> & {
  /** Integer centavos, or null for no amount. */
  value: number | null;
  onChange: (cents: number | null) => void;
};

/**
 * MoneyInput's field outside a react-admin form (a cell's report on a phone): reais typed as on a
 * cash register (1, 2, 3 gives 1,23), the value integer centavos, exact.
 */
export function MoneyTextField({ value, onChange, slotProps, ...props }: MoneyTextFieldProps) {
  const inputSlot = typeof slotProps?.input === 'object' ? slotProps.input : {};
  const htmlInputSlot = typeof slotProps?.htmlInput === 'object' ? slotProps.htmlInput : {};
  return (
    <TextField
      {...props}
      value={formatMoneyInput(value)}
      slotProps={{
        ...slotProps,
        input: {
          startAdornment: <InputAdornment position="start">R$</InputAdornment>,
          ...inputSlot,
          inputComponent: MoneyMaskElement,
        },
        htmlInput: {
          inputMode: 'numeric',
          ...htmlInputSlot,
          onUserAccept: (text: string) => onChange(parseMoneyInput(text)),
        },
      }}
    />
  );
}

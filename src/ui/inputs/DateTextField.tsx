import { forwardRef, useState } from 'react';
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { formatDateInput, parseCompleteDate } from './DateTextInput';
import { MaskElement } from './MaskElement';
import { dateMask } from './masks';
import { INVALID_DATE_MESSAGE } from './validators';

const DATE_DIGITS = 8;

/** The masked <input> as MUI's input component; onUserAccept comes through slotProps.htmlInput. */
const DateMaskElement = forwardRef<HTMLInputElement, InputBaseComponentProps>(
  function DateMaskElement({ onUserAccept, ...props }, ref) {
    return <MaskElement {...props} ref={ref} mask={dateMask} onUserAccept={onUserAccept} />;
  },
);

export type DateTextFieldProps = Omit<
  TextFieldProps,
  'value' | 'defaultValue' | 'onChange' | 'type' | 'multiline' | 'select'
> & {
  /** 'YYYY-MM-DD', or empty. */
  value: string | null | undefined;
  /** A real date as 'YYYY-MM-DD', or null once the field is emptied; never a date half-typed. */
  onChange: (value: string | null) => void;
};

/**
 * DateTextInput's field outside a react-admin form (a period filter, a statement's period):
 * typed as DD/MM/AAAA, it reports a date only once it is complete and real, so a half-typed
 * '12/0' is never applied. The text stays as typed meanwhile; it turns red only when it cannot
 * become a date (eight digits that make none) or is left incomplete.
 */
export function DateTextField({
  value,
  onChange,
  onBlur,
  error,
  helperText,
  slotProps,
  ...props
}: DateTextFieldProps) {
  const shown = formatDateInput(value);
  const [digits, setDigits] = useState(shown);
  const [seenShown, setSeenShown] = useState(shown);
  const [left, setLeft] = useState(false);

  // A new value from outside (filters cleared, a default applied) replaces the text.
  if (shown !== seenShown) {
    setSeenShown(shown);
    setDigits(shown);
    setLeft(false);
  }

  const accept = (typed: string) => {
    setDigits(typed);
    setLeft(false);
    const date = parseCompleteDate(typed);
    if (date !== undefined && date !== (value || null)) onChange(date);
  };

  const invalid =
    parseCompleteDate(digits) === undefined && (left || digits.length === DATE_DIGITS);
  const inputSlot = typeof slotProps?.input === 'object' ? slotProps.input : {};
  const htmlInputSlot = typeof slotProps?.htmlInput === 'object' ? slotProps.htmlInput : {};

  return (
    <TextField
      {...props}
      value={digits}
      error={Boolean(error) || invalid}
      helperText={invalid && helperText !== false ? INVALID_DATE_MESSAGE : helperText}
      onBlur={(event) => {
        setLeft(true);
        onBlur?.(event);
      }}
      slotProps={{
        ...slotProps,
        input: { ...inputSlot, inputComponent: DateMaskElement },
        htmlInput: {
          inputMode: 'numeric',
          placeholder: 'DD/MM/AAAA',
          ...htmlInputSlot,
          onUserAccept: accept,
        },
      }}
    />
  );
}

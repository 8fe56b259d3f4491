import { isIsoDate } from '../../../domain/dates';
import { MaskedInput, type MaskedInputProps } from './MaskedInput';
import { dateMask } from './masks';
import { validateDate, withValidator } from './validators';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Form value -> digits given to the mask: '2026-03-05' -> '05032026'. */
export function formatDateInput(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  const iso = ISO_DATE.exec(text);
  return iso ? `${iso[3]}${iso[2]}${iso[1]}` : text.replace(/\D/g, '');
}

/**
 * Digits typed -> form value: a complete date as 'YYYY-MM-DD'; an incomplete one stays as its
 * digits (validateDate reports it), so the text being typed is never thrown away.
 */
export function parseDateInput(text: unknown): string | null {
  const digits = String(text ?? '').replace(/\D/g, '');
  if (digits === '') return null;
  if (digits.length < 8) return digits;
  return `${digits.slice(4, 8)}-${digits.slice(2, 4)}-${digits.slice(0, 2)}`;
}

/**
 * Digits typed -> what a filter may apply: the date as 'YYYY-MM-DD' once they make a real one,
 * null when there are none, undefined while they make no date (yet): '1203' or '31022026'.
 */
export function parseCompleteDate(text: unknown): string | null | undefined {
  const parsed = parseDateInput(text);
  if (parsed === null) return null;
  return isIsoDate(parsed) ? parsed : undefined;
}

export type DateTextInputProps = Omit<MaskedInputProps, 'mask' | 'format' | 'parse'>;

/**
 * A date typed as DD/MM/AAAA whatever the browser's language (a native date input follows the
 * browser's, e.g. mm/dd/yyyy), stored as 'YYYY-MM-DD'.
 */
export function DateTextInput({ validate, slotProps, ...props }: DateTextInputProps) {
  return (
    <MaskedInput
      {...props}
      mask={dateMask}
      format={formatDateInput}
      parse={parseDateInput}
      validate={withValidator(validate, validateDate)}
      slotProps={{
        ...slotProps,
        htmlInput: { inputMode: 'numeric', placeholder: 'DD/MM/AAAA', ...slotProps?.htmlInput },
      }}
    />
  );
}

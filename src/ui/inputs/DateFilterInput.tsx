import {
  FieldTitle,
  InputHelperText,
  sanitizeInputRestProps,
  useInput,
  type InputProps,
} from 'react-admin';
import { DateTextField, type DateTextFieldProps } from './DateTextField';

export type DateFilterInputProps = Pick<
  InputProps,
  | 'source'
  | 'label'
  | 'resource'
  | 'alwaysOn'
  | 'defaultValue'
  | 'helperText'
  | 'disabled'
  | 'readOnly'
  | 'onBlur'
  | 'onChange'
> &
  Pick<DateTextFieldProps, 'className' | 'size' | 'fullWidth' | 'sx'>;

/**
 * A date filter of a react-admin filter form (a list's filter bar, FilterLiveForm), typed as
 * DD/MM/AAAA: the form receives the date only once it is complete and real, or null once
 * emptied. A DateTextInput there would hand the form the digits of '12/0': the field would flash
 * red and, the form being invalid, no other filter would apply until the date is finished.
 */
export function DateFilterInput({
  className,
  defaultValue,
  helperText,
  label,
  onBlur,
  onChange,
  readOnly,
  resource,
  source,
  ...rest
}: DateFilterInputProps) {
  const { field, id, isRequired } = useInput({
    defaultValue,
    onBlur,
    onChange,
    readOnly,
    resource,
    source,
  });
  return (
    <DateTextField
      {...sanitizeInputRestProps(rest)}
      id={id}
      name={field.name}
      inputRef={field.ref}
      value={field.value as string | null | undefined}
      onChange={field.onChange}
      onBlur={field.onBlur}
      // As react-admin's own inputs: read-only looks disabled.
      disabled={Boolean(rest.disabled) || Boolean(readOnly)}
      className={['ra-input', `ra-input-${source}`, className].filter(Boolean).join(' ')}
      helperText={helperText ? <InputHelperText helperText={helperText} /> : helperText}
      label={
        label !== '' && label !== false ? (
          <FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} />
        ) : null
      }
    />
  );
}

import type { FactoryOpts } from 'imask';
import TextField from '@mui/material/TextField';
import {
  FieldTitle,
  InputHelperText,
  sanitizeInputRestProps,
  useInput,
  type TextInputProps,
} from 'react-admin';
import { MaskElement } from './MaskElement';

export type MaskedInputProps = Omit<
  TextInputProps,
  'multiline' | 'resettable' | 'clearAlwaysVisible' | 'type' | 'rows' | 'minRows' | 'maxRows'
> & {
  /** IMask options; keep them at module level (see masks.ts). */
  mask: FactoryOpts;
};

/**
 * A react-admin input whose text goes through an IMask mask. The form receives the unmasked
 * text of user edits (through `parse`, which by default turns '' into null); `format` turns the
 * form value into the text given to the mask.
 */
export function MaskedInput(props: MaskedInputProps) {
  const {
    className,
    defaultValue,
    format,
    helperText,
    label,
    mask,
    onBlur,
    onChange,
    parse,
    readOnly,
    resource,
    slotProps,
    source,
    validate,
    ...rest
  } = props;

  const {
    field,
    fieldState: { error, invalid },
    id,
    isRequired,
  } = useInput({
    defaultValue,
    format,
    parse,
    resource,
    source,
    validate,
    onBlur,
    onChange,
    readOnly,
    ...rest,
  });

  const text = field.value == null ? '' : String(field.value);
  const inputSlot = typeof slotProps?.input === 'object' ? slotProps.input : {};
  const htmlInputSlot = typeof slotProps?.htmlInput === 'object' ? slotProps.htmlInput : {};

  return (
    <TextField
      id={id}
      name={field.name}
      value={text}
      onBlur={field.onBlur}
      inputRef={field.ref}
      className={['ra-input', `ra-input-${source}`, className].filter(Boolean).join(' ')}
      label={
        label !== '' && label !== false ? (
          <FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} />
        ) : null
      }
      error={invalid}
      helperText={
        helperText !== false || invalid ? (
          <InputHelperText error={error?.message} helperText={helperText} />
        ) : null
      }
      {...sanitizeInputRestProps(rest)}
      // As react-admin's own inputs: read-only looks disabled (its text stays selectable).
      disabled={Boolean(rest.disabled) || Boolean(readOnly)}
      slotProps={{
        ...slotProps,
        input: { readOnly, ...inputSlot, inputComponent: MaskElement },
        htmlInput: { ...htmlInputSlot, mask, onUserAccept: field.onChange },
      }}
    />
  );
}

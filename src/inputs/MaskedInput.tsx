import { forwardRef, useLayoutEffect, useReducer, useRef, type InputHTMLAttributes } from 'react';
import type { FactoryOpts, InputMask } from 'imask';
import { IMask } from 'react-imask';
import TextField from '@mui/material/TextField';
import { useForkRef } from '@mui/material/utils';
import {
  FieldTitle,
  InputHelperText,
  sanitizeInputRestProps,
  useInput,
  type TextInputProps,
} from 'react-admin';

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

type MaskElementProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue'> & {
  /** Text to show, from the form; set into the mask without being echoed back to the form. */
  value?: unknown;
  mask: FactoryOpts;
  onUserAccept: (unmaskedValue: string) => void;
};

/**
 * The <input> MUI renders inside the TextField. The DOM value belongs to IMask (React never
 * controls it), so the caret survives reformatting.
 */
const MaskElement = forwardRef<HTMLInputElement, MaskElementProps>(function MaskElement(
  { value, mask, onUserAccept, ...inputProps },
  forwardedRef,
) {
  const elementRef = useRef<HTMLInputElement | null>(null);
  const maskRef = useRef<InputMask<FactoryOpts> | null>(null);
  // IMask fires 'accept' for programmatic sets too; only the user's edits may reach the form,
  // or loading a record would mark the form dirty.
  const settingValue = useRef(false);
  const onUserAcceptRef = useRef(onUserAccept);
  // A user edit may leave the form value unchanged (e.g. a typed '.' in an amount) while the
  // mask shows other text; re-rendering lets the sync effect below put the form's text back.
  const [userEdits, countUserEdit] = useReducer((count: number) => count + 1, 0);
  const handleRef = useForkRef(elementRef, forwardedRef);
  const text = value == null ? '' : String(value);

  useLayoutEffect(() => {
    onUserAcceptRef.current = onUserAccept;
  }, [onUserAccept]);

  useLayoutEffect(() => {
    const element = elementRef.current;
    if (!element) return;
    const instance = IMask(element, mask);
    maskRef.current = instance;
    instance.on('accept', () => {
      if (settingValue.current) return;
      onUserAcceptRef.current(instance.unmaskedValue);
      countUserEdit();
    });
    return () => {
      instance.destroy();
      maskRef.current = null;
    };
  }, [mask]);

  useLayoutEffect(() => {
    const instance = maskRef.current;
    if (!instance || instance.unmaskedValue === text || instance.value === text) return;
    settingValue.current = true;
    try {
      instance.value = text;
    } finally {
      settingValue.current = false;
    }
  }, [text, mask, userEdits]);

  return <input {...inputProps} ref={handleRef} />;
});

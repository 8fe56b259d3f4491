import { forwardRef, useLayoutEffect, useReducer, useRef, type InputHTMLAttributes } from 'react';
import type { FactoryOpts, InputMask } from 'imask';
import { IMask } from 'react-imask';
import { useForkRef } from '@mui/material/utils';

export type MaskElementProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'defaultValue'
> & {
  /** Text to show, from its owner (a form or a parent's state); set into the mask without being echoed back. */
  value?: unknown;
  mask: FactoryOpts;
  onUserAccept: (unmaskedValue: string) => void;
};

/**
 * The <input> MUI renders inside a masked TextField (MaskedInput, DateTextField). The DOM value
 * belongs to IMask (React never controls it), so the caret survives reformatting.
 */
export const MaskElement = forwardRef<HTMLInputElement, MaskElementProps>(function MaskElement(
  { value, mask, onUserAccept, ...inputProps },
  forwardedRef,
) {
  const elementRef = useRef<HTMLInputElement | null>(null);
  const maskRef = useRef<InputMask<FactoryOpts> | null>(null);
  // IMask fires 'accept' for programmatic sets too; only the user's edits may reach the owner,
  // or loading a record would mark the form dirty.
  const settingValue = useRef(false);
  const onUserAcceptRef = useRef(onUserAccept);
  // A user edit may leave the owner's value unchanged (e.g. a typed '.' in an amount) while the
  // mask shows other text; re-rendering lets the sync effect below put the owner's text back.
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

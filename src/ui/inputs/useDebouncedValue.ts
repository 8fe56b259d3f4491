import { useEffect, useState } from 'react';
import { INPUT_DEBOUNCE_MS } from '../../../domain/constants';

/** `value`, updated only once it has stayed unchanged for `delay` ms (SPEC §9: 300 ms). */
export function useDebouncedValue<T>(value: T, delay: number = INPUT_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

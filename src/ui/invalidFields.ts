// Which fields stop a save, by the names the user reads on screen: react-admin's own notice said
// only "O formulário não é válido", which on a tabbed form (the member's Congregação sits on the
// Igreja tab) left the secretary looking for the error.
import { useEffect, useRef } from 'react';
import { useNotify } from 'react-admin';
import { type FieldErrors, useFormState } from 'react-hook-form';

/** "lines.0.amountCents" for every error of the form, nested ones (array inputs) included. */
function errorPaths(errors: FieldErrors, prefix = ''): string[] {
  return Object.entries(errors).flatMap(([key, value]) => {
    if (key === 'root' || !value || typeof value !== 'object') return [];
    const path = prefix ? `${prefix}.${key}` : key;
    return 'message' in value || 'type' in value ? [path] : errorPaths(value as FieldErrors, path);
  });
}

/**
 * The label the user reads above a field's input (inputs carry their source as name; a select's
 * hidden input has no label of its own, so the label of its form control).
 */
function labelOf(path: string): string | null {
  const input = document.querySelector<HTMLInputElement>(`[name="${CSS.escape(path)}"]`);
  const label =
    input?.labels?.[0] ?? input?.closest('.MuiFormControl-root')?.querySelector('label') ?? null;
  const text = label?.textContent ?? null;
  return text ? text.replace(/\s*\*\s*$/, '').trim() : null;
}

/** "Nome", "Nome e Congregação", "Nome, Data e Congregação". */
function listOf(names: string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} e ${names.at(-1)}`;
}

/**
 * After a refused submit, a notice that names the invalid fields. The form must say
 * `disableInvalidFormNotification` (the forms of ui/forms.tsx do), or both notices show.
 */
export function useInvalidFieldsNotice() {
  const { submitCount, errors } = useFormState();
  const seen = useRef(submitCount);
  const notify = useNotify();
  useEffect(() => {
    if (submitCount <= seen.current) return;
    seen.current = submitCount;
    if (Object.keys(errors).length === 0) return;
    const server = errors.root?.serverError?.message;
    if (typeof server === 'string') {
      notify(server, { type: 'error' });
      return;
    }
    const names = [
      ...new Set(
        errorPaths(errors)
          .map(labelOf)
          .filter((name) => name !== null),
      ),
    ];
    if (names.length === 0) {
      notify('ra.message.invalid_form', { type: 'error' });
      return;
    }
    notify('adam.form.invalid_fields', {
      type: 'error',
      messageArgs: { smart_count: names.length, fields: listOf(names) },
    });
  }, [errors, submitCount, notify]);
}

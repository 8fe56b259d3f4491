import type { CustomField } from '../../../ui/customFields/types';

/**
 * What the secretary edits (the key and the counts are the server's); options are kept only
 * for choice lists, trimmed and without blanks.
 */
export function customFieldPayload(data: Partial<CustomField>) {
  const { label, fieldType, required, active, publicForm, visibleToAll, sortOrder } = data;
  const options =
    fieldType === 'choice'
      ? (data.options ?? []).map((option) => option?.trim() ?? '').filter(Boolean)
      : [];
  return {
    label,
    fieldType,
    options,
    required,
    active,
    publicForm: Boolean(publicForm),
    visibleToAll: Boolean(visibleToAll),
    sortOrder,
  };
}

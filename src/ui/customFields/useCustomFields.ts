import { useGetList } from 'react-admin';
import type { CustomField } from './types';

const byOrder = (a: CustomField, b: CustomField) =>
  a.sortOrder - b.sortOrder || a.label.localeCompare(b.label, 'pt-BR');

/** The custom field definitions in their order; only the active ones unless `all`. */
export function useCustomFields({ all = false }: { all?: boolean } = {}) {
  const { data, isPending, error } = useGetList<CustomField>('configuracoes/campos_adicionais', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'sortOrder', order: 'ASC' },
  });
  const fields = (data ?? []).filter((field) => all || field.active).sort(byOrder);
  return { fields, isPending, error };
}

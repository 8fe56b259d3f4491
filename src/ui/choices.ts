// Choices of select inputs, built from the Portuguese labels of domain.
import { UFS } from '../../domain/members';

export interface Choice<T extends string = string> {
  id: T;
  name: string;
}

/** `{active: 'Ativo'}` -> `[{id: 'active', name: 'Ativo'}]`, in the labels' order. */
export function choicesFrom<T extends string>(labels: Record<T, string>): Choice<T>[] {
  return (Object.entries(labels) as [T, string][]).map(([id, name]) => ({ id, name }));
}

/** The Portuguese label of a stored value, or the value itself when it is unknown. */
export function labelOf<K extends string>(
  labels: Record<K, string>,
  key: string | null | undefined,
): string {
  return key ? (labels[key as K] ?? key) : '';
}

export const UF_CHOICES: Choice[] = UFS.map((uf) => ({ id: uf, name: uf }));

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

export const UF_CHOICES: Choice[] = UFS.map((uf) => ({ id: uf, name: uf }));

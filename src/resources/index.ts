// The screens of each registered resource, keyed by the registry's name (src/domain/resources.ts).
import type { ScreenSet } from './types';
import { users } from './users';

export const SCREENS: Record<string, ScreenSet> = {
  'configuracoes/usuarios': users,
};

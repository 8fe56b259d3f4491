import type { TranslateFunction } from 'ra-core';

/**
 * "Nenhum membro", "1 membro", "12 membros": Polyglot's pt-br rule would say "0 membro" (0 takes
 * the singular), so zero has its own words.
 */
export function memberCountText(translate: TranslateFunction, count: number): string {
  return count === 0
    ? translate('adam.list.no_members')
    : translate('adam.list.member_count', { smart_count: count });
}

// Business constants of SPEC §9.
export const SESSION_KEY = 'adamSession';
export const CURRENT_USER_KEY = 'adamCurrentUser';
export const LOCALE = 'pt-BR';
export const CURRENCY = 'BRL';
export const TIME_ZONE = 'America/Sao_Paulo';
/** Default debounce of filter inputs, in milliseconds. */
export const INPUT_DEBOUNCE_MS = 300;
export const BREAKPOINTS = { xs: 600, sm: 960, md: 1280, lg: 1920 } as const;
export const MOBILE_BREAKPOINT = 1264;
/**
 * Where a count stops when no list page sets a lower cap (a step of domain/listTotals.ts: the
 * API answers COUNT_CAP + 1 and the screens say "mais de 10.000"). A list page counts up to
 * its own, lower cap (countCapFor).
 */
export const COUNT_CAP = 10_000;

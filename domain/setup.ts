// The first-run checklist of /visao_geral (admins): what a new church must set before its first
// credential prints "Minha Igreja" and an unnamed "Pastor presidente". The server says which
// items are done; the app names them and links each to the screen where it is done.

/** The church's name as a new installation creates it (migration 0002). */
export const DEFAULT_CHURCH_NAME = 'Minha Igreja';

export const SETUP_ITEMS = [
  'church_name',
  'pastor_name',
  'city',
  'logo',
  'credential_validity',
  'users',
] as const;
export type SetupItem = (typeof SETUP_ITEMS)[number];

export interface SetupChecklist {
  items: Array<{ key: SetupItem; done: boolean }>;
  /** Every item done. */
  complete: boolean;
  /** An admin closed it (kept in the church settings). */
  dismissed: boolean;
}

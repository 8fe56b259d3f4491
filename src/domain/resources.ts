// The resource registry: one entry per resource, read by the app's routes and menu, the
// data provider (screen name -> API name) and the server's authorization.
import { ADMIN_ONLY, type Access } from './access';

export type MenuGroup = 'members' | 'reports' | 'settings' | 'finance';

export interface ResourceEntry {
  /** react-admin resource name: the screen path without the leading slash. */
  name: string;
  /** API resource under /api. */
  api: string;
  read: Access;
  write: Access;
  menu: MenuGroup | null;
  /** Which of the Portuguese child routes exist (SPEC §2). */
  routes: { create: boolean; show: boolean; edit: boolean };
}

export const RESOURCES: readonly ResourceEntry[] = [
  {
    name: 'configuracoes/usuarios',
    api: 'users',
    read: ADMIN_ONLY,
    write: ADMIN_ONLY,
    menu: 'settings',
    routes: { create: true, show: false, edit: true },
  },
];

export function resourceByName(name: string): ResourceEntry | undefined {
  return RESOURCES.find((entry) => entry.name === name);
}

export function resourceByApi(api: string): ResourceEntry {
  const entry = RESOURCES.find((candidate) => candidate.api === api);
  if (!entry) throw new Error(`Recurso não registrado: ${api}`);
  return entry;
}

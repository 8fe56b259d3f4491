// The resource registry: one entry per resource, read by the app's routes and menu, the
// data provider (screen name -> API name) and the server's authorization.
import { ADMIN_ONLY, ANY_USER, type Access, SECRETARY_ACCESS } from './access';

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
  /** One record edited in place (GET/PUT /api/<api>), not a list. */
  singleton?: boolean;
}

const NOBODY: Access = [];

export const RESOURCES: readonly ResourceEntry[] = [
  {
    name: 'membros',
    api: 'members',
    read: ANY_USER,
    write: SECRETARY_ACCESS,
    menu: 'members',
    routes: { create: true, show: true, edit: true },
  },
  {
    name: 'obreiros',
    api: 'ministry_workers',
    read: ANY_USER,
    write: NOBODY,
    menu: 'members',
    routes: { create: false, show: false, edit: false },
  },
  {
    name: 'configuracoes/departamentos',
    api: 'departments',
    read: ANY_USER,
    write: SECRETARY_ACCESS,
    menu: 'settings',
    routes: { create: true, show: false, edit: true },
  },
  {
    name: 'configuracoes/positions',
    api: 'positions',
    read: ANY_USER,
    write: SECRETARY_ACCESS,
    menu: 'settings',
    routes: { create: true, show: false, edit: true },
  },
  {
    name: 'configuracoes/campos_adicionais',
    api: 'custom_fields',
    read: ANY_USER,
    write: SECRETARY_ACCESS,
    menu: 'settings',
    routes: { create: true, show: false, edit: true },
  },
  {
    name: 'configuracoes/igreja',
    api: 'church',
    read: ANY_USER,
    write: SECRETARY_ACCESS,
    menu: 'settings',
    routes: { create: false, show: false, edit: false },
    singleton: true,
  },
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

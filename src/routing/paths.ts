// Every screen link is built here (DESIGN §6): Portuguese segments instead of react-admin's
// /create, /:id/show and /:id.
import { CREATE_SEGMENT, EDIT_SEGMENT } from '../../domain/resources';

export { CREATE_SEGMENT, EDIT_SEGMENT };
export const LOGIN_PATH = '/login';
export const DASHBOARD_PATH = '/visao_geral';
/** The signed-in user's own account screen (issue 22): open to every user. */
export { ACCOUNT_PATH } from '../../domain/access';

type Id = string | number;

export const paths = {
  login: LOGIN_PATH,
  dashboard: DASHBOARD_PATH,
  list: (resource: string) => `/${resource}`,
  /** The list with these filters applied (react-admin reads `?filter=` as JSON). */
  filteredList: (resource: string, filter: Record<string, unknown>) =>
    `/${resource}?${new URLSearchParams({ filter: JSON.stringify(filter) })}`,
  create: (resource: string) => `/${resource}/${CREATE_SEGMENT}`,
  show: (resource: string, id: Id) => `/${resource}/${encodeURIComponent(String(id))}`,
  edit: (resource: string, id: Id) =>
    `/${resource}/${encodeURIComponent(String(id))}/${EDIT_SEGMENT}`,
};

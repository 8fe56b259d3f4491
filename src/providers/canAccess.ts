// Roles through react-admin (DESIGN §1): authProvider.canAccess answers from the one access
// table, so react-admin's own buttons and controllers, the menu and the route guard agree with
// the server. Pure, so it is tested against the role table without a browser.
import {
  CHURCH_WIDE_SETTINGS,
  canOpen,
  changesChurchWide,
  hasAccess,
  limitedOutOf,
} from '../../domain/access';
import { REPORTS } from '../../domain/reports';
import { resourceByName } from '../../domain/resources';
import { paths } from '../routing/paths';

/**
 * react-admin's actions (list, show, create, edit, delete, export), plus `write` (may this
 * user change records of the resource?), `detail` (does this user read its records whole, or
 * the reduced record the server answers without secretary access — issue 13?), `anonymize` (may
 * this user erase a record's identity at its data subject's request?), `church_wide` (may this
 * user change the resource's church-wide settings — an admin of the whole church, issue 22?),
 * `scope_limited` (would this user write the resource but for the congregations they are
 * limited to — the church's data, issue 24?) and
 * `open` (may this user open the screen path given as `resource`, e.g. "/membros/12/editar"? —
 * the route guard's question).
 */
export interface AccessRequest {
  action: string;
  resource: string;
  record?: { id?: string | number } | null;
}

const READ_ACTIONS = ['list', 'show', 'export'];

export function canAccessWith(
  roles: readonly string[] | undefined,
  request: AccessRequest,
  congregationIds: readonly number[] = [],
) {
  const { action, record } = request;
  // Resource names are screen paths without the leading slash; a path is accepted as well.
  const resource = request.resource.replace(/^\/+/, '');
  if (action === 'open') return canOpen(`/${resource}`, roles);
  const entry = resourceByName(resource);
  if (!entry) {
    // A report (by its screen or its API name): its screen path decides; it has nothing to write.
    const report = REPORTS.find((item) => item.api === resource || item.path === `/${resource}`);
    const path = report?.path ?? paths.list(resource);
    return READ_ACTIONS.includes(action) && canOpen(path, roles);
  }
  const id = record?.id ?? ':id';
  const reads = hasAccess(roles, entry.read);
  // The whole church's own data: no writing for a user limited to congregations (issue 24).
  const limited = limitedOutOf(entry.api, congregationIds);
  const writes = hasAccess(roles, entry.write) && !limited;
  switch (action) {
    case 'list':
    case 'export':
      return reads && canOpen(paths.list(resource), roles);
    case 'show':
      return reads && canOpen(paths.show(resource, id), roles);
    case 'detail':
      return reads && hasAccess(roles, entry.detail ?? entry.read);
    case 'anonymize':
      return reads && hasAccess(roles, entry.anonymize ?? []);
    case 'scope_limited':
      return hasAccess(roles, entry.write) && limited;
    case 'church_wide':
      return CHURCH_WIDE_SETTINGS[entry.api]
        ? writes && changesChurchWide(roles, congregationIds)
        : writes;
    case 'create':
      return writes && canOpen(paths.create(resource), roles);
    case 'edit':
      // A singleton's one screen is its edit form, open to readers (read-only without write).
      if (entry.singleton) return reads && canOpen(paths.list(resource), roles);
      return writes && canOpen(paths.edit(resource, id), roles);
    default:
      return writes;
  }
}

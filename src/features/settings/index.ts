// The settings feature (/configuracoes/...): the church's lists, its own data, users and the audit log.
import type { ScreenSet } from '../../routing/types';
import { auditLog } from './auditLog';
import { church } from './church';
import { congregations } from './congregations';
import { consentVersions } from './consent';
import { customFields } from './customFields';
import { departments } from './departments';
import { positions } from './positions';
import { privacyRequests } from './privacyRequests';
import { users } from './users';

/** The settings screens, keyed by the registry's names (domain/resources.ts). */
export const SETTINGS_SCREENS: Record<string, ScreenSet> = {
  'configuracoes/departamentos': departments,
  'configuracoes/positions': positions,
  'configuracoes/campos_adicionais': customFields,
  'configuracoes/igreja': church,
  'configuracoes/congregacoes': congregations,
  'configuracoes/usuarios': users,
  'configuracoes/auditoria': auditLog,
  'configuracoes/consentimento': consentVersions,
  'configuracoes/pedidos-lgpd': privacyRequests,
};

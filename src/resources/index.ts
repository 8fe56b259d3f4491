// The screens of each registered resource, keyed by the registry's name (domain/resources.ts).
import { auditLog } from './auditLog';
import { church } from './church';
import { customFields } from './customFields';
import { departments } from './departments';
import { FINANCE_SCREENS } from './finance';
import { members } from './members';
import { ministryWorkers } from './ministryWorkers';
import { positions } from './positions';
import { registrations } from '../registrations';
import type { ScreenSet } from './types';
import { users } from './users';

export const SCREENS: Record<string, ScreenSet> = {
  membros: members,
  obreiros: ministryWorkers,
  'membros/pendentes': registrations,
  'configuracoes/departamentos': departments,
  'configuracoes/positions': positions,
  'configuracoes/campos_adicionais': customFields,
  'configuracoes/igreja': church,
  'configuracoes/usuarios': users,
  'configuracoes/auditoria': auditLog,
  ...FINANCE_SCREENS,
};

// The members feature: the registry, the obreiros list and the review of self-registrations,
// with credentials and letters issued from the member's page.
import PeopleIcon from '@mui/icons-material/People';
import type { ScreenSet } from '../../routing/types';
import { lazyScreen } from '../../routing/lazyScreen';
import { ministryWorkers } from './ministryWorkers';
import { messaging } from './messaging';
import { registrations } from './registrations';
import { selfUpdates } from './selfUpdates';
import { transfers } from './transfers';
import { certificates } from './milestones';

const members: ScreenSet = {
  icon: PeopleIcon,
  list: lazyScreen(() => import('./MemberList')),
  create: lazyScreen(() => import('./MemberCreate')),
  edit: lazyScreen(() => import('./MemberEdit')),
  show: lazyScreen(() => import('./MemberShow')),
  recordRepresentation: 'name',
};

/** The members screens, keyed by the registry's names (domain/resources.ts). */
export const MEMBERS_SCREENS: Record<string, ScreenSet> = {
  membros: members,
  obreiros: ministryWorkers,
  'membros/pendentes': registrations,
  'membros/atualizacoes': selfUpdates,
  'membros/transferencias': transfers,
  'membros/certificados': certificates,
  mensagens: messaging,
};

// Every feature's routes, registered in this order by app.ts: adding a module is one line here.
import type { FastifyPluginAsync } from 'fastify';
import { auditLogRoutes } from './audit/index.js';
import { authRoutes } from './auth/index.js';
import { cellsRoutes } from './cells/index.js';
import { cepRoutes } from './cep/index.js';
import { churchRoutes } from './church/index.js';
import { churchLifeRoutes } from './churchLife/index.js';
import { consentsRoutes } from './consents/index.js';
import { congregationsRoutes } from './congregations/index.js';
import { credentialsRoutes } from './credentials/index.js';
import { dashboardRoutes } from './dashboard/index.js';
import { ebdRoutes } from './ebd/index.js';
import { familiesRoutes } from './families/index.js';
import { financeRoutes } from './finance/index.js';
import { importsRoutes } from './imports/index.js';
import { lettersRoutes } from './letters/index.js';
import { offeringCountsRoutes } from './offeringCounts/index.js';
import { messagesRoutes } from './messages/index.js';
import { membersRoutes, ministryWorkersRoutes, registrationsRoutes } from './members/index.js';
import { milestonesRoutes } from './milestones/index.js';
import { paperHistoryRoutes } from './paperHistory/index.js';
import { pendingOfferingsRoutes } from './pendingOfferings/index.js';
import { publicRegistrationRoutes } from './public/index.js';
import { reportsRoutes } from './reports/index.js';
import { publicSelfUpdateRoutes, selfUpdatesRoutes } from './selfUpdates/index.js';
import { settingsRoutes } from './settings/index.js';
import { subjectRightsRoutes } from './subjectRights/index.js';
import { statementsRoutes } from './statements/index.js';
import { transfersRoutes } from './transfers/index.js';
import { twoFactorRoutes } from './twoFactor/index.js';
import { usersRoutes } from './users/index.js';

export const MODULES: FastifyPluginAsync[] = [
  authRoutes,
  usersRoutes,
  twoFactorRoutes,
  churchRoutes,
  congregationsRoutes,
  dashboardRoutes,
  membersRoutes,
  ministryWorkersRoutes,
  familiesRoutes,
  churchLifeRoutes,
  cellsRoutes,
  ebdRoutes,
  settingsRoutes,
  credentialsRoutes,
  lettersRoutes,
  transfersRoutes,
  milestonesRoutes,
  paperHistoryRoutes,
  reportsRoutes,
  publicRegistrationRoutes,
  registrationsRoutes,
  importsRoutes,
  consentsRoutes,
  subjectRightsRoutes,
  financeRoutes,
  statementsRoutes,
  offeringCountsRoutes,
  pendingOfferingsRoutes,
  auditLogRoutes,
  cepRoutes,
  selfUpdatesRoutes,
  publicSelfUpdateRoutes,
  messagesRoutes,
];

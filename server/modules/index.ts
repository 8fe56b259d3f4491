// Every feature's routes, registered in this order by app.ts: adding a module is one line here.
import type { FastifyPluginAsync } from 'fastify';
import { auditLogRoutes } from './audit/routes.js';
import { authRoutes } from './auth/routes.js';
import { cepRoutes } from './cep/routes.js';
import { churchRoutes } from './church/routes.js';
import { consentsRoutes } from './consents/routes.js';
import { congregationsRoutes } from './congregations/routes.js';
import { credentialsRoutes } from './credentials/routes.js';
import { dashboardRoutes } from './dashboard/routes.js';
import { financeRoutes } from './finance/index.js';
import { importsRoutes } from './imports/routes.js';
import { lettersRoutes } from './letters/routes.js';
import { ministryWorkersRoutes } from './members/ministryWorkers.js';
import { registrationsRoutes } from './members/registrations.js';
import { membersRoutes } from './members/routes.js';
import { paperHistoryRoutes } from './paperHistory/routes.js';
import { publicRegistrationRoutes } from './public/registration.js';
import { reportsRoutes } from './reports/routes.js';
import { settingsRoutes } from './settings/routes.js';
import { subjectRightsRoutes } from './subjectRights/routes.js';
import { statementsRoutes } from './statements/routes.js';
import { twoFactorRoutes } from './twoFactor/index.js';
import { usersRoutes } from './users/routes.js';

export const MODULES: FastifyPluginAsync[] = [
  authRoutes,
  usersRoutes,
  twoFactorRoutes,
  churchRoutes,
  congregationsRoutes,
  dashboardRoutes,
  membersRoutes,
  ministryWorkersRoutes,
  settingsRoutes,
  credentialsRoutes,
  lettersRoutes,
  paperHistoryRoutes,
  reportsRoutes,
  publicRegistrationRoutes,
  registrationsRoutes,
  importsRoutes,
  consentsRoutes,
  subjectRightsRoutes,
  financeRoutes,
  statementsRoutes,
  auditLogRoutes,
  cepRoutes,
];

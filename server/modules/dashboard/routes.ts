// GET /api/dashboard: the figures of /visao_geral, each only for the roles that may see it, and
// each for the request's view (the congregations of the app bar's selection, issue 12).
import type { FastifyInstance } from 'fastify';
import {
  ADMIN_ONLY,
  ANY_USER,
  FINANCIAL_ACCESS,
  SECRETARY_ACCESS,
  hasAccess,
} from '../../../domain/access.js';
import { todayIso } from '../../../domain/dates.js';
import { readsWholeMembers } from '../../../domain/memberAccess.js';
import { viewOf } from '../../http/scope.js';
import { setupChecklist } from '../church/setupChecklist.js';
import { financeSummary } from '../finance/index.js';
import { countExpiringCredentials } from '../reports/expiringCredentials.js';
import { memberFigures, userFigures } from './figures.js';

export async function dashboardRoutes(app: FastifyInstance) {
  const { db } = app.database;
  app.get('/api/dashboard', { config: { access: ANY_USER } }, async (request) => {
    const view = viewOf(request);
    // Birthdays reveal birth dates: only for those who read the whole member record (issue 13).
    const figures: Record<string, unknown> = await memberFigures(db, view, {
      birthdays: readsWholeMembers(request.user?.roles),
    });
    if (hasAccess(request.user?.roles, ADMIN_ONLY)) {
      figures.users = await userFigures(db);
      figures.setup_checklist = await setupChecklist(db);
    }
    if (hasAccess(request.user?.roles, SECRETARY_ACCESS)) {
      figures.expiring_credentials_30d = await countExpiringCredentials(db, todayIso(), 30, view);
    }
    if (hasAccess(request.user?.roles, FINANCIAL_ACCESS))
      figures.finance = await financeSummary(db, view);
    return figures;
  });
}

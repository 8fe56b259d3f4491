// GET /api/dashboard: the figures of /visao_geral, each only for the roles that may see it, and
// each for the request's view (the congregations of the app bar's selection, issue 12).
import type { FastifyInstance } from 'fastify';
import {
  ADMIN_ONLY,
  FINANCIAL_ACCESS,
  SECRETARY_ACCESS,
  STAFF_ACCESS,
  hasAccess,
} from '../../../domain/access.js';
import { todayIso } from '../../../domain/dates.js';
import { readsWholeMembers } from '../../../domain/memberAccess.js';
import { viewOf } from '../../http/scope.js';
import { setupChecklist } from '../church/index.js';
import { attendanceFigures } from '../churchLife/index.js';
import { financeSummary } from '../finance/index.js';
import { countExpiringCredentials } from '../reports/index.js';
import { memberFigures, userFigures } from './figures.js';

export async function dashboardRoutes(app: FastifyInstance) {
  const { db } = app.database;
  // The office's: a líder's home is his groups, not the church's figures (issue 26).
  app.get('/api/dashboard', { config: { access: STAFF_ACCESS } }, async (request) => {
    const view = viewOf(request);
    const roles = request.user?.roles;
    // Each figure its own queries, at once (PostgreSQL runs them on several connections).
    const secretary = hasAccess(roles, SECRETARY_ACCESS);
    const [members, admin, expiring, finance, attendance] = await Promise.all([
      // Birthdays reveal birth dates: only for those who read the whole member record (issue 13).
      memberFigures(db, view, { birthdays: readsWholeMembers(roles) }),
      hasAccess(roles, ADMIN_ONLY) ? Promise.all([userFigures(db), setupChecklist(db)]) : undefined,
      secretary ? countExpiringCredentials(db, todayIso(), 30, view) : undefined,
      hasAccess(roles, FINANCIAL_ACCESS) ? financeSummary(db, view) : undefined,
      // Who came to the cultos is church life's personal data: secretary access (issue 26).
      secretary ? attendanceFigures(db, view, todayIso()) : undefined,
    ]);
    const figures: Record<string, unknown> = members;
    if (admin) [figures.users, figures.setup_checklist] = admin;
    if (expiring !== undefined) figures.expiring_credentials_30d = expiring;
    if (finance) figures.finance = finance;
    if (attendance) figures.attendance = attendance;
    return figures;
  });
}

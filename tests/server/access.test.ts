// The role matrix: every /api route x no token / bad token / admin / secretary / financial.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Role, hasAccess } from '../../domain/access.js';
import { ADMIN, type SessionHeaders, type TestApp, createTestApp } from '../support/testApp.js';

// The office: every role but the líder's (issue 26): what the church's people and books are.
const STAFF: Role[] = ['admin', 'secretary', 'financial'];

// What SPEC §6 / DESIGN §4 say, written out independently of the access table itself.
const EXPECTED: Record<string, Role[] | 'any' | 'public'> = {
  'GET /api/health': 'public',
  'POST /api/auth/sign_in': 'public',
  'GET /api/auth/sign_in': 'public',
  'DELETE /api/auth/sign_out': 'public',
  'GET /api/auth/validate_token': 'public',
  'PUT /api/auth/password': 'any',
  // What the signed-in user is assigned (issue 26): the groups his menu shows.
  'GET /api/assignments': 'any',
  // One's own second factor (issue 22); the setup past the grace period takes the credentials.
  'GET /api/auth/two_factor': 'any',
  'POST /api/auth/two_factor': 'any',
  'POST /api/auth/two_factor/confirm': 'any',
  'POST /api/auth/two_factor/disable': 'any',
  'POST /api/auth/two_factor/recovery_codes': 'any',
  'POST /api/auth/two_factor/setup': 'public',
  'POST /api/users/:id/two_factor/reset': ['admin'],
  'GET /api/church/two_factor': ['admin'],
  'PUT /api/church/two_factor': ['admin'],
  'GET /api/public/church': 'public',
  'GET /api/public/privacy': 'public',
  'GET /api/church': 'any',
  'PUT /api/church': ['admin', 'secretary'],
  'POST /api/church/setup_checklist/dismiss': ['admin'],
  'GET /api/members': STAFF,
  'GET /api/members/export': ['admin', 'secretary'],
  'GET /api/members/:id': STAFF,
  'GET /api/members/:id/moves': ['admin', 'secretary'],
  'POST /api/members': ['admin', 'secretary'],
  'PUT /api/members/:id': ['admin', 'secretary'],
  'DELETE /api/members/:id': ['admin', 'secretary'],
  'POST /api/members/bulk': ['admin', 'secretary'],
  // The data subject's rights (issue 13): the export with secretary access, anonymizing by admins.
  'GET /api/members/:id/data_export': ['admin', 'secretary'],
  'POST /api/members/:id/anonymize': ['admin'],
  'GET /api/ministry_workers': STAFF,
  'POST /api/imports/members': ['admin', 'secretary'],
  'GET /api/imports/:id': ['admin', 'secretary'],
  'DELETE /api/imports/:id': ['admin', 'secretary'],
  ...settingsTable('positions'),
  ...settingsTable('departments'),
  ...settingsTable('custom_fields'),
  'GET /api/dashboard': STAFF,
  'GET /api/cep/:cep': STAFF,
  'GET /api/public/cep/:cep': 'public',
  ...documentsTable(),
  ...financeTable(),
  ...churchLifeTable(),
  ...cellsTable(),
  'GET /api/openapi.json': ['admin'],
  // Messages (issue 28): secretary access; the unsubscribe page is public.
  'GET /api/message_settings': ['admin', 'secretary'],
  'PUT /api/message_settings': ['admin', 'secretary'],
  'POST /api/message_settings/test': ['admin', 'secretary'],
  'GET /api/messages': ['admin', 'secretary'],
  'POST /api/messages': ['admin', 'secretary'],
  'POST /api/messages/preview': ['admin', 'secretary'],
  'GET /api/messages/:id': ['admin', 'secretary'],
  'GET /api/messages/:id/deliveries': ['admin', 'secretary'],
  'POST /api/messages/:id/deliveries/:delivery/sent': ['admin', 'secretary'],
  'GET /api/public/unsubscribe/:token': 'public',
  'POST /api/public/unsubscribe/:token': 'public',
  // The month closed (issue 27): read with financial access, closed and reopened by an admin.
  'GET /api/finance/periods': ['admin', 'financial'],
  'POST /api/finance/periods/:month/close': ['admin'],
  'POST /api/finance/periods/:month/reopen': ['admin'],
  // The orçamento anual (issue 27): financial access, read and saved.
  'GET /api/budgets': ['admin', 'financial'],
  'PUT /api/budgets': ['admin', 'financial'],
  'GET /api/congregations': 'any',
  'GET /api/congregations/:id': 'any',
  'POST /api/congregations': ['admin'],
  'PUT /api/congregations/:id': ['admin'],
  'DELETE /api/congregations/:id': ['admin'],
  // LGPD consent (issue 13): the texts read by all, saved by admins; a member's consents with
  // secretary access; the requests register for admins.
  'GET /api/consent_versions': 'any',
  'GET /api/consent_versions/:id': 'any',
  'POST /api/consent_versions': ['admin'],
  'GET /api/members/:id/consents': ['admin', 'secretary'],
  'POST /api/members/:id/consents': ['admin', 'secretary'],
  'GET /api/privacy_requests': ['admin'],
  'GET /api/privacy_requests/:id': ['admin'],
  'POST /api/privacy_requests': ['admin'],
  'PUT /api/privacy_requests/:id': ['admin'],
  'GET /api/users': ['admin'],
  'GET /api/users/:id': ['admin'],
  'POST /api/users': ['admin'],
  'PUT /api/users/:id': ['admin'],
  'DELETE /api/users/:id': ['admin'],
};

// Credentials, letters, reports and the review of self-registrations: secretary access; the
// self-registration form and the card check page: no login.
function documentsTable(): Record<string, Role[] | 'public'> {
  const secretary: Role[] = ['admin', 'secretary'];
  const reports = [
    'birthdays',
    'expiring_credentials',
    'members_without_credentials',
    'issued_letters',
    'members_by_congregation',
    'new_members_by_month',
    // What the pastor sees (issue 26).
    'church_life',
    // Children by age (issue 28).
    'children',
  ];
  return {
    'GET /api/credentials': secretary,
    'GET /api/credentials/pdf': secretary,
    'GET /api/credentials/:id': secretary,
    'GET /api/credentials/:id/pdf': secretary,
    'POST /api/credentials': secretary,
    'POST /api/credentials/bulk': secretary,
    'POST /api/credentials/paper': secretary,
    'POST /api/imports/credentials': secretary,
    'POST /api/imports/letters': secretary,
    'POST /api/credentials/:id/revoke': secretary,
    'GET /api/public/credentials/:code': 'public',
    'GET /api/letters': secretary,
    'GET /api/letters/:id': secretary,
    'GET /api/letters/:id/pdf': secretary,
    'POST /api/letters/:id/pdf': secretary,
    'GET /api/transfers': secretary,
    'GET /api/transfers/:id': secretary,
    'POST /api/transfers': secretary,
    'POST /api/transfers/:id/sent': secretary,
    'POST /api/transfers/:id/confirm': secretary,
    'POST /api/transfers/:id/cancel': secretary,
    'POST /api/public/transfers/lookup': 'public',
    'POST /api/public/transfers/confirm': 'public',
    'POST /api/letters': secretary,
    'POST /api/letters/paper': secretary,
    // Marcos and certificados (issue 28).
    'GET /api/members/:id/milestones': secretary,
    'GET /api/milestones': secretary,
    'GET /api/milestones/:id': secretary,
    'POST /api/milestones': secretary,
    'PUT /api/milestones/:id': secretary,
    'DELETE /api/milestones/:id': secretary,
    'GET /api/certificates': secretary,
    'GET /api/certificates/pdf': secretary,
    'GET /api/certificates/:id': secretary,
    'GET /api/certificates/:id/pdf': secretary,
    'POST /api/certificates': secretary,
    'POST /api/certificates/batch': secretary,
    ...Object.fromEntries(
      reports.flatMap((report) =>
        ['', '/csv', '/pdf'].map((suffix) => [`GET /api/reports/${report}${suffix}`, secretary]),
      ),
    ),
    'GET /api/public/custom_fields': 'public',
    'POST /api/public/registrations': 'public',
    'GET /api/registrations': secretary,
    'POST /api/registrations/:id/approve': secretary,
    'POST /api/registrations/:id/reject': secretary,
    // The member's self-update (issue 28): links and review by the secretary, settings by admins.
    'GET /api/self_updates': secretary,
    'GET /api/members/:id/self_updates': secretary,
    'POST /api/members/:id/self_updates': secretary,
    'POST /api/self_updates/:id/email': secretary,
    'POST /api/self_updates/:id/revoke': secretary,
    'POST /api/self_updates/:id/approve': secretary,
    'POST /api/self_updates/:id/reject': secretary,
    'GET /api/church/self_update': ['admin'],
    'PUT /api/church/self_update': ['admin'],
    'GET /api/public/self_updates/:token': 'public',
    'POST /api/public/self_updates/:token': 'public',
    // Famílias (issue 28): households and their people, personal data of the office.
    'GET /api/families': secretary,
    'GET /api/members/:id/family': secretary,
    'POST /api/families': secretary,
    'GET /api/families/:id': secretary,
    'PUT /api/families/:id': secretary,
    'DELETE /api/families/:id': secretary,
    'POST /api/families/:id/people': secretary,
    'GET /api/families/:id/ficha.pdf': secretary,
    'PUT /api/family_people/:id': secretary,
    'DELETE /api/family_people/:id': secretary,
  };
}

// Church life (issue 26): who came to a culto and the visitors are personal data: secretary
// access; the finance role has no need of them.
function churchLifeTable(): Record<string, Role[]> {
  const secretary: Role[] = ['admin', 'secretary'];
  return {
    ...Object.fromEntries(
      [
        'POST /api/worship_services',
        'PUT /api/worship_services/:id',
        'DELETE /api/worship_services/:id',
        'PUT /api/worship_services/:id/hosts',
        'POST /api/gatherings',
        'DELETE /api/gatherings/:id',
        'GET /api/visitors',
        'GET /api/visitors/:id',
        'PUT /api/visitors/:id',
        'POST /api/visitors/:id/consents',
        'POST /api/visitors/:id/convert',
        'GET /api/visitors/:id/data_export',
        // Consolidação: the church's stages and each visitor's steps.
        'GET /api/followup_stages',
        'GET /api/followup_stages/:id',
        'POST /api/followup_stages',
        'PUT /api/followup_stages/:id',
        'DELETE /api/followup_stages/:id',
        'GET /api/followups',
        'GET /api/followups/owners',
        'GET /api/followups/:id',
        'PUT /api/followups/:id',
        'POST /api/followups/:id/close',
        'POST /api/visitors/:id/followups',
        // The EBD (issue 26): classes, enrolment, chamadas and the Sunday summary.
        'POST /api/ebd_classes',
        'PUT /api/ebd_classes/:id',
        'DELETE /api/ebd_classes/:id',
        'GET /api/ebd_classes/:id/enrolments',
        'POST /api/ebd_classes/:id/enrolments',
        'DELETE /api/ebd_enrolments/:id',
        'GET /api/ebd_classes/:id/suggestions',
        'GET /api/ebd_classes/:id/certificates/pdf',
        'GET /api/reports/ebd_summary',
        'GET /api/reports/ebd_summary/csv',
        'GET /api/reports/ebd_summary/pdf',
      ].map((route) => [route, secretary]),
    ),
    'POST /api/visitors/:id/anonymize': ['admin'],
    // The quick-add: also a líder's, at the report of a cell he serves, the chamada of a class he
    // teaches or an occurrence of a culto he hosts (issue 26).
    'POST /api/visitors': ['admin', 'secretary', 'leader'],
    // The EBD teacher (a líder, issue 26): his classes, his students' name, photo, phone and
    // birthday, and their chamadas — the check-in of his students, undone when ticked by mistake.
    ...Object.fromEntries(
      [
        'GET /api/ebd_classes',
        'GET /api/ebd_classes/:id',
        'GET /api/ebd_classes/:id/students',
        'POST /api/ebd_classes/:id/roll_calls',
        'GET /api/ebd_roll_calls',
        'GET /api/ebd_roll_calls/:id',
        'PUT /api/ebd_roll_calls/:id',
        'POST /api/gatherings/:id/attendances',
        'DELETE /api/attendances/:id',
        // The host of a culto's check-in (a líder, issue 26): the cultos he hosts, today's
        // occurrence opened, its check-in, name search (name, photo, phone, birthday) and counts.
        'GET /api/worship_services',
        'GET /api/worship_services/:id',
        'POST /api/worship_services/:id/open',
        'GET /api/gatherings',
        'GET /api/gatherings/:id',
        'GET /api/gatherings/:id/people',
        'PUT /api/gatherings/:id',
        'GET /api/gatherings/:id/attendances',
      ].map((route) => [route, ['admin', 'secretary', 'leader'] as Role[]]),
    ),
  };
}

// Células (issue 26): kept by the office; a líder reads and reports the cells he serves.
function cellsTable(): Record<string, Role[]> {
  const secretary: Role[] = ['admin', 'secretary'];
  const group: Role[] = ['admin', 'secretary', 'leader'];
  return {
    'GET /api/cells': group,
    'GET /api/cells/:id': group,
    'GET /api/cells/overdue': group,
    'POST /api/cells': secretary,
    'PUT /api/cells/:id': secretary,
    'DELETE /api/cells/:id': secretary,
    'GET /api/cells/:id/members': group,
    'PUT /api/cells/:id/members': secretary,
    'GET /api/cells/:id/reports': group,
    'GET /api/cells/:id/reports/:date': group,
    'POST /api/cells/:id/reports': group,
    'POST /api/cells/:id/multiply': secretary,
    'GET /api/cell_levels': group,
    'PUT /api/cell_levels/:level': secretary,
  };
}

// The finance area (SPEC §2, DESIGN §4): financial access for every route; the audit log: admin.
function financeTable(): Record<string, Role[]> {
  const financial: Role[] = ['admin', 'financial'];
  const crud = (api: string) => [
    `GET /api/${api}`,
    `GET /api/${api}/:id`,
    `POST /api/${api}`,
    `PUT /api/${api}/:id`,
    `DELETE /api/${api}/:id`,
  ];
  const routes = [
    ...crud('vendors'),
    ...crud('donors'),
    // Annual statements of gifts (issue 25).
    'GET /api/donors/:id/statement',
    'GET /api/donors/statements',
    ...crud('finance_categories'),
    // Funds (issue 27).
    ...crud('finance_funds'),
    ...crud('credit_cards'),
    ...crud('incomes'),
    'POST /api/incomes/batch',
    // The count of a culto's offering (issue 25).
    ...crud('offering_counts'),
    'POST /api/offering_counts/:id/close',
    'POST /api/offering_counts/:id/adjust',
    'POST /api/offering_counts/:id/deposit',
    'GET /api/offering_counts/:id/pdf',
    // Ofertas a receber: the cells' and the EBD's offerings (issues 26 and 25).
    'GET /api/pending_offerings',
    'POST /api/pending_offerings/:id/receive',
    // Receipts of gifts (issue 25).
    'GET /api/incomes/:id/receipt',
    'GET /api/incomes/receipts',
    ...crud('expenses'),
    'PUT /api/expenses/:id/receipt',
    'GET /api/expenses/:id/receipt',
    'DELETE /api/expenses/:id/receipt',
    'GET /api/bank_accounts',
    'GET /api/bank_accounts/:id',
    'GET /api/bank_accounts/:id/statement',
    'POST /api/bank_accounts',
    'POST /api/bank_accounts/:id/deactivate',
    // Pix without a gateway (issue 25).
    'PUT /api/bank_accounts/:id/pix',
    'GET /api/pix',
    'GET /api/pix/poster',
    'POST /api/bank_accounts/:id/activate',
    'DELETE /api/bank_accounts/:id',
    // Bank statements (issue 14).
    'POST /api/bank_accounts/:id/statements',
    'GET /api/statement_lines',
    'GET /api/statement_lines/summary',
    'GET /api/statement_lines/:id',
    'POST /api/statement_lines/:id/reconcile',
    'POST /api/statement_lines/:id/undo',
    'GET /api/accounts_payable',
    'GET /api/accounts_payable/summary',
    'GET /api/accounts_payable/:id',
    'POST /api/accounts_payable/:id/pay',
    'POST /api/accounts_payable/:id/unpay',
    'GET /api/transactions',
    'GET /api/transactions/summary',
    'GET /api/transactions/export',
    'GET /api/transactions/:id',
    'POST /api/transactions',
    'DELETE /api/transactions/:id',
    'GET /api/finance/overview',
    // The sede's finance result by congregation (issue 12): a report for the financial role.
    'GET /api/reports/finance_by_congregation',
    'GET /api/reports/finance_by_congregation/csv',
    'GET /api/reports/finance_by_congregation/pdf',
    // The dizimistas (issue 25): who gave what, financial access only.
    'GET /api/reports/finance/tithers',
    'GET /api/reports/finance/tithers/csv',
    'GET /api/reports/finance/tithers/pdf',
    // Orçado × realizado (issue 27).
    'GET /api/reports/finance/budget',
    'GET /api/reports/finance/budget/csv',
    'GET /api/reports/finance/budget/pdf',
    // Repasses à sede (issue 27).
    'GET /api/reports/finance/repasses',
    'GET /api/reports/finance/repasses/csv',
    'GET /api/reports/finance/repasses/pdf',
    // The balancete do mês (issue 27).
    'GET /api/reports/finance/trial_balance',
    'GET /api/reports/finance/trial_balance/csv',
    'GET /api/reports/finance/trial_balance/pdf',
    'GET /api/reports/finance/funds',
    'GET /api/reports/finance/funds/csv',
    'GET /api/reports/finance/funds/pdf',
    // The accountant's CSV (issue 27).
    'GET /api/exports/accounting.csv',
    // Prestação de contas (issue 27): the DRP, the DFC and the livro caixa.
    ...['statement_of_activities', 'cash_flow', 'cash_book'].flatMap((key) =>
      ['', '/csv', '/pdf'].map((suffix) => `GET /api/reports/finance/${key}${suffix}`),
    ),
    // The monthly pack (prestação de contas do mês).
    'GET /api/reports/finance/monthly_pack',
  ];
  return {
    ...Object.fromEntries(routes.map((route) => [route, financial])),
    // Secretary access reads one member's trail (the Histórico; audit-trail.test.ts).
    'GET /api/audit_log': ['admin', 'secretary'],
    'GET /api/audit_log/:id': ['admin', 'secretary'],
  };
}

// Settings tables: the office reads (forms need them), secretary access writes.
function settingsTable(api: string): Record<string, Role[] | 'any'> {
  const write: Role[] = ['admin', 'secretary'];
  return {
    [`GET /api/${api}`]: STAFF,
    [`GET /api/${api}/:id`]: STAFF,
    [`POST /api/${api}`]: write,
    [`PUT /api/${api}/:id`]: write,
    [`DELETE /api/${api}/:id`]: write,
  };
}

const ROLE_SETS: Array<[string, Role[]]> = [
  ['admin', ['admin']],
  ['secretary', ['secretary']],
  ['financial', ['financial']],
  ['leader', ['leader']],
  ['no role', []],
];

describe('role matrix', () => {
  let t: TestApp;
  const sessions: Record<string, SessionHeaders> = {};
  let targetId = 0;

  beforeAll(async () => {
    t = await createTestApp();
    for (const [label, roles] of ROLE_SETS) sessions[label] = await t.userWithRoles(roles);
    targetId = (await t.userWithRoles(['secretary'], 'Alvo')).id;
    // The líder hosts a culto's check-in: one who hosts none is refused the cultos' routes (403,
    // culto-hosts.test.ts), as a role without access is.
    const admin = await t.signIn(ADMIN.email, ADMIN.password);
    const post = async (url: string, payload: object, method: 'POST' | 'PUT' = 'POST') => {
      const response = await t.app.inject({ method, url, headers: admin, payload });
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response.json().id as number;
    };
    const host = await post('/api/members', { name: 'Anfitrião Onésimo', status: 'active' });
    const service = await post('/api/worship_services', {
      name: 'Culto de Oração',
      congregation_id: 1,
      weekday: 3,
      time: '20:00',
    });
    await post(`/api/worship_services/${service}/hosts`, { host_ids: [host] }, 'PUT');
    await t.database.db
      .updateTable('users')
      .set({ member_id: host })
      .where('email', '=', sessions.leader.uid)
      .execute();
  });
  afterAll(() => t.close());

  it('every /api route is in the expected table, and the table matches the routes', () => {
    const actual = t.app.apiRoutes.map((route) => `${route.method} ${route.url}`).sort();
    expect(actual).toEqual(Object.keys(EXPECTED).sort());
    for (const route of t.app.apiRoutes) {
      const expected = EXPECTED[`${route.method} ${route.url}`];
      if (expected === 'public') expect(route.access).toBe('public');
      else if (expected === 'any') expect(route.access).toBeNull();
      else expect(route.access).toEqual(expected);
    }
  });

  const protectedRoutes = Object.entries(EXPECTED).filter(
    ([, access]) => access !== 'public',
  ) as Array<[string, Role[] | 'any']>;

  const request = (key: string, headers: Record<string, string>) => {
    const [method, url] = key.split(' ');
    // A non-admin target so the admin's own delete does not trip the self-delete rule.
    return t.app.inject({
      method: method as 'GET',
      url: url.replace(':id', String(targetId)),
      headers,
      payload: method === 'POST' || method === 'PUT' ? {} : undefined,
    });
  };

  it.each(protectedRoutes)('%s: 401 without a token and with a bad token', async (key) => {
    const none = await request(key, {});
    expect(none.statusCode).toBe(401);
    expect(none.json().errors[0]).toBe('Você precisa entrar para continuar.');
    const bad = await request(key, { ...sessions.admin, 'access-token': 'falso' });
    expect(bad.statusCode).toBe(401);
  });

  it.each(protectedRoutes)(
    '%s: 403 for roles without access, never for roles with it',
    async (key, expected) => {
      for (const [label, roles] of ROLE_SETS) {
        const allowed = expected === 'any' || hasAccess(roles, expected);
        const response = await request(key, sessions[label]);
        if (allowed) {
          expect([401, 403], `${label} on ${key}`).not.toContain(response.statusCode);
        } else {
          expect(response.statusCode, `${label} on ${key}`).toBe(403);
          expect(response.json().errors[0]).toMatch(/permissão/);
        }
        expect(response.statusCode, `${label} on ${key}`).toBeLessThan(500);
      }
    },
  );
});

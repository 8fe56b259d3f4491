// Issue 12: the congregation scope on EVERY /api route. A user with every non-admin role, limited
// to congregation A, calls each route with the records of congregation C (which holds a marker
// word in every name): a list, report, export or dashboard answers without any of C's records;
// a record of C is a 404 to read and a 403 to change; creating a record in C is a 403. The
// table below classifies each route, and a route missing from it fails the test — a new route
// must say how it is scoped. The areas' own tests (scope-members, scope-finance, scope-reports,
// congregations, users-scope) check the figures in depth; this one checks that none is forgotten.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '../../domain/resources.js';
import { type Row, apiAs, categoryId, created, query } from '../support/finance.js';
import { buildOfx } from '../support/ofx.js';
import { multipartBody } from '../support/multipart.js';
import { pdfText } from '../support/pdf.js';
import { ADMIN, type SessionHeaders, type TestApp, createTestApp } from '../support/testApp.js';

/** In the name of every record of congregation C, and of C itself. */
const MARKER = 'Zeferino';
const MONTH = '2026-03';
const TITHERS_URL = `/api/reports/finance/tithers?${query({ filter: { from: MONTH, to: MONTH } })}`;

type Ids = Record<string, number>;
type Rule =
  /** Holds no congregation's records (settings, church-wide parties, the session). */
  | { kind: 'church' }
  /** Admin only: admins always see the whole church. */
  | { kind: 'admin' }
  /** No session. */
  | { kind: 'public' }
  /** A list, count, export, report or dashboard: answered without C's records. */
  | { kind: 'view'; url?: string }
  /** A record of C: 404 to read, 403 to change. */
  | { kind: 'record'; of: Of; body?: (ids: Ids) => unknown; url?: string }
  /** Creating (or acting) in C: 403 (a JSON body, or a file uploaded into C with its fields). */
  | { kind: 'into'; body: (ids: Ids) => unknown; upload?: { csv: string } }
  /** A CSV upload naming C's member: the member is not found, nothing of C is written or shown. */
  | { kind: 'upload'; csv: string }
  /** The whole church's own data (issue 24): read by all, changed by no scoped user (403). */
  | { kind: 'whole'; body: () => unknown; url?: string };

/** The record of C each `:id` route reads. */
type Of =
  | 'member'
  | 'department'
  | 'credential'
  | 'letter'
  | 'transfer'
  | 'milestone'
  | 'certificate'
  | 'registration'
  | 'selfUpdate'
  | 'congregation'
  | 'account'
  | 'income'
  | 'expense'
  | 'payable'
  | 'transaction'
  | 'import'
  | 'line'
  | 'count'
  | 'service'
  | 'gathering'
  | 'attendance'
  | 'visitor'
  | 'cell'
  | 'followup'
  | 'ebdClass'
  | 'enrolment'
  | 'rollCall'
  | 'pendingOffering'
  | 'family'
  | 'familyPerson'
  | 'message';

const church: Rule = { kind: 'church' };
const admin: Rule = { kind: 'admin' };
const open: Rule = { kind: 'public' };
const view: Rule = { kind: 'view' };
const record = (of: Of, body?: (ids: Ids) => unknown): Rule => ({
  kind: 'record',
  of,
  body,
});

function settingsTable(api: string, rule: Rule): Record<string, Rule> {
  return {
    [`GET /api/${api}`]: rule,
    [`GET /api/${api}/:id`]: rule,
    [`POST /api/${api}`]: rule,
    [`PUT /api/${api}/:id`]: rule,
    [`DELETE /api/${api}/:id`]: rule,
  };
}

/** The registry's church-wide resources (simple-rest routes): no congregation to narrow. */
const CHURCH_WIDE: Record<string, Rule> = Object.assign(
  {},
  ...RESOURCES.filter((entry) => entry.churchWide).map((entry) => settingsTable(entry.api, church)),
);

function reports(...names: string[]): Record<string, Rule> {
  return Object.fromEntries(
    names.flatMap((name) =>
      ['', '/csv', '/pdf'].map((suffix) => [`GET /api/reports/${name}${suffix}`, view]),
    ),
  );
}

const ROUTES: Record<string, Rule> = {
  'GET /api/health': open,
  'GET /api/auth/sign_in': open,
  'POST /api/auth/sign_in': open,
  'DELETE /api/auth/sign_out': open,
  'GET /api/auth/validate_token': open,
  'PUT /api/auth/password': church,
  'GET /api/assignments': church,
  // Two-factor sign-in (issue 22): one's own factor, the setup at sign-in, the admins' reset and
  // the church's requirement hold no congregation's records.
  'POST /api/auth/two_factor/setup': open,
  'GET /api/auth/two_factor': church,
  'POST /api/auth/two_factor': church,
  'POST /api/auth/two_factor/confirm': church,
  'POST /api/auth/two_factor/disable': church,
  'POST /api/auth/two_factor/recovery_codes': church,
  'POST /api/users/:id/two_factor/reset': admin,
  'GET /api/church/two_factor': admin,
  'PUT /api/church/two_factor': admin,
  'GET /api/public/church': open,
  'GET /api/public/custom_fields': open,
  'GET /api/public/privacy': open,
  'POST /api/public/registrations': open,
  'GET /api/public/credentials/:code': open,
  'POST /api/public/transfers/lookup': open,
  'POST /api/public/transfers/confirm': open,
  'GET /api/public/cep/:cep': open,
  'GET /api/cep/:cep': church,
  'GET /api/openapi.json': admin,
  // Messages (issue 28): the church's e-mail settings are the whole church's; C's message and its
  // per-person log are C's; an audience in C is acting in C.
  'GET /api/message_settings': church,
  'PUT /api/message_settings': { kind: 'whole', body: () => ({ from_name: `Igreja ${MARKER}` }) },
  'POST /api/message_settings/test': { kind: 'whole', body: () => ({ to: 'teste@exemplo.org' }) },
  'GET /api/messages': view,
  'GET /api/messages/:id': record('message'),
  'GET /api/messages/:id/deliveries': record('message'),
  'POST /api/messages/:id/deliveries/:delivery/sent': {
    kind: 'record',
    of: 'message',
    url: '/api/messages/:id/deliveries/1/sent',
  },
  'POST /api/messages': {
    kind: 'into',
    body: (ids) => ({ channel: 'whatsapp', body: 'Oi', audience: { congregation_id: ids.C } }),
  },
  'POST /api/messages/preview': {
    kind: 'into',
    body: (ids) => ({ channel: 'whatsapp', body: 'Oi', audience: { congregation_id: ids.C } }),
  },
  'GET /api/public/unsubscribe/:token': open,
  'POST /api/public/unsubscribe/:token': open,
  ...settingsTable('users', admin),
  ...CHURCH_WIDE,
  'GET /api/audit_log': admin,
  'GET /api/audit_log/:id': admin,
  'GET /api/church': church,
  // The church's name, logo, address and the cards' validity reach every congregation.
  'PUT /api/church': { kind: 'whole', body: () => ({ name: `Igreja ${MARKER}` }) },
  'POST /api/church/setup_checklist/dismiss': admin,
  'GET /api/congregations': view,
  'GET /api/congregations/:id': record('congregation'),
  'POST /api/congregations': admin,
  'PUT /api/congregations/:id': admin,
  'DELETE /api/congregations/:id': admin,
  'GET /api/dashboard': view,
  'GET /api/members': view,
  'GET /api/members/export': view,
  'GET /api/members/:id': record('member'),
  'GET /api/members/:id/moves': record('member'),
  'POST /api/members': { kind: 'into', body: (ids) => ({ name: 'Novo', congregation_id: ids.C }) },
  'PUT /api/members/:id': record('member', () => ({ notes: 'mudou' })),
  'DELETE /api/members/:id': record('member'),
  'POST /api/members/bulk': {
    kind: 'into',
    body: (ids) => ({ ids: [ids.member], action: 'set_status', status: 'inactive' }),
  },
  // The data subject's rights (issue 13): the export follows the member; anonymizing is the
  // admins' (subject-rights.test.ts checks a scoped admin).
  'GET /api/members/:id/data_export': record('member'),
  'POST /api/members/:id/anonymize': admin,
  // LGPD consent (issue 13): the texts are the church's; a member's consents follow the member;
  // the requests register is the admins'.
  'GET /api/consent_versions': church,
  'GET /api/consent_versions/:id': church,
  'POST /api/consent_versions': admin,
  'GET /api/members/:id/consents': record('member'),
  'POST /api/members/:id/consents': record('member', () => ({ action: 'grant' })),
  'GET /api/privacy_requests': admin,
  'GET /api/privacy_requests/:id': admin,
  'POST /api/privacy_requests': admin,
  'PUT /api/privacy_requests/:id': admin,
  'GET /api/ministry_workers': view,
  'GET /api/departments': view,
  'GET /api/departments/:id': record('department'),
  'POST /api/departments': {
    kind: 'into',
    body: (ids) => ({ name: 'Novo departamento', congregation_id: ids.C }),
  },
  'PUT /api/departments/:id': record('department', () => ({ description: 'mudou' })),
  'DELETE /api/departments/:id': record('department'),
  'GET /api/credentials': view,
  // The cards of the chosen credentials: one of C's is not found.
  'GET /api/credentials/pdf': {
    kind: 'record',
    of: 'credential',
    url: '/api/credentials/pdf?ids=:id',
  },
  'GET /api/credentials/:id': record('credential'),
  'GET /api/credentials/:id/pdf': record('credential'),
  'POST /api/credentials': { kind: 'into', body: (ids) => ({ member_id: ids.member }) },
  'POST /api/credentials/bulk': { kind: 'into', body: (ids) => ({ member_ids: [ids.member] }) },
  'POST /api/credentials/paper': {
    kind: 'into',
    body: (ids) => ({ member_id: ids.member, number: 9001, issued_on: '2015-01-01' }),
  },
  'POST /api/imports/credentials': {
    kind: 'upload',
    csv: `Nome;Data de nascimento;Número;Data de emissão\nJosué ${MARKER};15/03/1980;9002;01/01/2015\n`,
  },
  'POST /api/imports/letters': {
    kind: 'upload',
    csv: `Nome;Data de nascimento;Tipo;Número;Data de emissão;Igreja de destino\nJosué ${MARKER};15/03/1980;Recomendação;9;01/01/2015;Igreja\n`,
  },
  // The member import (issue 14): into C is refused whole; an import of another congregation's
  // user is not found, and cannot be undone.
  'POST /api/imports/members': {
    kind: 'into',
    body: (ids) => ({ dry_run: 'true', congregation_id: String(ids.C) }),
    upload: { csv: `Nome\nMiquéias ${MARKER}\n` },
  },
  'GET /api/imports/:id': record('import'),
  'DELETE /api/imports/:id': record('import'),
  'POST /api/credentials/:id/revoke': record('credential', () => ({ reason: 'teste' })),
  'GET /api/letters': view,
  'GET /api/letters/:id': record('letter'),
  'GET /api/letters/:id/pdf': record('letter'),
  'POST /api/letters/:id/pdf': record('letter'),
  // Transfers (issue 28): outgoing and incoming, each through its member's congregation.
  'GET /api/transfers': view,
  'GET /api/transfers/:id': record('transfer'),
  'POST /api/transfers': {
    kind: 'into',
    body: (ids) => ({
      member_id: ids.member,
      origin_church: 'Igreja Irmã',
      origin_city: 'Campinas/SP',
      letter_number: '1',
      letter_date: '2026-01-01',
      admission_date: '2026-01-02',
    }),
  },
  'POST /api/transfers/:id/sent': record('transfer'),
  'POST /api/transfers/:id/confirm': record('transfer', () => ({
    receiving_church: 'Igreja Irmã',
    confirmed_by: 'Alguém',
  })),
  'POST /api/transfers/:id/cancel': record('transfer'),
  'POST /api/letters/paper': {
    kind: 'into',
    body: (ids) => ({
      member_id: ids.member,
      letter_type: 'recommendation',
      number: 9,
      issued_on: '2015-01-01',
      destination_church: 'Igreja Irmã',
    }),
  },
  // Marcos and certificados (issue 28): they follow the member.
  'GET /api/members/:id/milestones': record('member'),
  'GET /api/milestones': view,
  'GET /api/milestones/:id': record('milestone'),
  'POST /api/milestones': {
    kind: 'into',
    body: (ids) => ({ member_id: ids.member, kind: 'marriage', date: '2020-01-01' }),
  },
  'PUT /api/milestones/:id': record('milestone', () => ({ place: 'mudou' })),
  'DELETE /api/milestones/:id': record('milestone'),
  'GET /api/certificates': view,
  'GET /api/certificates/pdf': {
    kind: 'record',
    of: 'certificate',
    url: '/api/certificates/pdf?ids=:id',
  },
  'GET /api/certificates/:id': record('certificate'),
  'GET /api/certificates/:id/pdf': record('certificate'),
  'POST /api/certificates': {
    kind: 'into',
    body: (ids) => ({ member_id: ids.member, kind: 'baptism' }),
  },
  'POST /api/certificates/batch': {
    kind: 'into',
    body: (ids) => ({ date: '2020-01-01', congregation_id: ids.C }),
  },
  'POST /api/letters': {
    kind: 'into',
    body: (ids) => ({
      member_id: ids.member,
      letter_type: 'recommendation',
      destination_church: 'Igreja Irmã',
      destination_city: 'Campinas/SP',
    }),
  },
  ...reports(
    'birthdays',
    'expiring_credentials',
    'members_without_credentials',
    'issued_letters',
    'members_by_congregation',
    'new_members_by_month',
    'finance_by_congregation',
    'finance/budget',
    'finance/repasses',
  ),
  // Dizimistas (issue 25): C's dizimista (a donor linked to C's member) stays out; a fixed period.
  ...Object.fromEntries(
    ['', '/csv', '/pdf'].map((suffix) => [
      `GET /api/reports/finance/tithers${suffix}`,
      { kind: 'view', url: TITHERS_URL.replace('?', `${suffix}?`) } satisfies Rule,
    ]),
  ),
  // The balancete (issue 27): C's accounts and movements stay out of a scoped treasurer's.
  ...Object.fromEntries(
    ['', '/csv', '/pdf'].map((suffix) => [
      `GET /api/reports/finance/trial_balance${suffix}`,
      {
        kind: 'view',
        url: `/api/reports/finance/trial_balance${suffix}?${query({ filter: { month: MONTH } })}`,
      } satisfies Rule,
    ]),
  ),
  ...Object.fromEntries(
    ['', '/csv', '/pdf'].map((suffix) => [
      `GET /api/reports/finance/funds${suffix}`,
      { kind: 'view', url: `/api/reports/finance/funds${suffix}` } satisfies Rule,
    ]),
  ),
  'GET /api/exports/accounting.csv': {
    kind: 'view',
    url: `/api/exports/accounting.csv?from=2026-01-01&to=${MONTH}-28`,
  },
  // Prestação de contas (issue 27): the DFC and the DRP follow the view; C's account's livro
  // caixa is not A's to read (404).
  ...reports('finance/cash_flow', 'finance/statement_of_activities'),
  // Famílias (issue 28): C's household and its people; the children by age.
  ...reports('children'),
  'GET /api/families': view,
  'GET /api/members/:id/family': record('member'),
  'POST /api/families': { kind: 'into', body: (ids) => ({ member_id: ids.member }) },
  'GET /api/families/:id': record('family'),
  'PUT /api/families/:id': record('family', () => ({ name: 'mudou' })),
  'DELETE /api/families/:id': record('family'),
  'POST /api/families/:id/people': record('family', () => ({ name: 'X', relation: 'other' })),
  'GET /api/families/:id/ficha.pdf': record('family'),
  'PUT /api/family_people/:id': record('familyPerson', () => ({ relation: 'other' })),
  'DELETE /api/family_people/:id': record('familyPerson'),
  // The monthly pack (PDF): C's accounts, books and bills stay out of a scoped treasurer's.
  // The pack takes its own parameters only (a list's range is a 400, as for the reports above).
  'GET /api/reports/finance/monthly_pack': {
    kind: 'view',
    url: `/api/reports/finance/monthly_pack?month=${MONTH}`,
  },
  ...Object.fromEntries(
    ['', '/csv', '/pdf'].map((suffix) => [
      `GET /api/reports/finance/cash_book${suffix}`,
      {
        kind: 'record',
        of: 'account',
        url: `/api/reports/finance/cash_book${suffix}?account_id=:id&from=${MONTH}-01&to=${MONTH}-31`,
      } satisfies Rule,
    ]),
  ),
  // Vida da igreja (issue 26): C's culto, kinds and the member who stopped coming stay out.
  ...Object.fromEntries(
    [
      ['', { section: 'missing', weeks: 1 }],
      ['/csv', { section: 'cultos', month_gte: '2026-01', month_lte: MONTH }],
      ['/pdf', { section: 'kinds', month_gte: '2026-01', month_lte: MONTH }],
    ].map(([suffix, filter]) => [
      `GET /api/reports/church_life${suffix}`,
      {
        kind: 'view',
        url: `/api/reports/church_life${suffix}?${query({ filter: filter as object })}`,
      } satisfies Rule,
    ]),
  ),
  'GET /api/registrations': view,
  'POST /api/registrations/:id/approve': record('registration', () => ({})),
  'POST /api/registrations/:id/reject': record('registration', () => ({})),
  // The member's self-update (issue 28): C's member's links are C's records.
  'GET /api/self_updates': view,
  'GET /api/members/:id/self_updates': record('member'),
  'POST /api/members/:id/self_updates': record('member', () => ({})),
  'POST /api/self_updates/:id/email': record('selfUpdate', () => ({ token: 'x' })),
  'POST /api/self_updates/:id/revoke': record('selfUpdate', () => ({})),
  'POST /api/self_updates/:id/approve': record('selfUpdate', () => ({})),
  'POST /api/self_updates/:id/reject': record('selfUpdate', () => ({})),
  'GET /api/church/self_update': admin,
  'PUT /api/church/self_update': admin,
  'GET /api/public/self_updates/:token': open,
  'POST /api/public/self_updates/:token': open,
  // Annual statements (issue 25): the donor is church-wide like GET /api/donors/:id, its incomes
  // follow the view (donor-statements.test.ts checks a scoped treasurer's totals); every donor's
  // statements of a year hold A's gifts only.
  'GET /api/donors/:id/statement': church,
  'GET /api/donors/statements': {
    kind: 'view',
    url: `/api/donors/statements?year=${MONTH.slice(0, 4)}`,
  },
  'GET /api/bank_accounts': view,
  'GET /api/bank_accounts/:id': record('account'),
  'POST /api/bank_accounts': {
    kind: 'into',
    body: (ids) => ({
      congregation_id: ids.C,
      name: 'Conta nova',
      kind: 'checking',
      opening_balance_cents: 0,
      opening_date: `${MONTH}-01`,
    }),
  },
  'POST /api/bank_accounts/:id/deactivate': record('account', () => ({})),
  // Pix (issue 25): C's account's key is not A's to change, its code and poster not A's to see.
  'PUT /api/bank_accounts/:id/pix': record('account', () => ({
    pix_key_type: 'email',
    pix_key: 'tesouraria@igreja.org',
    pix_name: 'Igreja',
    pix_city: 'Campinas',
  })),
  'GET /api/pix': {
    kind: 'record',
    of: 'account',
    url: '/api/pix?bank_account_id=:id&purpose=DIZIMO',
  },
  'GET /api/pix/poster': {
    kind: 'record',
    of: 'account',
    url: '/api/pix/poster?bank_account_id=:id&purpose=OFERTA',
  },
  'POST /api/bank_accounts/:id/activate': record('account', () => ({})),
  'DELETE /api/bank_accounts/:id': record('account'),
  'GET /api/bank_accounts/:id/statement': record('account'),
  // Bank statements (issue 14): C's account takes no file, C's lines are not seen or changed.
  'POST /api/bank_accounts/:id/statements': record('account', () => ({})),
  'GET /api/statement_lines': view,
  'GET /api/statement_lines/summary': {
    kind: 'record',
    of: 'account',
    url: '/api/statement_lines/summary?filter=%7B%22bank_account_id%22%3A:id%7D',
  },
  'GET /api/statement_lines/:id': record('line'),
  'POST /api/statement_lines/:id/reconcile': record('line', () => ({ ignore: true })),
  'POST /api/statement_lines/:id/undo': record('line', () => ({})),
  'GET /api/incomes': view,
  'GET /api/incomes/:id': record('income'),
  // Receipts (issue 25): C's is not printed (nor numbered) for A; a day's batch holds A's only.
  'GET /api/incomes/:id/receipt': record('income'),
  'GET /api/incomes/receipts': { kind: 'view', url: `/api/incomes/receipts?date=${MONTH}-10` },
  'POST /api/incomes': {
    kind: 'into',
    body: (ids) => ({
      congregation_id: ids.C,
      category_id: ids.tithes,
      amount_cents: 100,
      date: `${MONTH}-11`,
      bank_account_id: ids.account,
      payment_method: 'pix',
    }),
  },
  'POST /api/incomes/batch': {
    kind: 'into',
    body: (ids) => ({
      congregation_id: ids.C,
      date: `${MONTH}-11`,
      bank_account_id: ids.account,
      lines: [{ category_id: ids.tithes, amount_cents: 100, payment_method: 'cash' }],
    }),
  },
  'PUT /api/incomes/:id': record('income', () => ({ amount_cents: 123 })),
  'DELETE /api/incomes/:id': record('income'),
  // The count of a culto's offering (issue 25): C's counts are not seen, changed or closed.
  // Ofertas a receber (issues 26 and 25): C's cell report with an offering.
  'GET /api/pending_offerings': view,
  'POST /api/pending_offerings/:id/receive': record('pendingOffering', (ids) => ({
    bank_account_id: ids.account,
  })),
  'GET /api/offering_counts': view,
  'GET /api/offering_counts/:id': record('count'),
  'GET /api/offering_counts/:id/pdf': record('count'),
  'POST /api/offering_counts': {
    kind: 'into',
    body: (ids) => ({
      congregation_id: ids.C,
      date: `${MONTH}-08`,
      service_name: 'Culto de domingo',
      bank_account_id: ids.account,
      counters: [{ name: 'Elias' }, { name: 'Débora' }],
    }),
  },
  'PUT /api/offering_counts/:id': record('count', () => ({ notes: 'mudou' })),
  'DELETE /api/offering_counts/:id': record('count'),
  'POST /api/offering_counts/:id/close': record('count', () => ({ confirmed: true })),
  'POST /api/offering_counts/:id/adjust': record('count', () => ({})),
  'POST /api/offering_counts/:id/deposit': record('count', () => ({
    deposited_cents: 100,
    deposited_on: `${MONTH}-09`,
  })),
  'GET /api/expenses': view,
  'GET /api/expenses/:id': record('expense'),
  'POST /api/expenses': {
    kind: 'into',
    body: (ids) => ({
      congregation_id: ids.C,
      description: 'Nova despesa',
      category_id: ids.rent,
      amount_cents: 100,
      date: `${MONTH}-12`,
      due_date: `${MONTH}-22`,
      bank_account_id: ids.account,
    }),
  },
  'PUT /api/expenses/:id': record('expense', () => ({ description: 'mudou' })),
  'DELETE /api/expenses/:id': record('expense'),
  'PUT /api/expenses/:id/receipt': record('expense'),
  'GET /api/expenses/:id/receipt': record('expense'),
  'DELETE /api/expenses/:id/receipt': record('expense'),
  'GET /api/accounts_payable': view,
  'GET /api/accounts_payable/summary': view,
  'GET /api/accounts_payable/:id': record('payable'),
  'POST /api/accounts_payable/:id/pay': record('payable', (ids) => ({
    paid_on: `${MONTH}-20`,
    bank_account_id: ids.account,
  })),
  'POST /api/accounts_payable/:id/unpay': record('payable', () => ({})),
  'GET /api/transactions': view,
  'GET /api/transactions/summary': view,
  'GET /api/transactions/export': view,
  'GET /api/transactions/:id': record('transaction'),
  'POST /api/transactions': {
    kind: 'into',
    body: (ids) => ({
      kind: 'transfer',
      from_account_id: ids.account,
      to_account_id: ids.accountA,
      amount_cents: 100,
      date: `${MONTH}-16`,
    }),
  },
  'DELETE /api/transactions/:id': record('transaction'),
  'GET /api/finance/overview': view,
  // The month closed (issue 27): the whole church's books, closed and reopened by an admin.
  'GET /api/finance/periods': church,
  'POST /api/finance/periods/:month/close': admin,
  'POST /api/finance/periods/:month/reopen': admin,
  // The orçamento anual (issue 27): a congregation's year is C's record; saving one is acting in C.
  'GET /api/budgets': {
    kind: 'record',
    of: 'congregation',
    url: '/api/budgets?congregation_id=:id&year=2026',
  },
  'PUT /api/budgets': {
    kind: 'into',
    body: (ids) => ({ congregation_id: ids.C, year: 2026, lines: [] }),
  },
  // Church life (issue 26): C's cultos, their presence and C's visitors.
  'GET /api/worship_services': view,
  'GET /api/worship_services/:id': record('service'),
  'POST /api/worship_services': {
    kind: 'into',
    body: (ids) => ({ name: 'Culto novo', congregation_id: ids.C, weekday: 0, time: '19:00' }),
  },
  'PUT /api/worship_services/:id': record('service', () => ({ name: 'mudou' })),
  'DELETE /api/worship_services/:id': record('service'),
  'POST /api/worship_services/:id/open': record('service', () => ({})),
  'PUT /api/worship_services/:id/hosts': record('service', (ids) => ({ host_ids: [ids.member] })),
  'GET /api/gatherings': view,
  'GET /api/gatherings/:id': record('gathering'),
  'POST /api/gatherings': {
    kind: 'into',
    body: (ids) => ({ name: 'Evento novo', congregation_id: ids.C, date: `${MONTH}-21` }),
  },
  'PUT /api/gatherings/:id': record('gathering', () => ({ count_children: 3 })),
  'DELETE /api/gatherings/:id': record('gathering'),
  'GET /api/gatherings/:id/attendances': record('gathering'),
  'GET /api/gatherings/:id/people': {
    kind: 'record',
    of: 'gathering',
    url: `/api/gatherings/:id/people?q=${MARKER}`,
  },
  'POST /api/gatherings/:id/attendances': record('gathering', (ids) => ({
    member_id: ids.member,
  })),
  'DELETE /api/attendances/:id': record('attendance'),
  'GET /api/visitors': view,
  'GET /api/visitors/:id': record('visitor'),
  'POST /api/visitors': {
    kind: 'into',
    body: (ids) => ({ name: 'Visitante', congregation_id: ids.C }),
  },
  'PUT /api/visitors/:id': record('visitor', () => ({ notes: 'mudou' })),
  'POST /api/visitors/:id/consents': record('visitor', () => ({ action: 'grant' })),
  'POST /api/visitors/:id/convert': record('visitor'),
  // Consolidação: the steps follow their visitor's congregation.
  'POST /api/visitors/:id/followups': record('visitor'),
  'GET /api/followups': view,
  'GET /api/followups/owners': {
    kind: 'record',
    of: 'visitor',
    url: '/api/followups/owners?visitor_id=:id',
  },
  'GET /api/followups/:id': record('followup'),
  'PUT /api/followups/:id': record('followup', () => ({ due_on: '2027-01-10' })),
  'POST /api/followups/:id/close': record('followup', () => ({ status: 'done' })),
  'GET /api/visitors/:id/data_export': record('visitor'),
  'POST /api/visitors/:id/anonymize': admin,
  // Células (issue 26): C's cell, its members and reports.
  'GET /api/cells': view,
  'GET /api/cells/overdue': view,
  'GET /api/cells/:id': record('cell'),
  'POST /api/cells': {
    kind: 'into',
    body: (ids) => ({ name: 'Célula nova', congregation_id: ids.C }),
  },
  'PUT /api/cells/:id': record('cell', () => ({ name: 'mudou' })),
  'DELETE /api/cells/:id': record('cell'),
  'GET /api/cells/:id/members': record('cell'),
  'PUT /api/cells/:id/members': record('cell', () => ({ member_ids: [] })),
  'GET /api/cells/:id/reports': record('cell'),
  'GET /api/cells/:id/reports/:date': {
    kind: 'record',
    of: 'cell',
    url: `/api/cells/:id/reports/${MONTH}-03`,
  },
  'POST /api/cells/:id/reports': record('cell', () => ({ date: `${MONTH}-10` })),
  'POST /api/cells/:id/multiply': record('cell', () => ({
    name: 'Filha',
    born_on: `${MONTH}-20`,
  })),
  'GET /api/cell_levels': church,
  'PUT /api/cell_levels/:level': {
    kind: 'whole',
    url: '/api/cell_levels/network',
    body: () => ({ name: `Rede ${MARKER}` }),
  },
  // The EBD (issue 26): C's class, its student and chamada; the Sunday summary of C's chamada.
  'GET /api/ebd_classes': view,
  'GET /api/ebd_classes/:id': record('ebdClass'),
  'POST /api/ebd_classes': {
    kind: 'into',
    body: (ids) => ({ name: `Turma ${MARKER}`, congregation_id: ids.C, year: 2026, quarter: 1 }),
  },
  'PUT /api/ebd_classes/:id': record('ebdClass', () => ({ name: 'mudou' })),
  'DELETE /api/ebd_classes/:id': record('ebdClass'),
  'GET /api/ebd_classes/:id/students': record('ebdClass'),
  'GET /api/ebd_classes/:id/enrolments': record('ebdClass'),
  'POST /api/ebd_classes/:id/enrolments': record('ebdClass', (ids) => ({ member_id: ids.member })),
  'DELETE /api/ebd_enrolments/:id': record('enrolment'),
  'GET /api/ebd_classes/:id/suggestions': record('ebdClass'),
  'POST /api/ebd_classes/:id/roll_calls': record('ebdClass', () => ({ date: `${MONTH}-08` })),
  'GET /api/ebd_classes/:id/certificates/pdf': record('ebdClass'),
  'GET /api/ebd_roll_calls': view,
  'GET /api/ebd_roll_calls/:id': record('rollCall'),
  'PUT /api/ebd_roll_calls/:id': record('rollCall', () => ({ count_bibles: 0 })),
  ...Object.fromEntries(
    ['', '/csv', '/pdf'].map((suffix) => [
      `GET /api/reports/ebd_summary${suffix}`,
      {
        kind: 'view',
        url: `/api/reports/ebd_summary${suffix}?${query({ filter: { date: `${MONTH}-01` } })}`,
      } satisfies Rule,
    ]),
  ),
};

describe('the congregation scope covers every route', () => {
  let t: TestApp;
  let scoped: SessionHeaders;
  /** C's records by kind, and the ids the bodies need. */
  const c: Ids = {};

  const call = (session: SessionHeaders | null, method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: session ?? {},
      payload: payload as object,
    });

  /** Imports the CSV into the congregation (fields first, then the file) and waits for it. */
  async function importInto(session: SessionHeaders, congregationId: number, csv: string) {
    const upload = multipartBody(
      { data: csv },
      { dry_run: 'false', congregation_id: String(congregationId) },
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/imports/members',
      headers: { ...session, ...upload.headers },
      payload: upload.payload,
    });
    expect(response.statusCode, response.body).toBe(202);
    const id = (response.json() as Row).id as number;
    for (let attempt = 0; attempt < 500; attempt++) {
      const state = (await call(session, 'GET', `/api/imports/${id}`)).json() as Row;
      if (state.status !== 'running') {
        expect(state.status).toBe('done');
        return id;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('import still running');
  }

  async function bodyText(response: LightMyRequestResponse): Promise<string> {
    const type = String(response.headers['content-type'] ?? '');
    return type.includes('application/pdf') ? pdfText(response.rawPayload) : response.body;
  }

  beforeAll(async () => {
    t = await createTestApp();
    const whole = await t.signIn(ADMIN.email, ADMIN.password);
    const api = apiAs(t, whole);
    const congregation = async (name: string) =>
      (await created(api, '/api/congregations', { name, kind: 'congregacao' })).id as number;
    c.A = await congregation('Congregação Amparo');
    c.C = await congregation(`Congregação ${MARKER}`);
    c.congregation = c.C;
    c.tithes = await categoryId(api, 'Dízimos');
    c.rent = await categoryId(api, 'Aluguel');

    const positions = (await call(whole, 'GET', '/api/positions')).json() as Row[];
    const pastor = positions.find((p) => p.name === 'Pastor')!.id as number;
    c.department = (
      await created(api, '/api/departments', { name: `Jovens ${MARKER}`, congregation_id: c.C })
    ).id;
    c.member = (
      await created(api, '/api/members', {
        name: `Josué ${MARKER}`,
        congregation_id: c.C,
        status: 'active',
        position_id: pastor,
        birth_date: '1980-03-15',
        admission_date: `${MONTH}-02`,
        department_ids: [c.department],
      })
    ).id;
    await created(api, '/api/members', { name: 'Ana Amparo', congregation_id: c.A });
    c.registration = (
      await created(api, '/api/members', {
        name: `Rute ${MARKER}`,
        congregation_id: c.C,
        status: 'pending',
      })
    ).id;
    c.credential = (await created(api, '/api/credentials', { member_id: c.member })).id;
    c.selfUpdate = (await created(api, `/api/members/${c.member}/self_updates`, {})).id;
    c.message = (
      await created(api, '/api/messages', {
        channel: 'whatsapp',
        body: `Aviso ${MARKER}`,
        audience: { congregation_id: c.C },
      })
    ).id;
    c.service = (
      await created(api, '/api/worship_services', {
        name: `Culto ${MARKER}`,
        congregation_id: c.C,
        weekday: 0,
        time: '19:00',
      })
    ).id;
    c.gathering = (
      await created(api, `/api/worship_services/${c.service}/open`, { date: `${MONTH}-01` })
    ).id;
    c.visitor = (
      await created(api, '/api/visitors', {
        name: `Visitante ${MARKER}`,
        gathering_id: c.gathering,
      })
    ).id;
    c.attendance = (
      await created(api, `/api/gatherings/${c.gathering}/attendances`, { member_id: c.member })
    ).id;
    c.cell = (
      await created(api, '/api/cells', {
        name: `Célula ${MARKER}`,
        congregation_id: c.C,
        weekday: 2,
        time: '20:00',
      })
    ).id;
    await t.app.inject({
      method: 'PUT',
      url: `/api/cells/${c.cell}/members`,
      headers: whole,
      payload: { member_ids: [c.member] },
    });
    c.pendingOffering = (
      await created(api, `/api/cells/${c.cell}/reports`, {
        date: `${MONTH}-03`,
        member_ids: [c.member],
        notes: `Louvor ${MARKER}`,
        offering_cents: 900,
      })
    ).id;
    c.followup = (
      await created(api, `/api/visitors/${c.visitor}/consents`, { action: 'grant' })
    ).followups[0].id;
    c.ebdClass = (
      await created(api, '/api/ebd_classes', {
        name: `Turma ${MARKER}`,
        congregation_id: c.C,
        year: 2026,
        quarter: 1,
      })
    ).id;
    c.enrolment = (
      await created(api, `/api/ebd_classes/${c.ebdClass}/enrolments`, {
        member_id: c.member,
        enrolled_on: `${MONTH}-01`,
      })
    ).id;
    c.rollCall = (
      await created(api, `/api/ebd_classes/${c.ebdClass}/roll_calls`, { date: `${MONTH}-01` })
    ).id;
    await created(api, `/api/gatherings/${c.rollCall}/attendances`, { member_id: c.member });
    const family = await created(api, '/api/families', { member_id: c.member });
    c.family = family.id;
    c.familyPerson = (
      await created(api, `/api/families/${c.family}/people`, {
        name: `Parente ${MARKER}`,
        relation: 'child',
      })
    ).people[1].id;
    // A member imported into C by the whole church's admin (issue 14).
    c.import = await importInto(whole, c.C, `Nome\nMiquéias ${MARKER}\n`);
    c.letter = (
      await created(api, '/api/letters', {
        member_id: c.member,
        letter_type: 'recommendation',
        destination_church: 'Igreja Irmã',
        destination_city: 'Campinas/SP',
      })
    ).id;
    c.transfer = (
      await created(api, '/api/transfers', {
        member_id: c.member,
        origin_church: `Igreja ${MARKER}`,
        origin_city: 'Campinas/SP',
        letter_number: '1',
        letter_date: '2026-01-01',
        admission_date: '2026-01-02',
      })
    ).id;

    c.milestone = (
      await created(api, '/api/milestones', {
        member_id: c.member,
        kind: 'water_baptism',
        date: '2020-01-01',
      })
    ).id;
    c.certificate = (
      await created(api, '/api/certificates', { member_id: c.member, kind: 'baptism' })
    ).id;

    const account = async (name: string, congregation_id: number) =>
      (
        await created(api, '/api/bank_accounts', {
          congregation_id,
          name,
          kind: 'checking',
          opening_balance_cents: 10_000,
          opening_date: '2026-01-01',
        })
      ).id as number;
    c.account = await account(`Conta ${MARKER}`, c.C);
    c.accountA = await account('Conta Amparo', c.A);
    c.savings = await account(`Poupança ${MARKER}`, c.C);
    const donor = await created(api, '/api/donors', {
      name: `Doador ${MARKER}`,
      person_type: 'person',
      member_id: c.member,
    });
    c.income = (
      await created(api, '/api/incomes', {
        congregation_id: c.C,
        category_id: c.tithes,
        donor_id: donor.id,
        amount_cents: 4_000,
        date: `${MONTH}-10`,
        bank_account_id: c.account,
        payment_method: 'pix',
      })
    ).id;
    c.count = (
      await created(api, '/api/offering_counts', {
        congregation_id: c.C,
        date: `${MONTH}-08`,
        service_name: `Culto ${MARKER}`,
        bank_account_id: c.account,
        counters: [{ name: 'Elias' }, { name: 'Débora' }],
        lines: [{ method: 'cash', category_id: c.tithes, amount_cents: 900 }],
      })
    ).id;
    // A's gift of the same day: the day's receipts of A's treasurer hold it, and only it.
    await created(api, '/api/incomes', {
      congregation_id: c.A,
      category_id: c.tithes,
      donor_id: (
        await created(api, '/api/donors', { name: 'Doadora Amparo', person_type: 'person' })
      ).id,
      amount_cents: 3_000,
      date: `${MONTH}-10`,
      bank_account_id: c.accountA,
      payment_method: 'cash',
    });
    const expense = await created(api, '/api/expenses', {
      congregation_id: c.C,
      description: `Aluguel ${MARKER}`,
      category_id: c.rent,
      amount_cents: 700,
      date: `${MONTH}-05`,
      due_date: `${MONTH}-20`,
      bank_account_id: c.account,
    });
    c.expense = expense.id;
    c.payable = expense.schedule[0].payable_id;
    c.transaction = (
      await created(api, '/api/transactions', {
        kind: 'transfer',
        from_account_id: c.account,
        to_account_id: c.savings,
        amount_cents: 250,
        date: `${MONTH}-15`,
      })
    ).id;
    // A transfer between C and A would show the other account's name in A's ledger, as it
    // should: the marker stays inside C here.
    const statement = buildOfx({
      lines: [{ date: `${MONTH}-18`, amount_cents: -990, memo: `Tarifa ${MARKER}`, fitid: 'Z1' }],
    });
    const upload = multipartBody({ data: statement, name: 'extrato.ofx' });
    const imported = await t.app.inject({
      method: 'POST',
      url: `/api/bank_accounts/${c.account}/statements`,
      headers: { ...whole, ...upload.headers },
      payload: upload.payload,
    });
    c.line = (imported.json() as Row).new_lines[0].id;

    const user = await t.userWithRoles(['secretary', 'financial'], 'Secretária Amparo');
    await t.database.db
      .updateTable('users')
      .set({ congregation_ids: JSON.stringify([c.A]) })
      .where('id', '=', user.id)
      .execute();
    scoped = user;
  });
  afterAll(() => t?.close());

  it('classifies every route', () => {
    const routes = t.app.apiRoutes.map((route) => `${route.method} ${route.url}`);
    expect(routes.filter((route) => !(route in ROUTES))).toEqual([]);
    expect(Object.keys(ROUTES).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it('answers lists, exports, reports and dashboards without the other congregation', async () => {
    const leaks: string[] = [];
    for (const [route, rule] of Object.entries(ROUTES)) {
      if (rule.kind !== 'view') continue;
      const path = route.split(' ')[1];
      const url =
        rule.url ??
        `${path}?${query({ range: [0, 999] })}&from=${MONTH}-01&to=${MONTH}-31&month=${MONTH}`;
      const response = await call(scoped, 'GET', url);
      if (response.statusCode !== 200) {
        leaks.push(`${route}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        continue;
      }
      const text = await bodyText(response);
      if (text.includes(MARKER)) leaks.push(`${route}: ${response.statusCode} shows ${MARKER}`);
    }
    expect(leaks).toEqual([]);
    // The same calls as the whole church do show C (the marker is there to be found).
    const admin = await t.signIn(ADMIN.email, ADMIN.password);
    for (const url of [
      '/api/members',
      '/api/members/export',
      '/api/transactions/export',
      TITHERS_URL,
      `/api/reports/finance/monthly_pack?month=${MONTH}`,
      `/api/reports/church_life?${query({ filter: { section: 'missing', weeks: 1 } })}`,
      `/api/reports/church_life/csv?${query({ filter: { section: 'cultos', month_gte: '2026-01', month_lte: MONTH } })}`,
    ]) {
      expect(await bodyText(await call(admin, 'GET', url)), url).toContain(MARKER);
    }
  });

  it("hides the other congregation's records (404) and refuses changes to them (403)", async () => {
    const wrong: string[] = [];
    for (const [route, rule] of Object.entries(ROUTES)) {
      if (rule.kind !== 'record') continue;
      const [method, path] = route.split(' ');
      const url = (rule.url ?? path).replace(':id', String(c[rule.of]));
      const response = await call(scoped, method, url, rule.body?.(c));
      const expected = method === 'GET' ? 404 : 403;
      if (response.statusCode !== expected) {
        wrong.push(`${route}: ${response.statusCode} ${response.body.slice(0, 160)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses to create or act in the other congregation (403)', async () => {
    const wrong: string[] = [];
    for (const [route, rule] of Object.entries(ROUTES)) {
      if (rule.kind !== 'into') continue;
      const [method, path] = route.split(' ');
      const upload =
        rule.upload &&
        multipartBody({ data: rule.upload.csv }, rule.body(c) as Record<string, string>);
      const response = upload
        ? await t.app.inject({
            method: method as 'POST',
            url: path,
            headers: { ...scoped, ...upload.headers },
            payload: upload.payload,
          })
        : await call(scoped, method, path, rule.body(c));
      if (response.statusCode !== 403) {
        wrong.push(`${route}: ${response.statusCode} ${response.body.slice(0, 160)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("refuses the whole church's data to the scoped user (403), nothing changed", async () => {
    const wrong: string[] = [];
    for (const [route, rule] of Object.entries(ROUTES)) {
      if (rule.kind !== 'whole') continue;
      const [method, path] = route.split(' ');
      const response = await call(scoped, method, rule.url ?? path, rule.body());
      if (response.statusCode !== 403 || !/sem limite de congregação/.test(response.body)) {
        wrong.push(`${route}: ${response.statusCode} ${response.body.slice(0, 160)}`);
      }
    }
    expect(wrong).toEqual([]);
    const church = await t.database.db
      .selectFrom('church')
      .select('name')
      .executeTakeFirstOrThrow();
    expect(church.name).not.toContain(MARKER);
  });

  it("imports no paper history for the other congregation's members (listed as not found)", async () => {
    const wrong: string[] = [];
    for (const [route, rule] of Object.entries(ROUTES)) {
      if (rule.kind !== 'upload') continue;
      const [method, path] = route.split(' ');
      const upload = multipartBody({ data: rule.csv });
      const response = await t.app.inject({
        method: method as 'POST',
        url: path,
        headers: { ...scoped, ...upload.headers },
        payload: upload.payload,
      });
      const body = response.json() as Row;
      const statuses = ((body.rows ?? []) as Row[]).map((row) => row.status);
      const shown = JSON.stringify((body.rows ?? []) as Row[]).includes(`"member_name":"Josué`);
      if (response.statusCode !== 422 || statuses.join() !== 'not_found' || shown) {
        wrong.push(`${route}: ${response.statusCode} ${response.body.slice(0, 160)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  // Issue 22: the member import matched C's member by name and birth date, named her, and with
  // "update" rewrote her and moved her into A. Dry run and import, and the getMany of her id.
  it("imports into A without naming, updating or moving C's member", async () => {
    const csv = `Nome;Data de nascimento;Profissão;Congregação\nJosué ${MARKER};15/03/1980;Espião;Congregação Amparo\n`;
    const outside = {
      kind: 'name_birth',
      member_id: null,
      member_name: null,
      row: null,
      outside: true,
    };
    for (const dryRun of ['true', 'false']) {
      const upload = multipartBody(
        { data: csv },
        { dry_run: dryRun, duplicate_action: 'update', choices: '{"2":"update"}' },
      );
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/imports/members',
        headers: { ...scoped, ...upload.headers },
        payload: upload.payload,
      });
      expect(response.statusCode, response.body).toBe(dryRun === 'true' ? 200 : 202);
      let body = response.json() as Row;
      for (let attempt = 0; body.status === 'running' && attempt < 500; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        body = (await call(scoped, 'GET', `/api/imports/${body.id}`)).json() as Row;
      }
      expect(JSON.stringify(body)).not.toContain(`"member_id":${c.member}`);
      if (dryRun === 'true') {
        expect(body.rows[0].duplicate).toEqual(outside);
        expect(body.rows[0].action).toBe('skip');
      } else {
        // (A written import keeps no rows but those its undo needs: none here.)
        expect(body).toMatchObject({ status: 'done', updated_count: 0, skipped_count: 1 });
      }
    }
    const many = await call(
      scoped,
      'GET',
      `/api/members?filter=${encodeURIComponent(JSON.stringify({ id: [c.member] }))}`,
    );
    expect(many.json()).toEqual([]);
    const admin = await t.signIn(ADMIN.email, ADMIN.password);
    const member = (await call(admin, 'GET', `/api/members/${c.member}`)).json() as Row;
    expect(member).toMatchObject({ congregation_id: c.C, profession: null });
  });

  // Issue 22: a self-registration in A that repeats C's member named her to A's reviewer.
  it('names no member of C as the one a registration in A repeats', async () => {
    const admin = await t.signIn(ADMIN.email, ADMIN.password);
    const registration = await created(apiAs(t, admin), '/api/members', {
      name: 'Josué Repetido',
      congregation_id: c.A,
      status: 'pending',
    });
    await t.database.db
      .updateTable('members')
      .set({ duplicate_of: c.member, duplicate_reason: 'name_birth' })
      .where('id', '=', registration.id as number)
      .execute();
    const mine = (await call(scoped, 'GET', '/api/registrations')).json() as Row[];
    const row = mine.find((item) => item.id === registration.id)!;
    expect(row).toMatchObject({ duplicate_of: null, duplicate_name: null });
    expect(JSON.stringify(mine)).not.toContain(MARKER);
    const whole = (await call(admin, 'GET', '/api/registrations')).json() as Row[];
    expect(whole.find((item) => item.id === registration.id)).toMatchObject({
      duplicate_of: c.member,
      duplicate_name: `Josué ${MARKER}`,
    });
    await call(admin, 'DELETE', `/api/members/${registration.id}`);
  });

  it("gives the dashboard's finance card the view's figures, not the church's", async () => {
    const admin = await t.signIn(ADMIN.email, ADMIN.password);
    const balanceOf = async (session: SessionHeaders) =>
      ((await call(session, 'GET', '/api/dashboard')).json() as Row).finance.total_balance_cents;
    // A's account alone: its opening balance and A's gift.
    expect(await balanceOf(scoped)).toBe(10_000 + 3_000);
    // The whole church: A's and C's accounts, after both incomes (C's payable is still open).
    expect(await balanceOf(admin)).toBe(10_000 * 3 + 4_000 + 3_000);
  });

  it("leaves the other congregation's records as they were", async () => {
    const admin = await t.signIn(ADMIN.email, ADMIN.password);
    for (const [url, field] of [
      [`/api/members/${c.member}`, 'name'],
      [`/api/departments/${c.department}`, 'name'],
      [`/api/expenses/${c.expense}`, 'description'],
    ] as const) {
      const response = await call(admin, 'GET', url);
      expect(response.statusCode, url).toBe(200);
      expect(String((response.json() as Row)[field])).toContain(MARKER);
    }
    const member = (await call(admin, 'GET', `/api/members/${c.member}`)).json() as Row;
    expect(member.status).toBe('active');
    const income = await call(admin, 'GET', `/api/incomes/${c.income}`);
    expect((income.json() as Row).amount_cents).toBe(4_000);
    const payable = (await call(admin, 'GET', `/api/accounts_payable/${c.payable}`)).json() as Row;
    expect(payable.status).not.toBe('paid');
  });
});

// Issue 13: one audit trail for everything. The test walks every /api route: each write route
// (POST/PUT/PATCH/DELETE) has a fixture below and must leave an audit entry of its resource; a
// write route without a fixture fails — a new route must say how it is audited. Exports and
// PDFs leave an entry with their rows, opening a member's record leaves a view, sign-ins and
// sign-outs are recorded with address and browser, no entry ever holds a password or a token,
// and no route changes or deletes the trail.
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '../../domain/resources.js';
import { type Api, type Row, apiAs, categoryId, created, query } from '../support/finance.js';
import { multipartBody } from '../support/multipart.js';
import { exampleWith } from '../support/registry.js';
import { buildOfx } from '../support/ofx.js';
import {
  ADMIN,
  PASSWORD,
  type SessionHeaders,
  type TestApp,
  createTestApp,
} from '../support/testApp.js';

const MONTH = '2026-03';
const USER_AGENT = 'Mozilla/5.0 (Teste de auditoria)';
/** Passwords the test types: none may be found in the trail. */
const NEW_PASSWORD = 'outra-senha-forte-456';
const RESET_PASSWORD = 'senha-redefinida-789';

type Ids = Record<string, number>;
interface Fixture {
  /** The resource the entry names. */
  resource: string;
  url?: (ids: Ids) => string;
  body?: (ids: Ids) => unknown;
  /** A raw body (a receipt's bytes, an uploaded file) with its content type. */
  raw?: { type: string; data: Buffer };
  /** Keeps what the answer created for later fixtures. */
  keep?: (answer: Row, ids: Ids) => void;
  /** Waits for work the route goes on doing after it answers (an import's batches). */
  settle?: (answer: Row, api: Api, ids: Ids) => Promise<void>;
}

/**
 * Routes checked by their own tests below, not by a fixture; the enrolment past the grace
 * period by tests/server/two-factor.test.ts (its entries are the enrolment's and the sign-in's).
 */
const SEPARATE = [
  'POST /api/auth/sign_in',
  'DELETE /api/auth/sign_out',
  'POST /api/auth/two_factor/setup',
  // Needs an SMTP server to queue to: its entry (the message, not the token) is checked by
  // tests/server/messages.test.ts.
  'POST /api/self_updates/:id/email',
  // A read sent as POST (the code stays out of URLs): tests/server/transfers.test.ts.
  'POST /api/public/transfers/lookup',
  // Messages (issue 28) by tests/server/messages.test.ts: the test e-mail needs an SMTP server,
  // the unsubscribe a link's token.
  'POST /api/message_settings/test',
  'POST /api/public/unsubscribe/:token',
];

/** The token of the self-update link the fixtures make (issue 28): only in the link. */
let selfUpdateToken = '';
/** The confirmation codes of the transfers the fixtures below confirm (issue 28). */
const codes = { letter: '', public: '' };

/** The admin's second factor as the fixtures enrol it (issue 22). */
const enrolment = { secret: '', recovery: [] as string[] };
const totpCode = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

/** A CSV upload as the browser sends it (multipart/form-data). */
const upload = (csv: string, fields: Record<string, string> = {}) => {
  const body = multipartBody({ data: csv }, fields);
  return { type: body.headers['content-type'], data: body.payload };
};
/** Polls an import (answered 202 while it writes in the background) until it is done. */
async function importDone(answer: Row, api: Api) {
  for (let attempt = 0; attempt < 500; attempt++) {
    const state = (await api('GET', `/api/imports/${answer.id}`)).json() as Row;
    if (state.status !== 'running') {
      expect(state.status).toBe('done');
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('import still running');
}

/** The member the paper history's CSV files name. */
const PAPER_MEMBER = 'Josué Papel;15/03/1980';

const settings = (
  api: string,
  create: (ids: Ids) => object,
  update: () => object,
): Record<string, Fixture> => ({
  [`POST /api/${api}`]: {
    resource: api,
    body: create,
    keep: (answer, ids) => {
      ids[api] = answer.id;
    },
  },
  [`PUT /api/${api}/:id`]: { resource: api, url: (ids) => `/api/${api}/${ids[api]}`, body: update },
  [`DELETE /api/${api}/:id`]: { resource: api, url: (ids) => `/api/${api}/${ids[api]}` },
});

/** The registry's resources of plain simple-rest routes, written with their example record. */
const REGISTERED: Record<string, Fixture> = Object.assign(
  {},
  ...RESOURCES.flatMap(({ api, example }) =>
    example
      ? [
          settings(
            api,
            () => ({ ...example }),
            () => exampleWith(example, '(alterado)'),
          ),
        ]
      : [],
  ),
);

/** One fixture per write route, run in this order as an admin (creates before changes). */
const FIXTURES: Record<string, Fixture> = {
  'PUT /api/auth/password': {
    resource: 'users',
    body: () => ({
      current_password: ADMIN.password,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    }),
  },
  'POST /api/public/registrations': {
    resource: 'members',
    body: () => ({
      name: 'Rebeca Pública',
      birth_date: '1990-05-01',
      consent: true,
      email: 'rebeca@exemplo.org',
    }),
  },
  'POST /api/users': {
    resource: 'users',
    body: () => ({
      name: 'Secretária Nova',
      email: 'nova@teste.org',
      password: PASSWORD,
      roles: ['secretary'],
    }),
    keep: (answer, ids) => {
      ids.user = answer.id;
    },
  },
  'PUT /api/users/:id': {
    resource: 'users',
    url: (ids) => `/api/users/${ids.user}`,
    body: () => ({ roles: ['secretary', 'financial'], password: RESET_PASSWORD }),
  },
  // The admin's own second factor, on and off again (the fixtures go on with one session).
  'POST /api/auth/two_factor': {
    resource: 'users',
    keep: (answer) => {
      enrolment.secret = answer.secret as string;
    },
  },
  'POST /api/auth/two_factor/confirm': {
    resource: 'users',
    body: () => ({ otp_code: totpCode(enrolment.secret) }),
    keep: (answer) => {
      enrolment.recovery = answer.recovery_codes as string[];
    },
  },
  'POST /api/auth/two_factor/recovery_codes': {
    resource: 'users',
    body: () => ({ password: NEW_PASSWORD, otp_code: enrolment.recovery[0] }),
    keep: (answer) => {
      enrolment.recovery = answer.recovery_codes as string[];
    },
  },
  'POST /api/auth/two_factor/disable': {
    resource: 'users',
    body: () => ({ password: NEW_PASSWORD, otp_code: enrolment.recovery[0] }),
  },
  'POST /api/users/:id/two_factor/reset': {
    resource: 'users',
    url: (ids) => `/api/users/${ids.user}/two_factor/reset`,
  },
  'PUT /api/church/two_factor': {
    resource: 'church',
    body: () => ({ two_factor_required: false, two_factor_grace_days: 10 }),
  },
  'DELETE /api/users/:id': { resource: 'users', url: (ids) => `/api/users/${ids.user}` },
  'PUT /api/church': {
    resource: 'church',
    body: () => ({ name: 'Igreja Auditada', audit_retention_years: 6 }),
  },
  'POST /api/church/setup_checklist/dismiss': { resource: 'church', body: () => ({}) },
  ...settings(
    'congregations',
    () => ({ name: 'Congregação Temporária', kind: 'congregacao' }),
    () => ({ leader_name: 'Pr. Silas' }),
  ),
  ...REGISTERED,
  ...settings(
    'departments',
    () => ({ name: 'Louvor' }),
    () => ({ description: 'Músicos e cantores' }),
  ),
  'POST /api/members': {
    resource: 'members',
    body: () => ({ name: 'Tito Novo', status: 'active' }),
    keep: (answer, ids) => {
      ids.newMember = answer.id;
    },
  },
  'PUT /api/members/:id': {
    resource: 'members',
    url: (ids) => `/api/members/${ids.newMember}`,
    body: (ids) => ({ position_id: ids.deacon, notes: 'Mudou de cargo' }),
  },
  'DELETE /api/members/:id': {
    resource: 'members',
    url: (ids) => `/api/members/${ids.newMember}`,
  },
  'POST /api/members/bulk': {
    resource: 'members',
    body: (ids) => ({ ids: [ids.member, ids.other], action: 'set_status', status: 'inactive' }),
  },
  'POST /api/members/:id/anonymize': {
    resource: 'members',
    url: (ids) => `/api/members/${ids.erased}/anonymize`,
    body: () => ({ confirmation: 'Irene Apagada' }),
  },
  'POST /api/credentials': {
    resource: 'credentials',
    body: (ids) => ({ member_id: ids.active }),
    keep: (answer, ids) => {
      ids.credential = answer.id;
    },
  },
  'POST /api/credentials/bulk': {
    resource: 'credentials',
    body: (ids) => ({ member_ids: [ids.active], renew: true }),
    keep: (answer, ids) => {
      ids.credential = answer.ids[0];
    },
  },
  'POST /api/credentials/:id/revoke': {
    resource: 'credentials',
    url: (ids) => `/api/credentials/${ids.credential}/revoke`,
    body: () => ({}),
  },
  'POST /api/letters': {
    resource: 'letters',
    body: (ids) => ({
      member_id: ids.active,
      letter_type: 'recommendation',
      destination_church: 'Igreja Irmã',
      destination_city: 'Campinas/SP',
    }),
  },
  'POST /api/letters/:id/pdf': {
    resource: 'letters',
    url: (ids) => `/api/letters/${ids.transferLetter}/pdf`,
    body: () => ({ code: codes.letter }),
  },
  'POST /api/transfers': {
    resource: 'transfers',
    body: () => ({
      name: 'Bruna Recebida',
      origin_church: 'Igreja de Origem',
      origin_city: 'Olinda/PE',
      letter_number: '12/2026',
      letter_date: '2026-01-10',
      admission_date: '2026-01-20',
    }),
  },
  'POST /api/transfers/:id/sent': {
    resource: 'transfers',
    url: (ids) => `/api/transfers/${ids.transfer}/sent`,
  },
  'POST /api/transfers/:id/confirm': {
    resource: 'transfers',
    url: (ids) => `/api/transfers/${ids.transfer}/confirm`,
    body: () => ({ receiving_church: 'Igreja Destino', confirmed_by: 'Pr. Lucas' }),
  },
  'POST /api/transfers/:id/cancel': {
    resource: 'transfers',
    url: (ids) => `/api/transfers/${ids.cancelledTransfer}/cancel`,
  },
  'POST /api/public/transfers/confirm': {
    resource: 'transfers',
    body: () => ({ code: codes.public, receiving_church: 'Igreja Irmã', confirmed_by: 'Rui' }),
  },
  // Marcos and certificados (issue 28).
  'POST /api/milestones': {
    resource: 'milestones',
    body: (ids) => ({ member_id: ids.active, kind: 'marriage', date: '2020-01-01' }),
    keep: (answer, ids) => {
      ids.milestone = answer.id;
    },
  },
  'PUT /api/milestones/:id': {
    resource: 'milestones',
    url: (ids) => `/api/milestones/${ids.milestone}`,
    body: () => ({ place: 'Templo sede' }),
  },
  'DELETE /api/milestones/:id': {
    resource: 'milestones',
    url: (ids) => `/api/milestones/${ids.milestone}`,
  },
  'POST /api/certificates': {
    resource: 'certificates',
    body: (ids) => ({ member_id: ids.baptized, kind: 'baptism' }),
  },
  'POST /api/certificates/batch': {
    resource: 'certificates',
    body: () => ({ date: '2020-02-04' }),
  },
  'POST /api/credentials/paper': {
    resource: 'credentials',
    body: (ids) => ({ member_id: ids.active, number: 9_001, issued_on: '2015-02-01' }),
  },
  'POST /api/letters/paper': {
    resource: 'letters',
    body: (ids) => ({
      member_id: ids.active,
      letter_type: 'recommendation',
      number: '7/2014',
      issued_on: '2014-06-01',
      destination_church: 'Igreja Irmã',
    }),
  },
  'POST /api/imports/credentials': {
    resource: 'credentials',
    raw: upload(
      `Nome;Data de nascimento;Número;Data de emissão\n${PAPER_MEMBER};9002;01/01/2015\n`,
    ),
  },
  'POST /api/imports/letters': {
    resource: 'letters',
    raw: upload(
      'Nome;Data de nascimento;Tipo;Número;Data de emissão;Igreja de destino\n' +
        `${PAPER_MEMBER};Recomendação;9/2015;01/02/2015;Igreja Irmã\n`,
    ),
  },
  // The member import (issue 14): one entry for the import, one per member it wrote.
  'POST /api/imports/members': {
    resource: 'imports',
    raw: upload('Nome;Data de nascimento\nNoemi Importada;02/02/1990\n', { dry_run: 'false' }),
    keep: (answer, ids) => {
      ids.import = answer.id;
    },
    settle: importDone,
  },
  'DELETE /api/imports/:id': { resource: 'imports', url: (ids) => `/api/imports/${ids.import}` },
  'POST /api/consent_versions': {
    resource: 'consent_versions',
    body: () => ({
      text: 'Autorizo a igreja a tratar os meus dados para a vida da igreja (texto auditado).',
      guardian_text: 'Como responsável, autorizo o tratamento dos dados do menor.',
    }),
  },
  'POST /api/members/:id/consents': {
    resource: 'consents',
    url: (ids) => `/api/members/${ids.active}/consents`,
    body: () => ({ action: 'grant', channel: 'staff' }),
  },
  'POST /api/privacy_requests': {
    resource: 'privacy_requests',
    body: (ids) => ({ kind: 'access', member_id: ids.active, received_on: `${MONTH}-02` }),
    keep: (answer, ids) => {
      ids.request = answer.id;
    },
  },
  'PUT /api/privacy_requests/:id': {
    resource: 'privacy_requests',
    url: (ids) => `/api/privacy_requests/${ids.request}`,
    body: () => ({
      status: 'answered',
      answer: 'Dados enviados por e-mail.',
      answered_on: `${MONTH}-05`,
    }),
  },
  'POST /api/registrations/:id/approve': {
    resource: 'members',
    url: (ids) => `/api/registrations/${ids.pending}/approve`,
    body: () => ({ admission_date: `${MONTH}-01` }),
  },
  'POST /api/registrations/:id/reject': {
    resource: 'members',
    url: (ids) => `/api/registrations/${ids.pending2}/reject`,
    body: () => ({}),
  },
  // The member's self-update (issue 28): the link, the member's submission (no user), the review.
  'POST /api/members/:id/self_updates': {
    resource: 'self_updates',
    url: (ids) => `/api/members/${ids.member}/self_updates`,
    keep: (answer, ids) => {
      ids.selfUpdate = answer.id as number;
      selfUpdateToken = answer.token as string;
    },
  },
  'POST /api/public/self_updates/:token': {
    resource: 'self_updates',
    url: () => `/api/public/self_updates/${selfUpdateToken}`,
    body: () => ({ street: 'Rua Nova', consent: true }),
  },
  'POST /api/self_updates/:id/approve': {
    resource: 'self_updates',
    url: (ids) => `/api/self_updates/${ids.selfUpdate}/approve`,
  },
  'POST /api/self_updates/:id/reject': {
    resource: 'self_updates',
    url: (ids) => `/api/self_updates/${ids.sentSelfUpdate}/reject`,
  },
  'POST /api/self_updates/:id/revoke': {
    resource: 'self_updates',
    url: (ids) => `/api/self_updates/${ids.openSelfUpdate}/revoke`,
  },
  'PUT /api/church/self_update': {
    resource: 'church',
    body: () => ({ self_update_days: 10, self_update_groups: ['address', 'email'] }),
  },
  ...settings(
    'credit_cards',
    (ids) => ({
      name: 'Cartão da secretaria',
      brand: 'Visa',
      last_digits: '1234',
      closing_day: 5,
      due_day: 15,
      limit_cents: 100_000,
      bank_account_id: ids.account,
    }),
    () => ({ limit_cents: 200_000 }),
  ),
  'POST /api/bank_accounts': {
    resource: 'bank_accounts',
    body: () => ({
      name: 'Caixa do bazar',
      kind: 'cash',
      opening_balance_cents: 0,
      opening_date: '2026-01-01',
    }),
    keep: (answer, ids) => {
      ids.cash = answer.id;
    },
  },
  'PUT /api/bank_accounts/:id/pix': {
    resource: 'bank_accounts',
    url: (ids) => `/api/bank_accounts/${ids.cash}/pix`,
    body: () => ({
      pix_key_type: 'random',
      pix_key: '123e4567-e12b-12d1-a456-426655440000',
      pix_name: 'Igreja',
      pix_city: 'Campinas',
    }),
  },
  'POST /api/bank_accounts/:id/deactivate': {
    resource: 'bank_accounts',
    url: (ids) => `/api/bank_accounts/${ids.cash}/deactivate`,
    body: () => ({}),
  },
  'POST /api/bank_accounts/:id/activate': {
    resource: 'bank_accounts',
    url: (ids) => `/api/bank_accounts/${ids.cash}/activate`,
    body: () => ({}),
  },
  'DELETE /api/bank_accounts/:id': {
    resource: 'bank_accounts',
    url: (ids) => `/api/bank_accounts/${ids.cash}`,
  },
  'POST /api/incomes': {
    resource: 'incomes',
    body: (ids) => ({
      category_id: ids.tithes,
      amount_cents: 5_000,
      date: `${MONTH}-10`,
      bank_account_id: ids.account,
      payment_method: 'pix',
    }),
    keep: (answer, ids) => {
      ids.income = answer.id;
    },
  },
  'POST /api/incomes/batch': {
    resource: 'incomes',
    body: (ids) => ({
      date: `${MONTH}-11`,
      bank_account_id: ids.account,
      lines: [{ category_id: ids.tithes, amount_cents: 100, payment_method: 'cash' }],
    }),
  },
  'PUT /api/incomes/:id': {
    resource: 'incomes',
    url: (ids) => `/api/incomes/${ids.income}`,
    body: () => ({ amount_cents: 5_500 }),
  },
  'DELETE /api/incomes/:id': { resource: 'incomes', url: (ids) => `/api/incomes/${ids.income}` },
  // The count of a culto's offering (issue 25): opened, edited, closed, deposited, adjusted.
  'POST /api/offering_counts': {
    resource: 'offering_counts',
    body: (ids) => ({
      date: `${MONTH}-08`,
      service_name: 'Culto de domingo',
      bank_account_id: ids.account,
      counters: [{ name: 'Elias' }, { name: 'Débora' }],
      lines: [{ method: 'cash', category_id: ids.tithes, amount_cents: 1_000 }],
    }),
    keep: (answer, ids) => {
      ids.count = answer.id;
    },
  },
  'PUT /api/offering_counts/:id': {
    resource: 'offering_counts',
    url: (ids) => `/api/offering_counts/${ids.count}`,
    body: () => ({ notes: 'Conferido duas vezes' }),
  },
  'POST /api/offering_counts/:id/close': {
    resource: 'offering_counts',
    url: (ids) => `/api/offering_counts/${ids.count}/close`,
    body: () => ({ confirmed: true }),
  },
  'POST /api/offering_counts/:id/deposit': {
    resource: 'offering_counts',
    url: (ids) => `/api/offering_counts/${ids.count}/deposit`,
    body: () => ({ deposited_cents: 1_000, deposited_on: `${MONTH}-09` }),
  },
  'POST /api/offering_counts/:id/adjust': {
    resource: 'offering_counts',
    url: (ids) => `/api/offering_counts/${ids.count}/adjust`,
    keep: (answer, ids) => {
      ids.adjusting = answer.id;
    },
  },
  'DELETE /api/offering_counts/:id': {
    resource: 'offering_counts',
    url: (ids) => `/api/offering_counts/${ids.adjusting}`,
  },
  'POST /api/expenses': {
    resource: 'expenses',
    body: (ids) => ({
      description: 'Conta de luz',
      category_id: ids.rent,
      amount_cents: 700,
      date: `${MONTH}-05`,
      due_date: `${MONTH}-20`,
      bank_account_id: ids.account,
    }),
    keep: (answer, ids) => {
      ids.expense = answer.id;
      ids.payable = answer.schedule[0].payable_id;
    },
  },
  'PUT /api/expenses/:id': {
    resource: 'expenses',
    url: (ids) => `/api/expenses/${ids.expense}`,
    body: () => ({ description: 'Conta de luz de março' }),
  },
  'PUT /api/expenses/:id/receipt': {
    resource: 'expenses',
    url: (ids) => `/api/expenses/${ids.expense}/receipt`,
    raw: { type: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF') },
  },
  'DELETE /api/expenses/:id/receipt': {
    resource: 'expenses',
    url: (ids) => `/api/expenses/${ids.expense}/receipt`,
  },
  'POST /api/accounts_payable/:id/pay': {
    resource: 'accounts_payable',
    url: (ids) => `/api/accounts_payable/${ids.payable}/pay`,
    body: (ids) => ({ paid_on: `${MONTH}-20`, bank_account_id: ids.account }),
  },
  'POST /api/accounts_payable/:id/unpay': {
    resource: 'accounts_payable',
    url: (ids) => `/api/accounts_payable/${ids.payable}/unpay`,
    body: () => ({}),
  },
  'DELETE /api/expenses/:id': {
    resource: 'expenses',
    url: (ids) => `/api/expenses/${ids.expense}`,
  },
  'POST /api/transactions': {
    resource: 'transactions',
    body: (ids) => ({
      kind: 'transfer',
      from_account_id: ids.account,
      to_account_id: ids.savings,
      amount_cents: 250,
      date: `${MONTH}-16`,
    }),
    keep: (answer, ids) => {
      ids.transaction = answer.id;
    },
  },
  'DELETE /api/transactions/:id': {
    resource: 'transactions',
    url: (ids) => `/api/transactions/${ids.transaction}`,
  },
  'POST /api/bank_accounts/:id/statements': {
    resource: 'bank_statements',
    url: (ids) => `/api/bank_accounts/${ids.account}/statements`,
    raw: (() => {
      const body = multipartBody({
        data: buildOfx({
          lines: [
            { date: `${MONTH}-21`, amount_cents: -1_990, memo: 'TARIFA PACOTE', fitid: 'A1' },
          ],
        }),
        name: 'extrato.ofx',
        type: 'application/x-ofx',
      });
      return { type: body.headers['content-type'], data: body.payload };
    })(),
    keep: (answer, ids) => {
      ids.line = answer.new_lines[0].id;
    },
  },
  'POST /api/statement_lines/:id/reconcile': {
    resource: 'statement_lines',
    url: (ids) => `/api/statement_lines/${ids.line}/reconcile`,
    body: (ids) => ({ create: { kind: 'expense', category_id: ids.rent } }),
  },
  'POST /api/statement_lines/:id/undo': {
    resource: 'statement_lines',
    url: (ids) => `/api/statement_lines/${ids.line}/undo`,
    body: () => ({}),
  },
  // Church life (issue 26): a recurring culto, an event with a check-in undone, a culto opened,
  // a visitor added at the door.
  ...settings(
    'worship_services',
    (ids) => ({ name: 'Culto de domingo', congregation_id: ids.sede, weekday: 0, time: '19:00' }),
    () => ({ time: '18:30' }),
  ),
  // Its check-in hosts (issue 26): a líder assigned by the office.
  'PUT /api/worship_services/:id/hosts': {
    resource: 'worship_services',
    url: (ids) => `/api/worship_services/${ids.openable}/hosts`,
    body: (ids) => ({ host_ids: [ids.other] }),
  },
  'POST /api/worship_services/:id/open': {
    resource: 'gatherings',
    url: (ids) => `/api/worship_services/${ids.openable}/open`,
    body: () => ({ date: `${MONTH}-01` }),
    keep: (answer, ids) => {
      ids.culto = answer.id;
    },
  },
  ...settings(
    'gatherings',
    (ids) => ({ name: 'Santa Ceia', congregation_id: ids.sede, date: `${MONTH}-05` }),
    () => ({ count_children: 12 }),
  ),
  'POST /api/gatherings/:id/attendances': {
    resource: 'attendances',
    url: (ids) => `/api/gatherings/${ids.culto}/attendances`,
    body: (ids) => ({ member_id: ids.other, client_key: 'audit-checkin-01' }),
    keep: (answer, ids) => {
      ids.attendance = answer.id;
    },
  },
  'DELETE /api/attendances/:id': {
    resource: 'attendances',
    url: (ids) => `/api/attendances/${ids.attendance}`,
  },
  'POST /api/visitors': {
    resource: 'visitors',
    body: (ids) => ({
      name: 'Marcos Visitante',
      gathering_id: ids.culto,
      phone: '11987654321',
      contact_consent: true,
    }),
    keep: (answer, ids) => {
      ids.visitor = answer.id;
      ids.followup = answer.followups[0].id;
    },
  },
  'PUT /api/visitors/:id': {
    resource: 'visitors',
    url: (ids) => `/api/visitors/${ids.visitor}`,
    body: () => ({ notes: 'Gosta de louvor.' }),
  },
  // Consolidação: the visitor's steps (made by the quick-add with consent) handed over and
  // closed, then the pipeline started again after a new stage.
  'PUT /api/followups/:id': {
    resource: 'followups',
    url: (ids) => `/api/followups/${ids.followup}`,
    body: () => ({ due_on: '2027-01-10' }),
  },
  'POST /api/followups/:id/close': {
    resource: 'followups',
    url: (ids) => `/api/followups/${ids.followup}/close`,
    body: () => ({ status: 'done', note: 'Ligamos.' }),
  },
  'POST /api/visitors/:id/followups': {
    resource: 'followups',
    url: (ids) => `/api/visitors/${ids.earlyVisitor}/followups`,
  },
  'POST /api/visitors/:id/consents': {
    resource: 'visitors',
    url: (ids) => `/api/visitors/${ids.visitor}/consents`,
    body: () => ({ action: 'revoke' }),
  },
  'POST /api/visitors/:id/convert': {
    resource: 'visitors',
    url: (ids) => `/api/visitors/${ids.visitor}/convert`,
  }, // Células (issue 26): the tree, a cell's members, its report, its multiplication, the levels.
  ...settings(
    'cells',
    (ids) => ({ name: 'Célula Nova', congregation_id: ids.sede }),
    () => ({ weekday: 4 }),
  ),
  'PUT /api/cells/:id/members': {
    resource: 'cells',
    url: (ids) => `/api/cells/${ids.celula}/members`,
    body: (ids) => ({ member_ids: [ids.other] }),
  },
  'POST /api/cells/:id/reports': {
    resource: 'gatherings',
    url: (ids) => `/api/cells/${ids.celula}/reports`,
    body: (ids) => ({ date: `${MONTH}-03`, member_ids: [ids.other] }),
  },
  'POST /api/cells/:id/multiply': {
    resource: 'cells',
    url: (ids) => `/api/cells/${ids.celula}/multiply`,
    body: (ids) => ({ name: 'Célula Filha', born_on: `${MONTH}-20`, member_ids: [ids.other] }),
  },
  'PUT /api/cell_levels/:level': {
    resource: 'cell_levels',
    url: () => '/api/cell_levels/sector',
    body: () => ({ name: 'Área' }),
  },
  'POST /api/visitors/:id/anonymize': {
    resource: 'visitors',
    url: (ids) => `/api/visitors/${ids.guest}/anonymize`,
    body: () => ({ confirmation: 'Gilda Hóspede' }),
  },
  // The EBD (issue 26): a class changed, a student enrolled and taken off, a chamada opened and
  // counted; the class deleted is one without chamadas.
  'POST /api/ebd_classes': {
    resource: 'ebd_classes',
    body: (ids) => ({ name: 'Jovens', congregation_id: ids.sede, year: 2026, quarter: 1 }),
    keep: (answer, ids) => {
      ids.ebdClass = answer.id;
    },
  },
  'PUT /api/ebd_classes/:id': {
    resource: 'ebd_classes',
    url: (ids) => `/api/ebd_classes/${ids.ebdClass}`,
    body: (ids) => ({ magazine: 'Lições Bíblicas', teacher_ids: [ids.member] }),
  },
  'POST /api/ebd_classes/:id/enrolments': {
    resource: 'ebd_enrolments',
    url: (ids) => `/api/ebd_classes/${ids.ebdClass}/enrolments`,
    body: (ids) => ({ member_id: ids.student, enrolled_on: `${MONTH}-01` }),
    keep: (answer, ids) => {
      ids.enrolment = answer.id;
    },
  },
  'POST /api/ebd_classes/:id/roll_calls': {
    resource: 'gatherings',
    url: (ids) => `/api/ebd_classes/${ids.ebdClass}/roll_calls`,
    body: () => ({ date: `${MONTH}-01` }),
    keep: (answer, ids) => {
      ids.rollCall = answer.id;
    },
  },
  'PUT /api/ebd_roll_calls/:id': {
    resource: 'ebd_roll_calls',
    url: (ids) => `/api/ebd_roll_calls/${ids.rollCall}`,
    body: () => ({ offering_cents: 1_050 }),
  },
  // The chamada's offering received by the treasury (issues 26 and 25): the income and the link.
  'POST /api/pending_offerings/:id/receive': {
    resource: 'pending_offerings',
    url: (ids) => `/api/pending_offerings/${ids.rollCall}/receive`,
    body: (ids) => ({ bank_account_id: ids.account }),
  },
  // Famílias (issue 28): a household made from a member, its people, then taken apart.
  'POST /api/families': {
    resource: 'families',
    body: (ids) => ({ member_id: ids.student }),
    keep: (answer, ids) => {
      ids.family = answer.id;
    },
  },
  'PUT /api/families/:id': {
    resource: 'families',
    url: (ids) => `/api/families/${ids.family}`,
    body: () => ({ name: 'Família Auditada', street: 'Rua Nova' }),
  },
  'POST /api/families/:id/people': {
    resource: 'family_people',
    url: (ids) => `/api/families/${ids.family}/people`,
    body: () => ({ name: 'Parente Auditado', relation: 'child' }),
    keep: (answer, ids) => {
      ids.familyPerson = answer.people[1].id;
    },
  },
  'PUT /api/family_people/:id': {
    resource: 'family_people',
    url: (ids) => `/api/family_people/${ids.familyPerson}`,
    body: () => ({ relation: 'other' }),
  },
  'DELETE /api/family_people/:id': {
    resource: 'family_people',
    url: (ids) => `/api/family_people/${ids.familyPerson}`,
  },
  'DELETE /api/families/:id': {
    resource: 'families',
    url: (ids) => `/api/families/${ids.family}`,
  },
  'DELETE /api/ebd_enrolments/:id': {
    resource: 'ebd_enrolments',
    url: (ids) => `/api/ebd_enrolments/${ids.enrolment}`,
  },
  'DELETE /api/ebd_classes/:id': {
    resource: 'ebd_classes',
    url: (ids) => `/api/ebd_classes/${ids.spareClass}`,
  },
  // The month closed (issue 27): a month no fixture writes in, closed and then reopened.
  'POST /api/finance/periods/:month/close': {
    resource: 'finance/periods',
    url: () => '/api/finance/periods/2025-11/close',
    body: () => ({
      approved_on: '2025-12-10',
      approvers: 'Conselho fiscal',
      opinion: 'Contas aprovadas.',
    }),
  },
  'POST /api/finance/periods/:month/reopen': {
    resource: 'finance/periods',
    url: () => '/api/finance/periods/2025-11/reopen',
    body: () => ({ reason: 'Correção de um lançamento' }),
  },
  // The orçamento anual (issue 27): a year of the sede saved whole.
  'PUT /api/budgets': {
    resource: 'budgets',
    body: (ids) => ({
      congregation_id: ids.sede,
      year: 2026,
      lines: [{ category_id: ids.tithes, months: Array<number>(12).fill(10_000) }],
    }),
  },
  // Messages (issue 28): the church's e-mail, a WhatsApp message to the sede (a member with a
  // mobile phone made first), its preview (a read of the people shown) and a link opened.
  'PUT /api/message_settings': {
    resource: 'message_settings',
    body: () => ({ rate_per_minute: 30, from_email: 'secretaria@teste.org', smtp_password: 'x' }),
    settle: async (_answer, api) => {
      await api('POST', '/api/members', { name: 'Rute Mensagem', phone_mobile: '11987654321' });
    },
  },
  'POST /api/messages/preview': {
    resource: 'messages',
    body: () => ({ channel: 'whatsapp', body: 'Oi, {primeiro_nome}', audience: {} }),
  },
  'POST /api/messages': {
    resource: 'messages',
    body: () => ({ channel: 'whatsapp', body: 'Oi, {primeiro_nome}', audience: {} }),
    keep: (answer, ids) => {
      ids.message = answer.id;
    },
    // Rute's link: the one person with a mobile phone.
    settle: async (answer, api, ids) => {
      const filter = encodeURIComponent(JSON.stringify({ status: 'pending' }));
      const rows = await api('GET', `/api/messages/${answer.id}/deliveries?filter=${filter}`);
      ids.delivery = rows.json()[0].id;
    },
  },
  'POST /api/messages/:id/deliveries/:delivery/sent': {
    resource: 'message_deliveries',
    url: (ids) => `/api/messages/${ids.message}/deliveries/${ids.delivery}/sent`,
  },
};

/** Export and PDF routes: the URL to call (default: the route's own path). */
const DOWNLOADS: Record<string, (ids: Ids) => string> = {
  'GET /api/members/:id/data_export': (ids) => `/api/members/${ids.active}/data_export`,
  'GET /api/visitors/:id/data_export': (ids) => `/api/visitors/${ids.guest}/data_export`,
  'GET /api/credentials/pdf': (ids) => `/api/credentials/pdf?ids=${ids.printed}`,
  'GET /api/credentials/:id/pdf': (ids) => `/api/credentials/${ids.printed}/pdf`,
  'GET /api/letters/:id/pdf': (ids) => `/api/letters/${ids.letter}/pdf`,
  'GET /api/certificates/pdf': (ids) => `/api/certificates/pdf?ids=${ids.certificate}`,
  'GET /api/certificates/:id/pdf': (ids) => `/api/certificates/${ids.certificate}/pdf`,
  'GET /api/offering_counts/:id/pdf': (ids) => `/api/offering_counts/${ids.count}/pdf`,
  'GET /api/ebd_classes/:id/certificates/pdf': (ids) =>
    `/api/ebd_classes/${ids.certified}/certificates/pdf`,
  'GET /api/reports/finance/cash_book/csv': (ids) =>
    `/api/reports/finance/cash_book/csv?account_id=${ids.account}`,
  'GET /api/reports/finance/cash_book/pdf': (ids) =>
    `/api/reports/finance/cash_book/pdf?account_id=${ids.account}`,
};
const isDownload = (route: string) =>
  route.startsWith('GET ') &&
  /\/(export|csv|pdf|data_export)$/.test(route) &&
  !route.includes('/receipt');

describe('the audit trail covers every write, export and member view', () => {
  let t: TestApp;
  let api: Api;
  let session: SessionHeaders & { 'user-agent': string };
  const ids: Ids = {};

  const lastId = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirstOrThrow()
      ).id ?? 0,
    );
  const entriesAfter = (id: number) =>
    t.database.db.selectFrom('audit_log').selectAll().where('id', '>', id).orderBy('id').execute();

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await t.signIn(ADMIN.email, ADMIN.password);
    session = { ...admin, 'user-agent': USER_AGENT };
    api = apiAs(t, session);
    const positions = (await api('GET', '/api/positions')).json() as Row[];
    ids.deacon = positions.find((p) => p.name === 'Diácono')!.id;
    ids.tithes = await categoryId(api, 'Dízimos');
    ids.rent = await categoryId(api, 'Aluguel');
    const member = async (name: string, status = 'active') =>
      (await created(api, '/api/members', { name, status })).id as number;
    ids.member = await member('Marta Lista');
    ids.other = await member('Lucas Lista');
    ids.sede = (await api('GET', `/api/members/${ids.member}`)).json().congregation_id;
    ids.openable = (
      await created(api, '/api/worship_services', {
        name: 'Culto de quarta',
        congregation_id: ids.sede,
        weekday: 3,
        time: '19:30',
      })
    ).id;
    ids.celula = (
      await created(api, '/api/cells', { name: 'Célula Betel', congregation_id: ids.sede })
    ).id;
    // A visitor who consented before the consolidação existed: no steps yet.
    ids.earlyVisitor = (
      await t.database.db
        .insertInto('visitors')
        .values({
          congregation_id: ids.sede,
          name: 'Rita Antiga',
          search: 'rita antiga',
          contact_consent: true,
          created_at: '2026-01-10T12:00:00.000Z',
          updated_at: '2026-01-10T12:00:00.000Z',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    ids.active = await member('Ana Ativa');
    // Three transfer letters (issue 28): one the fixtures send and confirm, one they cancel, one
    // the receiving church confirms on the public page.
    const transferLetter = async (name: string) =>
      (await created(api, '/api/letters', {
        member_id: await member(name),
        letter_type: 'transfer',
        destination_church: 'Igreja Destino',
        destination_city: 'Natal/RN',
      })) as Row;
    const leaving = await transferLetter('Saulo Saindo');
    ids.transferLetter = leaving.id as number;
    ids.transfer = leaving.transfer_id as number;
    codes.letter = leaving.confirmation_code as string;
    ids.cancelledTransfer = (await transferLetter('Sara Ficando')).transfer_id as number;
    codes.public = (await transferLetter('Silas Confirmado')).confirmation_code as string;
    // The EBD: a class to delete, and one whose student came to its chamada (certificates).
    ids.student = await member('Timóteo Aluno');
    const ebdClass = (name: string) =>
      created(api, '/api/ebd_classes', { name, congregation_id: ids.sede, year: 2026, quarter: 1 });
    ids.spareClass = (await ebdClass('Turma sem chamadas')).id;
    ids.certified = (await ebdClass('Adultos')).id;
    await created(api, `/api/ebd_classes/${ids.certified}/enrolments`, {
      member_id: ids.student,
      enrolled_on: `${MONTH}-01`,
    });
    const chamada = await created(api, `/api/ebd_classes/${ids.certified}/roll_calls`, {
      date: `${MONTH}-01`,
    });
    await created(api, `/api/gatherings/${chamada.id}/attendances`, { member_id: ids.student });
    ids.pending = await member('Paulo Pendente', 'pending');
    ids.pending2 = await member('Priscila Pendente', 'pending');
    ids.erased = await member('Irene Apagada');
    await created(api, '/api/members', {
      name: 'Josué Papel',
      birth_date: '1980-03-15',
      status: 'active',
    });
    const account = async (name: string) =>
      (
        await created(api, '/api/bank_accounts', {
          name,
          kind: 'checking',
          opening_balance_cents: 10_000,
          opening_date: '2026-01-01',
        })
      ).id as number;
    ids.account = await account('Conta movimento');
    ids.savings = await account('Poupança');
    ids.printed = (
      await created(api, '/api/credentials', { member_id: await member('Pedro Impresso') })
    ).id;
    ids.letter = (
      await created(api, '/api/letters', {
        member_id: ids.member,
        letter_type: 'recommendation',
        destination_church: 'Igreja Irmã',
        destination_city: 'Campinas/SP',
      })
    ).id;
    // Self-update links (issue 28): one left open to revoke, one sent to reject.
    ids.openSelfUpdate = (await created(api, `/api/members/${ids.member}/self_updates`, {})).id;
    const sent = await created(api, `/api/members/${ids.member}/self_updates`, {});
    await created(api, `/api/public/self_updates/${String(sent.token)}`, {
      profession: 'Pedreiro',
      consent: true,
    });
    ids.sentSelfUpdate = sent.id as number;
    // Baptized members: one certified here, one by its fixture, one by a baptism service's batch.
    const baptized = async (name: string, date: string) =>
      (await created(api, '/api/members', { name, status: 'active', baptism_date: date }))
        .id as number;
    ids.certificate = (
      await created(api, '/api/certificates', {
        member_id: await baptized('Célia Certificada', '2020-02-03'),
        kind: 'baptism',
      })
    ).id;
    ids.baptized = await baptized('Bento Batizado', '2020-02-02');
    await baptized('Davi do Lote', '2020-02-04');
    // A visitor who stays one: exported and anonymized (the fixtures' visitor becomes a member).
    ids.guest = (
      await created(api, '/api/visitors', { name: 'Gilda Hóspede', congregation_id: ids.sede })
    ).id;
  });
  afterAll(() => t?.close());

  it('has a fixture for every write route, and every fixture is a route', () => {
    const writes = t.app.apiRoutes
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => !route.startsWith('GET ') && !route.startsWith('HEAD '))
      .filter((route) => !SEPARATE.includes(route));
    expect(writes.filter((route) => !(route in FIXTURES))).toEqual([]);
    expect(Object.keys(FIXTURES).filter((route) => !writes.includes(route))).toEqual([]);
  });

  it('no route changes or deletes the trail', () => {
    const routes = t.app.apiRoutes.filter((route) => route.url.startsWith('/api/audit_log'));
    expect(routes.map((route) => route.method).sort()).toEqual(['GET', 'GET']);
  });

  it('each write route leaves an entry of its resource, with the address and browser', async () => {
    const missing: string[] = [];
    for (const [route, fixture] of Object.entries(FIXTURES)) {
      const [method, path] = route.split(' ');
      const url = fixture.url?.(ids) ?? path;
      const before = await lastId();
      const response = fixture.raw
        ? await t.app.inject({
            method: method as 'PUT',
            url,
            headers: { ...session, 'content-type': fixture.raw.type },
            payload: fixture.raw.data,
          })
        : await api(method, url, fixture.body?.(ids));
      if (response.statusCode >= 300) {
        missing.push(`${route}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        continue;
      }
      fixture.keep?.(response.json(), ids);
      await fixture.settle?.(response.json(), api, ids);
      const entries = await entriesAfter(before);
      const own = entries.filter((entry) => entry.resource === fixture.resource);
      if (own.length === 0) {
        missing.push(`${route}: no ${fixture.resource} entry (${entries.length} others)`);
        continue;
      }
      // The public pages have no user; every other write names the admin.
      const entry = own[own.length - 1];
      if (!route.startsWith('POST /api/public/') && entry.user_name !== 'Administrador') {
        missing.push(`${route}: user ${entry.user_name}`);
      }
      if (entry.ip !== '127.0.0.1' || entry.user_agent !== USER_AGENT) {
        missing.push(`${route}: ip ${entry.ip} agent ${entry.user_agent}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('each export and PDF leaves an entry with what was taken and how many rows', async () => {
    const routes = t.app.apiRoutes
      .map((route) => `${route.method} ${route.url}`)
      .filter(isDownload);
    expect(routes.length).toBeGreaterThan(15);
    const missing: string[] = [];
    for (const route of routes) {
      const path = route.split(' ')[1];
      const url = DOWNLOADS[route]?.(ids) ?? path;
      const before = await lastId();
      const response = await api('GET', url);
      if (response.statusCode !== 200) {
        missing.push(`${route}: ${response.statusCode} ${response.body.slice(0, 120)}`);
        continue;
      }
      const entries = await entriesAfter(before);
      const taken = entries.filter((entry) => entry.action === 'export' || entry.action === 'pdf');
      if (taken.length !== 1) missing.push(`${route}: ${taken.length} entries`);
      else if (!JSON.parse(taken[0].details ?? '{}').file) missing.push(`${route}: no file`);
    }
    expect(missing).toEqual([]);

    const before = await lastId();
    const csv = await api('GET', `/api/members/export?${query({ filter: { status: 'active' } })}`);
    expect(csv.statusCode).toBe(200);
    const [entry] = await entriesAfter(before);
    const rows = csv.body.trim().split('\r\n').length - 1;
    expect(entry).toMatchObject({ action: 'export', resource: 'members', area: 'members' });
    expect(JSON.parse(entry.details!)).toEqual({
      file: 'membros.csv',
      filter: { status: 'active' },
      rows,
    });
  });

  it("opening a member's record leaves a view entry, one INSERT, of that member", async () => {
    const before = await lastId();
    const response = await api('GET', `/api/members/${ids.active}`);
    expect(response.statusCode).toBe(200);
    const entries = await entriesAfter(before);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'view',
      resource: 'members',
      record_id: ids.active,
      member_id: ids.active,
      user_name: 'Administrador',
      ip: '127.0.0.1',
      user_agent: USER_AGENT,
    });
    // A list is not a view of each member.
    const list = await lastId();
    await api('GET', '/api/members');
    expect(await entriesAfter(list)).toHaveLength(0);
  });

  it('records sign-ins, refusals (the e-mail typed, no password) and sign-outs', async () => {
    const before = await lastId();
    const agent = { 'user-agent': USER_AGENT };
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign_in',
      headers: agent,
      payload: { email: ' Ninguem@Teste.org ', password: 'palpite-errado-1' },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign_in',
      headers: agent,
      payload: { email: ADMIN.email, password: NEW_PASSWORD },
    });
    expect(right.statusCode).toBe(200);
    const session = {
      'access-token': String(right.headers['access-token']),
      client: String(right.headers.client),
      uid: String(right.headers.uid),
    };
    const out = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/sign_out',
      headers: { ...session, ...agent },
    });
    expect(out.statusCode).toBe(200);
    const entries = await entriesAfter(before);
    expect(
      entries.map((entry) => [entry.action, entry.user_name, entry.ip, entry.user_agent]),
    ).toEqual([
      ['sign_in_failed', null, '127.0.0.1', USER_AGENT],
      ['sign_in', 'Administrador', '127.0.0.1', USER_AGENT],
      ['sign_out', 'Administrador', '127.0.0.1', USER_AGENT],
    ]);
    expect(JSON.parse(entries[0].details!)).toEqual({
      email: 'ninguem@teste.org',
      reason: 'unknown_email',
    });
    expect(entries.every((entry) => entry.area === 'access')).toBe(true);
  });

  it('no entry holds a password, a token, a digest or a credential code', async () => {
    const rows = await t.database.db.selectFrom('audit_log').selectAll().execute();
    const text = JSON.stringify(rows);
    for (const secret of [
      ADMIN.password,
      NEW_PASSWORD,
      RESET_PASSWORD,
      PASSWORD,
      'palpite-errado-1',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/digest|access-token|\$argon2/);
    const tokens = await t.database.db.selectFrom('user_tokens').select('token_digest').execute();
    for (const token of tokens) expect(text).not.toContain(token.token_digest);
    const codes = await t.database.db.selectFrom('credentials').select('code').execute();
    for (const { code } of codes) expect(text).not.toContain(code);
    // The reset is there, as a fact.
    const reset = rows.find((row) => row.resource === 'users' && row.changes.includes('password'));
    expect(JSON.parse(reset!.changes)).toMatchObject({ password_reset: [null, true] });
  });
});

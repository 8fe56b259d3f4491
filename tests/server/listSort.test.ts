// react-admin's defaults on every list of the registry (domain/resources.ts): a `<List>` without
// a `sort` prop asks for sort=["id","ASC"], and its id column header toggles to ["id","DESC"].
// Each list must answer 200 with its rows in that order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '../../domain/resources.js';
import { seedDatabase } from '../../server/seed/index.js';
import { seedFinance } from '../../server/seed/finance/index.js';
import { insertUser } from '../../server/modules/users/repository.js';
import { multipartBody } from '../support/multipart.js';
import { buildOfx } from '../support/ofx.js';
import { exampleWith } from '../support/registry.js';
import {
  ADMIN,
  PASSWORD,
  type SessionHeaders,
  type TestApp,
  createTestApp,
} from '../support/testApp.js';

const LISTS = RESOURCES.filter((entry) => !entry.singleton).map((entry) => entry.api);

describe('every list of the registry sorts by id both ways', () => {
  let t: TestApp;
  let admin: SessionHeaders;
  const api = (method: string, url: string, payload?: unknown) =>
    t.app.inject({ method: method as 'GET', url, headers: admin, payload: payload as object });
  const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

  beforeAll(async () => {
    t = await createTestApp();
    // Every role, so every list is readable by one session.
    await insertUser(t.database.db, {
      name: 'Todos os papéis',
      email: 'todos@teste.org',
      password: PASSWORD,
      roles: ['admin', 'secretary', 'financial'],
    });
    await insertUser(t.database.db, {
      name: 'Outra pessoa',
      email: 'outra@teste.org',
      password: PASSWORD,
      roles: ['secretary'],
    });
    admin = await t.signIn('todos@teste.org', PASSWORD);
    await seedDatabase(t.database, { members: 60, seed: 11 });
    await seedFinance(t.database, { transactions: 400, years: 1, seed: 11 });

    const members = await t.database.db
      .selectFrom('members')
      .select('id')
      .where('status', '=', 'active')
      .orderBy('id')
      .limit(6)
      .execute();
    for (const { id } of members.slice(0, 3)) {
      const card = await api('POST', '/api/credentials', { member_id: id });
      expect(card.statusCode, card.body).toBe(201);
      const letter = await api('POST', '/api/letters', {
        member_id: id,
        letter_type: 'recommendation',
        destination_church: 'Igreja Batista Central',
        destination_city: 'Campinas/SP',
      });
      expect(letter.statusCode, letter.body).toBe(201);
    }
    // Self-registrations waiting for review are members with status "pending".
    await t.database.db
      .updateTable('members')
      .set({ status: 'pending' })
      .where(
        'id',
        'in',
        members.slice(3).map((row) => row.id),
      )
      .execute();
    // Ministry workers are members whose position is ministerial.
    const ministerial = await t.database.db
      .selectFrom('positions')
      .select('id')
      .where('ministerial', '=', true)
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('members')
      .set({ position_id: ministerial.id })
      .where(
        'id',
        'in',
        members.slice(0, 3).map((row) => row.id),
      )
      .execute();
    const account = await t.database.db
      .selectFrom('bank_accounts')
      .select('id')
      .executeTakeFirstOrThrow();
    const card = await api('POST', '/api/credit_cards', {
      name: 'Cartão da secretaria',
      closing_day: 28,
      due_day: 5,
      limit_cents: 100_000,
      bank_account_id: account.id,
    });
    expect(card.statusCode, card.body).toBe(201);
    // A bank statement of two lines on the account (issue 14).
    const statement = multipartBody({
      data: buildOfx({
        lines: [
          { date: '2026-01-05', amount_cents: -1_990, memo: 'TARIFA PACOTE', fitid: 'S1' },
          { date: '2026-01-06', amount_cents: 5_000, memo: 'PIX RECEBIDO', fitid: 'S2' },
        ],
      }),
      name: 'extrato.ofx',
    });
    const imported = await t.app.inject({
      method: 'POST',
      url: `/api/bank_accounts/${account.id}/statements`,
      headers: { ...admin, ...statement.headers },
      payload: statement.payload,
    });
    expect(imported.statusCode, imported.body).toBe(201);
    // A congregation beside the sede the migration created.
    const congregation = await api('POST', '/api/congregations', {
      name: 'Congregação Vila Nova',
      kind: 'congregacao',
    });
    expect(congregation.statusCode, congregation.body).toBe(201);
    // A second consent text, and two data subjects' requests (issue 13).
    const version = await api('POST', '/api/consent_versions', {
      text: 'Autorizo a {igreja} a guardar os meus dados de membro (segunda versão).',
      guardian_text: 'Sou o responsável legal e autorizo o cadastro desta pessoa.',
    });
    expect(version.statusCode, version.body).toBe(201);
    for (const [kind, holder_name] of [
      ['access', 'Titular Um'],
      ['deletion', 'Titular Dois'],
    ]) {
      const request = await api('POST', '/api/privacy_requests', {
        kind,
        holder_name,
        received_on: '2026-01-05',
      });
      expect(request.statusCode, request.body).toBe(201);
    }
    // Church life (issue 26): two recurring cultos, each opened once, and two visitors (the
    // second agrees to be contacted: its consolidação steps are listed too).
    const sede =
      congregation.json().parent_id ?? (await api('GET', '/api/congregations')).json()[0].id;
    for (const [name, weekday] of [
      ['Culto de domingo', 0],
      ['Culto de quarta', 3],
    ] as const) {
      const service = await api('POST', '/api/worship_services', {
        name,
        congregation_id: sede,
        weekday,
        time: '19:00',
      });
      expect(service.statusCode, service.body).toBe(201);
      const opened = await api('POST', `/api/worship_services/${service.json().id}/open`, {
        date: '2026-01-04',
      });
      expect(opened.statusCode, opened.body).toBe(201);
      const visitor = await api('POST', '/api/visitors', {
        name: `Visitante ${name}`,
        gathering_id: opened.json().id,
        contact_consent: weekday === 3,
      });
      expect(visitor.statusCode, visitor.body).toBe(201);
    }
    // The EBD (issue 26): two classes, each with a chamada.
    for (const name of ['Jovens', 'Adultos']) {
      const ebdClass = await api('POST', '/api/ebd_classes', {
        name,
        congregation_id: sede,
        year: 2026,
        quarter: 1,
      });
      expect(ebdClass.statusCode, ebdClass.body).toBe(201);
      const chamada = await api('POST', `/api/ebd_classes/${ebdClass.json().id}/roll_calls`, {
        date: '2026-01-04',
      });
      expect(chamada.statusCode, chamada.body).toBe(201);
      // Each with an offering: two lines of Ofertas a receber (issues 26 and 25).
      const counted = await api('PUT', `/api/ebd_roll_calls/${chamada.json().id}`, {
        offering_cents: 1_500,
      });
      expect(counted.statusCode, counted.body).toBe(200);
    }
    // Two audited finance writes.
    for (const name of ['Aluguel do salão', 'Material de limpeza']) {
      const category = await api('POST', '/api/finance_categories', { name, kind: 'expense' });
      expect(category.statusCode, category.body).toBe(201);
    }
    // Two counts of a culto's offering on the account, in the seeded tithes category (issue 25).
    const tithes = await t.database.db
      .selectFrom('finance_categories')
      .select('id')
      .where('kind', '=', 'income')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    for (const service_name of ['Culto de domingo', 'Culto de quarta']) {
      const count = await api('POST', '/api/offering_counts', {
        date: '2026-01-04',
        service_name,
        bank_account_id: account.id,
        counters: [{ name: 'Elias' }, { name: 'Débora' }],
        lines: [{ method: 'cash', category_id: tithes.id, amount_cents: 1_000 }],
      });
      expect(count.statusCode, count.body).toBe(201);
    }
    for (const name of ['Célula Betel', 'Célula Siloé']) {
      const cell = await api('POST', '/api/cells', { name, congregation_id: 1 });
      expect(cell.statusCode, cell.body).toBe(201);
    }
    // A resource with an example record (a new one starts empty) gets two rows from it.
    // Two months closed: the months' list has rows to sort (issue 27).
    for (const month of ['2025-01', '2025-02']) {
      const closed = await api('POST', `/api/finance/periods/${month}/close`, {
        approved_on: '2025-03-10',
        approvers: 'Conselho fiscal',
        opinion: 'Contas aprovadas.',
      });
      expect(closed.statusCode, closed.body).toBe(200);
    }
    // Issue 28: two of each of a member's journey's records (self-update links, incoming
    // transfers, families, milestones, certificates of baptism, messages).
    for (const [index, { id }] of members.slice(0, 2).entries()) {
      const writes: [string, Record<string, unknown>][] = [
        [`/api/members/${id}/self_updates`, {}],
        [
          '/api/transfers',
          {
            name: `Recebido Por Carta ${index + 1}`,
            origin_church: 'Igreja de Origem',
            origin_city: 'Olinda/PE',
            letter_number: `${index + 1}/2026`,
            letter_date: '2026-01-10',
            admission_date: '2026-01-20',
          },
        ],
        ['/api/families', { member_id: id }],
        ['/api/milestones', { member_id: id, kind: 'water_baptism', date: '2019-05-05' }],
        ['/api/certificates', { member_id: id, kind: 'baptism' }],
        ['/api/messages', { channel: 'whatsapp', body: 'Paz, {primeiro_nome}!', audience: {} }],
      ];
      for (const [url, body] of writes) {
        const response = await api('POST', url, body);
        expect(response.statusCode, `${url}: ${response.body}`).toBe(201);
        // The self-updates' list is of the changes sent and waiting for the secretary.
        if (url.endsWith('/self_updates')) {
          const sent = await api('POST', `/api/public/self_updates/${response.json().token}`, {
            profession: `Ofício ${index + 1}`,
            consent: true,
          });
          expect(sent.statusCode, sent.body).toBe(201);
        }
      }
    }
    for (const { api: resource, example } of RESOURCES) {
      if (!example) continue;
      const { length } = (await api('GET', `/api/${resource}`)).json() as unknown[];
      for (let copy = length; copy < 2; copy++) {
        const row = await api('POST', `/api/${resource}`, exampleWith(example, `${copy + 1}`));
        expect(row.statusCode, row.body).toBe(201);
      }
    }
  });
  afterAll(() => t?.close());

  it('the registry has lists to walk', () => {
    expect(LISTS.length).toBeGreaterThan(15);
    expect(LISTS).toContain('ministry_workers');
  });

  it.each(LISTS)('GET /api/%s sorted by ["id","ASC"] and ["id","DESC"]', async (resource) => {
    const read = async (order: 'ASC' | 'DESC') => {
      const response = await api(
        'GET',
        `/api/${resource}?sort=${q(['id', order])}&range=${q([0, 999])}`,
      );
      expect(response.statusCode, `${order}: ${response.body}`).toBe(200);
      return (response.json() as Array<{ id: number }>).map((row) => row.id);
    };
    const ascending = await read('ASC');
    const descending = await read('DESC');
    // At least two rows, or the order would prove nothing.
    expect(ascending.length, resource).toBeGreaterThanOrEqual(2);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    expect(new Set(ascending).size).toBe(ascending.length);
    expect(descending).toEqual([...ascending].reverse());
  });

  it('still refuses a field a list does not sort by, in Portuguese', async () => {
    const response = await api('GET', `/api/ministry_workers?sort=${q(['cpf', 'ASC'])}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Não é possível ordenar por "cpf".');
  });

  it.each(LISTS)('GET /api/%s takes a search that is not text without a 5xx', async (resource) => {
    // An object whose toString is not a function: String() of it throws (it was a 500 in
    // several lists). Refused in Portuguese, or ignored.
    const response = await api('GET', `/api/${resource}?filter=${q({ q: { toString: 'x' } })}`);
    expect(response.statusCode, response.body).toBeLessThan(500);
    if (response.statusCode !== 200) expect(response.json().message).toMatch(/^Filtro/);
  });

  it('the first administrator reads too (sanity of the session used above)', async () => {
    const session = await t.signIn(ADMIN.email, ADMIN.password);
    const response = await t.app.inject({ url: '/api/users', headers: session });
    expect(response.statusCode).toBe(200);
  });
});

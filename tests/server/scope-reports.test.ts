// @module-tag dates (npm test reruns this file with the clock pinned: see tests/run.ts)
// Issue 12: the dashboard and every report (JSON, CSV, PDF) count only the request's view — the
// user's congregations, narrowed by the app bar's selection (X-Congregation) and by the report's
// congregation_id filter — for users scoped to one congregation, to two, and to the whole
// church; and the sede's reports (members by congregation and status, new members per month,
// finance result) add up to the records made through the API.
//
// Until the members and finance sides accept congregation_id on create (other branches of
// issue 12), the records are made through the API and their congregation_id is then written in
// the test database; congregations and users' scope likewise (until the congregations
// resource and the users API take them).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../domain/dates.js';
import { formatMoney } from '../../domain/formats.js';
import { MEMBER_STATUSES, type MemberStatus } from '../../domain/members.js';
import { csvAmount } from '../../server/http/csv.js';
import { type Api, apiAs, categoryId, query } from '../support/finance.js';
import { ADMIN, type SessionHeaders, type TestApp, createTestApp } from '../support/testApp.js';
import { flatPdfText } from '../support/pdf.js';

type Key = 'S' | 'A' | 'B' | 'C';

const CONGREGATIONS: Record<Exclude<Key, 'S'>, string> = {
  A: 'Congregação Alfa',
  B: 'Congregação Beta',
  C: 'Congregação Gama',
};

interface Person {
  name: string;
  at: Key;
  status: MemberStatus;
  /** 'today' or a fixed date. */
  admission: string | null;
  card?: boolean;
  letter?: boolean;
}

const PEOPLE: Person[] = [
  { name: 'Sílvia Sede', at: 'S', status: 'active', admission: '2025-01-10', card: true },
  { name: 'Saulo Sede', at: 'S', status: 'inactive', admission: '2025-01-20' },
  {
    name: 'Ana Alfa',
    at: 'A',
    status: 'active',
    admission: '2025-02-03',
    card: true,
    letter: true,
  },
  { name: 'Alice Alfa', at: 'A', status: 'active', admission: '2025-02-15' },
  { name: 'Arthur Alfa', at: 'A', status: 'active', admission: '2025-04-01' },
  { name: 'Alan Alfa', at: 'A', status: 'active', admission: 'today' },
  { name: 'Aurora Alfa', at: 'A', status: 'pending', admission: null },
  {
    name: 'Bruno Beta',
    at: 'B',
    status: 'active',
    admission: '2025-02-10',
    card: true,
    letter: true,
  },
  { name: 'Bianca Beta', at: 'B', status: 'active', admission: '2025-06-30' },
  { name: 'Beatriz Beta', at: 'B', status: 'active', admission: 'today' },
  { name: 'Bento Beta', at: 'B', status: 'transferred', admission: '2024-12-31' },
  {
    name: 'Caio Gama',
    at: 'C',
    status: 'active',
    admission: '2025-07-01',
    card: true,
    letter: true,
  },
];

// Finance: [congregation, kind, amount in centavos, date]; the last two are outside 2025.
const MOVEMENTS: Array<[Key, 'income' | 'expense', number, string]> = [
  ['S', 'income', 500_000, '2025-03-05'],
  ['S', 'expense', 120_000, '2025-03-06'],
  ['A', 'income', 80_000, '2025-02-01'],
  ['A', 'income', 20_050, '2025-11-30'],
  ['A', 'expense', 150_000, '2025-05-10'],
  ['B', 'income', 45_000, '2025-12-31'],
  ['B', 'expense', 10_000, '2025-01-01'],
  ['C', 'expense', 7_500, '2025-08-08'],
  ['A', 'income', 999_900, '2026-01-01'],
  ['B', 'expense', 888_800, '2024-12-31'],
];

/** The cells of a CSV body (BOM, `;`-separated, CRLF; no quoted cells in this data). */
const csvRows = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(';'));

describe('the dashboard and the reports follow the congregation view', () => {
  let t: TestApp;
  let admin: Api;
  const ids = { S: 1 } as Record<Key, number>;
  const today = todayIso();
  const sessions = {} as Record<string, SessionHeaders>;

  const nameOf = (key: Key) => (key === 'S' ? 'Minha Igreja' : CONGREGATIONS[key]);

  /** A user of these roles limited to these congregations ([] = the whole church). */
  async function scopedUser(label: string, roles: Array<'secretary' | 'financial'>, keys: Key[]) {
    const session = await t.userWithRoles(roles, label);
    await t.database.db
      .updateTable('users')
      .set({ congregation_ids: JSON.stringify(keys.map((key) => ids[key])) })
      .where('id', '=', session.id)
      .execute();
    sessions[label] = session;
  }

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.database;
    admin = apiAs(t, await t.signIn(ADMIN.email, ADMIN.password));
    const now = new Date().toISOString();
    for (const [key, name] of Object.entries(CONGREGATIONS)) {
      const row = await db
        .insertInto('congregations')
        .values({
          name,
          kind: 'congregacao',
          parent_id: null,
          slug: name.toLowerCase().replace(/[^a-z]+/g, '-'),
          search: name.toLowerCase(),
          active: true,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[key as Key] = row.id;
    }

    // Members through the API, with their congregation; every birthday is today (this month
    // and this week), so the birthday figures and the report list every active member.
    for (const person of PEOPLE) {
      const admission = person.admission === 'today' ? today : person.admission;
      const response = await admin('POST', '/api/members', {
        name: person.name,
        status: person.status,
        birth_date: `1980-${today.slice(5)}`,
        admission_date: admission,
        congregation_id: ids[person.at],
      });
      expect(response.statusCode, response.body).toBe(201);
      const id = response.json().id as number;
      await db
        .updateTable('members')
        .set({ congregation_id: ids[person.at] })
        .where('id', '=', id)
        .execute();
      if (person.card) {
        const card = await admin('POST', '/api/credentials', { member_id: id });
        expect(card.statusCode, card.body).toBe(201);
        // Expiring in 10 days: in the expiring report and the dashboard's 30-day figure.
        const expires = addDays(today, 10);
        await db
          .updateTable('credentials')
          .set({ expires_on: expires })
          .where('id', '=', card.json().id)
          .execute();
        await db
          .updateTable('members')
          .set({ credential_expires_on: expires })
          .where('id', '=', id)
          .execute();
      }
      if (person.letter) {
        const letter = await admin('POST', '/api/letters', {
          member_id: id,
          letter_type: 'recommendation',
          destination_church: 'Igreja Irmã',
          destination_city: 'Recife/PE',
        });
        expect(letter.statusCode, letter.body).toBe(201);
      }
    }

    // Finance through the API: one account per congregation, incomes and expenses on it.
    const offerings = await categoryId(admin, 'Ofertas');
    const rent = await categoryId(admin, 'Aluguel');
    const accounts = {} as Record<Key, number>;
    for (const key of ['S', 'A', 'B', 'C'] as Key[]) {
      const account = await admin('POST', '/api/bank_accounts', {
        name: `Caixa ${nameOf(key)}`,
        kind: 'cash',
        opening_balance_cents: 0,
        opening_date: '2024-01-01',
        congregation_id: ids[key],
      });
      expect(account.statusCode, account.body).toBe(201);
      accounts[key] = account.json().id;
      await db
        .updateTable('bank_accounts')
        .set({ congregation_id: ids[key] })
        .where('id', '=', accounts[key])
        .execute();
    }
    for (const [key, kind, amount, date] of MOVEMENTS) {
      const response =
        kind === 'income'
          ? await admin('POST', '/api/incomes', {
              category_id: offerings,
              amount_cents: amount,
              date,
              bank_account_id: accounts[key],
              payment_method: 'cash',
              congregation_id: ids[key],
            })
          : await admin('POST', '/api/expenses', {
              description: `Despesa ${nameOf(key)}`,
              category_id: rent,
              amount_cents: amount,
              date,
              due_date: date,
              bank_account_id: accounts[key],
              congregation_id: ids[key],
            });
      expect(response.statusCode, response.body).toBe(201);
      await db
        .updateTable(kind === 'income' ? 'incomes' : 'expenses')
        .set({ congregation_id: ids[key] })
        .where('id', '=', response.json().id)
        .execute();
    }

    await scopedUser('secretária de A', ['secretary'], ['A']);
    await scopedUser('secretária de A e B', ['secretary'], ['A', 'B']);
    await scopedUser('secretária da igreja', ['secretary'], []);
    await scopedUser('tesoureira de A', ['financial'], ['A']);
    await scopedUser('tesoureira de A e B', ['financial'], ['A', 'B']);
    await scopedUser('tesoureira da igreja', ['financial'], []);
  });
  afterAll(() => t.close());

  /** A view: who asks, with which selection and filter, and which congregations it covers. */
  interface View {
    label: string;
    user: string;
    select?: Key;
    filter?: Key[];
    sees: Key[];
  }

  const VIEWS = (role: 'secretária' | 'tesoureira'): View[] => [
    { label: 'scoped to A', user: `${role} de A`, sees: ['A'] },
    { label: 'scoped to A and B', user: `${role} de A e B`, sees: ['A', 'B'] },
    { label: 'scoped to A and B, B selected', user: `${role} de A e B`, select: 'B', sees: ['B'] },
    {
      label: 'scoped to A and B, filtered by B and C',
      user: `${role} de A e B`,
      filter: ['B', 'C'],
      sees: ['B'],
    },
    { label: 'whole church', user: `${role} da igreja`, sees: ['S', 'A', 'B', 'C'] },
    { label: 'whole church, C selected', user: `${role} da igreja`, select: 'C', sees: ['C'] },
    {
      label: 'whole church, filtered by S and A',
      user: `${role} da igreja`,
      filter: ['S', 'A'],
      sees: ['S', 'A'],
    },
  ];

  function get(view: View, url: string, filter: Record<string, unknown> = {}) {
    const withCongregation = view.filter
      ? { ...filter, congregation_id: view.filter.map((key) => ids[key]) }
      : filter;
    const separator = url.includes('?') ? '&' : '?';
    const full =
      Object.keys(withCongregation).length > 0
        ? `${url}${separator}${query({ filter: withCongregation, range: [0, 999] })}`
        : `${url}${separator}${query({ range: [0, 999] })}`;
    return t.app.inject({
      method: 'GET',
      url: full,
      headers: {
        ...sessions[view.user],
        ...(view.select ? { 'x-congregation': String(ids[view.select]) } : {}),
      },
    });
  }

  const people = (keys: Key[], which: (person: Person) => boolean) =>
    PEOPLE.filter((person) => keys.includes(person.at) && which(person))
      .map((person) => person.name)
      .sort();

  /** The expected congregations' names in the sede's reports' order: sede first, then by name. */
  const congregationNames = (keys: Key[]) =>
    (['S', 'A', 'B', 'C'] as Key[]).filter((key) => keys.includes(key)).map(nameOf);

  // The member reports: who each lists, and the column that names the member.
  const MEMBER_REPORTS: Array<{
    api: string;
    filter: Record<string, unknown>;
    lists: (person: Person) => boolean;
    nameField: string;
  }> = [
    {
      api: 'birthdays',
      filter: { month: Number(today.slice(5, 7)) },
      lists: (person) => person.status === 'active',
      nameField: 'name',
    },
    {
      api: 'expiring_credentials',
      filter: {},
      lists: (person) => Boolean(person.card),
      nameField: 'member_name',
    },
    {
      api: 'members_without_credentials',
      filter: {},
      lists: (person) => person.status === 'active' && !person.card,
      nameField: 'name',
    },
    {
      api: 'issued_letters',
      filter: {},
      lists: (person) => Boolean(person.letter),
      nameField: 'member_name',
    },
  ];

  describe.each(VIEWS('secretária'))('a secretary $label', (view) => {
    it.each(MEMBER_REPORTS)(
      'the $api report lists, exports and prints only the view',
      async (report) => {
        const expected = people(view.sees, report.lists);
        const others = PEOPLE.map((person) => person.name).filter(
          (name) => !expected.includes(name),
        );
        const url = `/api/reports/${report.api}`;

        const list = await get(view, url, report.filter);
        expect(list.statusCode, list.body).toBe(200);
        const rows = list.json() as Array<Record<string, unknown>>;
        expect(rows.map((row) => row[report.nameField]).sort()).toEqual(expected);
        for (const row of rows) {
          const person = PEOPLE.find((p) => p.name === row[report.nameField])!;
          expect(row.congregation_name).toBe(nameOf(person.at));
          expect(row.congregation_id).toBe(ids[person.at]);
        }

        const csv = await get(view, `${url}/csv`, report.filter);
        expect(csv.statusCode, csv.body).toBe(200);
        const [header, ...lines] = csvRows(csv.body);
        const nameColumn = header.findIndex((cell) => cell === 'Nome' || cell === 'Membro');
        const congregationColumn = header.indexOf('Congregação');
        expect(congregationColumn).toBeGreaterThan(-1);
        expect(lines.map((line) => line[nameColumn]).sort()).toEqual(expected);
        for (const line of lines) {
          const person = PEOPLE.find((p) => p.name === line[nameColumn])!;
          expect(line[congregationColumn]).toBe(nameOf(person.at));
        }

        const pdf = await get(view, `${url}/pdf`, report.filter);
        expect(pdf.statusCode, pdf.body).toBe(200);
        const text = await flatPdfText(pdf.rawPayload);
        for (const name of expected) expect(text).toContain(name);
        for (const name of others) expect(text).not.toContain(name);
        // A narrowed view names its congregations under the title.
        if (view.sees.length < 4) {
          const names = congregationNames(view.sees);
          expect(text).toContain(
            `${names.length === 1 ? 'Congregação' : 'Congregações'}: ${names.join(', ')}.`,
          );
        } else {
          expect(text).not.toContain('Congregações:');
        }
      },
    );

    it('members by congregation and status: a row per congregation and the totals', async () => {
      const url = '/api/reports/members_by_congregation';
      const response = await get(view, url);
      expect(response.statusCode, response.body).toBe(200);
      const rows = response.json() as Array<Record<string, unknown>>;
      const counts = (keys: Key[]) => {
        const here = PEOPLE.filter((person) => keys.includes(person.at));
        return {
          ...Object.fromEntries(
            MEMBER_STATUSES.map((status) => [
              status,
              here.filter((person) => person.status === status).length,
            ]),
          ),
          total: here.length,
        };
      };
      expect(rows).toEqual([
        ...congregationNames(view.sees).map((name, index) => {
          const key = (['S', 'A', 'B', 'C'] as Key[]).filter((k) => view.sees.includes(k))[index];
          return {
            id: ids[key],
            congregation_id: ids[key],
            congregation_name: name,
            is_total: false,
            ...counts([key]),
          };
        }),
        {
          id: 0,
          congregation_id: null,
          congregation_name: 'Total',
          is_total: true,
          ...counts(view.sees),
        },
      ]);

      const csv = await get(view, `${url}/csv`);
      const [header, ...lines] = csvRows(csv.body);
      expect(header).toEqual([
        'Congregação',
        'Pendentes',
        'Ativos',
        'Inativos',
        'Disciplinados',
        'Em transferência',
        'Transferidos',
        'Falecidos',
        'Total',
      ]);
      expect(lines.map((line) => line[0])).toEqual([...congregationNames(view.sees), 'Total']);
      expect(lines.at(-1)![8]).toBe(String(counts(view.sees).total));

      const pdf = await get(view, `${url}/pdf`);
      expect(pdf.statusCode).toBe(200);
      const text = await flatPdfText(pdf.rawPayload);
      expect(text).toContain('Membros por congregação');
      for (const key of ['S', 'A', 'B', 'C'] as Key[]) {
        if (view.sees.includes(key)) expect(text).toContain(nameOf(key));
        else if (key !== 'S') expect(text).not.toContain(nameOf(key));
      }
    });

    it('new members per month: admissions of each month of the period', async () => {
      const url = '/api/reports/new_members_by_month';
      const filter = { month_gte: '2025-01', month_lte: '2025-06' };
      const response = await get(view, url, filter);
      expect(response.statusCode, response.body).toBe(200);
      const months = ['01', '02', '03', '04', '05', '06'];
      const admitted = (keys: Key[]) => {
        const perMonth = months.map(
          (month) =>
            PEOPLE.filter(
              (person) => keys.includes(person.at) && person.admission?.startsWith(`2025-${month}`),
            ).length,
        );
        return { months: perMonth, total: perMonth.reduce((sum, n) => sum + n, 0) };
      };
      const keys = (['S', 'A', 'B', 'C'] as Key[]).filter((key) => view.sees.includes(key));
      expect(
        (response.json() as Array<Record<string, unknown>>).map((row) => [
          row.congregation_name,
          row.months,
          row.total,
        ]),
      ).toEqual([
        ...keys.map((key) => [nameOf(key), admitted([key]).months, admitted([key]).total]),
        ['Total', admitted(keys).months, admitted(keys).total],
      ]);

      const csv = await get(view, `${url}/csv`, filter);
      expect(csv.headers['content-disposition']).toBe(
        'attachment; filename="novos-membros-2025-01-a-2025-06.csv"',
      );
      const [header, ...lines] = csvRows(csv.body);
      expect(header).toEqual([
        'Congregação',
        'jan/2025',
        'fev/2025',
        'mar/2025',
        'abr/2025',
        'mai/2025',
        'jun/2025',
        'Total',
      ]);
      expect(lines.at(-1)).toEqual([
        'Total',
        ...admitted(keys).months.map(String),
        String(admitted(keys).total),
      ]);
      const pdf = await get(view, `${url}/pdf`, filter);
      expect(pdf.statusCode).toBe(200);
      expect(await flatPdfText(pdf.rawPayload)).toContain('Novos membros por mês');
    });
  });

  // The dashboard has no filter of its own: the views of the app bar's selection.
  describe.each(VIEWS('secretária').filter((view) => !view.filter))(
    'the dashboard of a secretary $label',
    (view) => {
      it('the dashboard counts only the view, with a breakdown when it covers several', async () => {
        const response = await get(view, '/api/dashboard');
        expect(response.statusCode, response.body).toBe(200);
        const figures = response.json();
        const inView = PEOPLE.filter((person) => view.sees.includes(person.at));
        const byStatus = Object.fromEntries(
          MEMBER_STATUSES.map((status) => [
            status,
            inView.filter((person) => person.status === status).length,
          ]),
        );
        expect(figures.members).toEqual({
          total: inView.length,
          by_status: byStatus,
          new_this_month: inView.filter((person) => person.admission === 'today').length,
        });
        expect(figures.pending_registrations).toBe(byStatus.pending);
        expect(figures.birthdays_week.map((row: { name: string }) => row.name).sort()).toEqual(
          people(view.sees, (person) => ['active', 'pending'].includes(person.status)),
        );
        expect(figures.expiring_credentials_30d).toBe(
          people(view.sees, (person) => Boolean(person.card)).length,
        );
        if (view.sees.length === 1) {
          expect(figures.congregations).toBeUndefined();
        } else {
          expect(figures.congregations).toEqual(
            (['S', 'A', 'B', 'C'] as Key[])
              .filter((key) => view.sees.includes(key))
              .map((key) => {
                const here = PEOPLE.filter((person) => person.at === key);
                return {
                  congregation_id: ids[key],
                  congregation_name: nameOf(key),
                  active: here.filter((person) => person.status === 'active').length,
                  total: here.length,
                  new_this_month: here.filter((person) => person.admission === 'today').length,
                  pending: here.filter((person) => person.status === 'pending').length,
                };
              }),
          );
        }
      });
    },
  );

  describe.each(VIEWS('tesoureira'))('a treasurer $label', (view) => {
    it('finance result by congregation: incomes, expenses and balance of the period', async () => {
      const url = '/api/reports/finance_by_congregation';
      const filter = { date_gte: '2025-01-01', date_lte: '2025-12-31' };
      const figures = (keys: Key[]) => {
        const sum = (kind: 'income' | 'expense') =>
          MOVEMENTS.filter(
            ([key, k, , date]) => keys.includes(key) && k === kind && date.startsWith('2025'),
          ).reduce((total, [, , amount]) => total + amount, 0);
        const income_cents = sum('income');
        const expense_cents = sum('expense');
        return { income_cents, expense_cents, balance_cents: income_cents - expense_cents };
      };
      const keys = (['S', 'A', 'B', 'C'] as Key[]).filter((key) => view.sees.includes(key));
      const response = await get(view, url, filter);
      expect(response.statusCode, response.body).toBe(200);
      expect(
        (response.json() as Array<Record<string, unknown>>).map((row) => ({
          name: row.congregation_name,
          income_cents: row.income_cents,
          expense_cents: row.expense_cents,
          balance_cents: row.balance_cents,
        })),
      ).toEqual([
        ...keys.map((key) => ({ name: nameOf(key), ...figures([key]) })),
        { name: 'Total', ...figures(keys) },
      ]);

      const csv = await get(view, `${url}/csv`, filter);
      const [header, ...lines] = csvRows(csv.body);
      expect(header).toEqual(['Congregação', 'Receitas (R$)', 'Despesas (R$)', 'Saldo (R$)']);
      const total = figures(keys);
      expect(lines).toEqual([
        ...keys.map((key) => {
          const each = figures([key]);
          return [
            nameOf(key),
            csvAmount(each.income_cents),
            csvAmount(each.expense_cents),
            csvAmount(each.balance_cents),
          ];
        }),
        [
          'Total',
          csvAmount(total.income_cents),
          csvAmount(total.expense_cents),
          csvAmount(total.balance_cents),
        ],
      ]);

      const pdf = await get(view, `${url}/pdf`, filter);
      expect(pdf.statusCode).toBe(200);
      const text = await flatPdfText(pdf.rawPayload);
      expect(text).toContain('Resultado financeiro por congregação');
      expect(text).toContain(formatMoney(total.balance_cents));
    });
  });

  it('a selection outside the rights is a 403; a filter outside them is an empty report', async () => {
    const view: View = { label: '', user: 'secretária de A', select: 'B', sees: [] };
    for (const url of [
      '/api/dashboard',
      '/api/reports/birthdays',
      '/api/reports/members_by_congregation/csv',
      '/api/reports/issued_letters/pdf',
    ]) {
      const response = await get(view, url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().message).toBe('Você não tem acesso a esta congregação.');
    }
    const filtered = await get(
      { label: '', user: 'secretária de A', filter: ['B'], sees: [] },
      '/api/reports/expiring_credentials',
    );
    expect(filtered.statusCode).toBe(200);
    expect(filtered.json()).toEqual([]);
    const census = await get(
      { label: '', user: 'secretária de A', filter: ['B'], sees: [] },
      '/api/reports/members_by_congregation',
    );
    expect(census.json()).toEqual([
      expect.objectContaining({ congregation_name: 'Total', is_total: true, total: 0 }),
    ]);
  });

  it('refuses malformed selections and filters with a 400', async () => {
    const session = sessions['secretária da igreja'];
    const bad = await t.app.inject({
      url: '/api/reports/birthdays',
      headers: { ...session, 'x-congregation': 'abc' },
    });
    expect(bad.statusCode).toBe(400);
    for (const congregation_id of ['x', 0, -1, [1, 'y'], []]) {
      const response = await t.app.inject({
        url: `/api/reports/members_by_congregation?${query({ filter: { congregation_id } })}`,
        headers: session,
      });
      expect(response.statusCode, JSON.stringify(congregation_id)).toBe(400);
      expect(response.json().message).toBe(
        'Filtro congregation_id inválido: use o número de uma congregação.',
      );
    }
    for (const [filter, message] of [
      [{ month_gte: '2025-13' }, 'Filtro month_gte inválido: use AAAA-MM.'],
      [
        { month_gte: '2025-05', month_lte: '2025-04' },
        'O fim do período não pode ser anterior ao início.',
      ],
      [{ month_gte: '2024-01', month_lte: '2025-01' }, 'Escolha um período de no máximo 12 meses.'],
    ] as const) {
      const response = await t.app.inject({
        url: `/api/reports/new_members_by_month?${query({ filter })}`,
        headers: session,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const finance = await t.app.inject({
      url: `/api/reports/finance_by_congregation?${query({ filter: { date_gte: '2025-02-30' } })}`,
      headers: sessions['tesoureira da igreja'],
    });
    expect(finance.statusCode).toBe(400);
  });

  it('the finance result is for the financial role; the member reports for the secretary', async () => {
    const secretary = sessions['secretária da igreja'];
    const treasurer = sessions['tesoureira da igreja'];
    const answer = (url: string, headers: SessionHeaders) =>
      t.app.inject({ url, headers }).then((response) => response.statusCode);
    expect(await answer('/api/reports/finance_by_congregation', secretary)).toBe(403);
    expect(await answer('/api/reports/finance_by_congregation', treasurer)).toBe(200);
    expect(await answer('/api/reports/members_by_congregation', treasurer)).toBe(403);
    expect(await answer('/api/reports/new_members_by_month/pdf', treasurer)).toBe(403);
  });

  it('the whole church’s dashboard reads the status counts kept by the triggers', async () => {
    // The whole-church path (member_counts) and a narrowed view (a grouped count) agree.
    const whole = await get(
      { label: '', user: 'secretária da igreja', sees: [] },
      '/api/dashboard',
    );
    const sumOfBreakdown = (whole.json().congregations as Array<{ total: number }>).reduce(
      (sum, row) => sum + row.total,
      0,
    );
    expect(whole.json().members.total).toBe(PEOPLE.length);
    expect(sumOfBreakdown).toBe(PEOPLE.length);
  });
});

// @module-tag dates (npm test reruns this file with the clock pinned: see tests/run.ts)
import { pdfText } from '../support/pdf.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../domain/dates.js';
import { birthdaysReport } from '../../server/modules/reports/birthdays.js';
import { expiringCredentialsReport } from '../../server/modules/reports/expiringCredentials.js';
import { issuedLettersReport } from '../../server/modules/reports/issuedLetters.js';
import { membersWithoutCredentialsReport } from '../../server/modules/reports/membersWithoutCredentials.js';
import type { ReportContext, ReportDefinition } from '../../server/modules/reports/report.js';
import { type SessionHeaders, type TestApp, createTestApp } from '../support/testApp.js';

describe('reports', () => {
  let t: TestApp;
  let secretary: SessionHeaders;
  const today = todayIso();

  const api = (method: string, url: string, payload?: unknown, headers = secretary) =>
    t.app.inject({ method: method as 'GET', url, headers, payload: payload as object });
  const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
  /** The queries of the request being watched (null: none is). */
  let queries: string[] | null = null;

  const member = async (name: string, extra: Record<string, unknown> = {}) => {
    const response = await api('POST', '/api/members', { name, status: 'active', ...extra });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  };

  beforeAll(async () => {
    t = await createTestApp({ onQuery: (sql) => queries?.push(sql) });
    secretary = await t.userWithRoles(['secretary']);
  });
  afterAll(() => t.close());

  describe('aniversariantes', () => {
    const birthdays = async (filter: Record<string, unknown>, on: string, range = [0, 99]) => {
      const context: ReportContext = {
        db: t.database.db,
        dialect: t.database.dialect,
        today: on,
        scope: null,
      };
      const parsed = birthdaysReport.parseFilter(filter, on);
      const page = await birthdaysReport.page(context, parsed, {
        offset: range[0],
        limit: range[1] - range[0] + 1,
      });
      return {
        total: page.total,
        rows: page.rows.map((row) => `${row.birthday} ${row.name} ${row.age}`),
      };
    };

    beforeAll(async () => {
      await member('Bissexto Almeida', { birth_date: '2000-02-29', phone_mobile: '11987654321' });
      await member('Fevereiro Vinte e Oito', { birth_date: '1990-02-28' });
      await member('Março Primeiro', { birth_date: '1985-03-01' });
      await member('Outubro Último', { birth_date: '1970-10-31' });
      await member('Novembro Primeiro', { birth_date: '1971-11-01' });
      await member('Novembro Trinta', { birth_date: '1972-11-30' });
      await member('Dezembro Primeiro', { birth_date: '1973-12-01' });
      await member('Dezembro Trinta e Um', { birth_date: '1980-12-31' });
      await member('Janeiro Primeiro', { birth_date: '1981-01-01' });
      await member('Janeiro Dois', { birth_date: '1982-01-02' });
      await member('Inativo Novembro', { birth_date: '1972-11-15', status: 'inactive' });
    });

    it('a month runs from its first to its last day, active members only', async () => {
      expect(await birthdays({ month: 11 }, '2026-11-10')).toEqual({
        total: 2,
        rows: ['2026-11-01 Novembro Primeiro 55', '2026-11-30 Novembro Trinta 54'],
      });
    });

    it('a month already past this year is next year’s', async () => {
      expect((await birthdays({ month: 1 }, '2026-12-05')).rows).toEqual([
        '2027-01-01 Janeiro Primeiro 46',
        '2027-01-02 Janeiro Dois 45',
      ]);
      // no month: the current one
      expect((await birthdays({}, '2026-12-05')).rows).toEqual([
        '2026-12-01 Dezembro Primeiro 53',
        '2026-12-31 Dezembro Trinta e Um 46',
      ]);
    });

    it('29/02 birthdays fall on 28/02 in common years, after the 28/02 ones', async () => {
      expect((await birthdays({ month: 2 }, '2027-02-01')).rows).toEqual([
        '2027-02-28 Fevereiro Vinte e Oito 37',
        '2027-02-28 Bissexto Almeida 27',
      ]);
      expect((await birthdays({ month: 2 }, '2028-02-01')).rows).toEqual([
        '2028-02-28 Fevereiro Vinte e Oito 38',
        '2028-02-29 Bissexto Almeida 28',
      ]);
      expect((await birthdays({ days: 1 }, '2027-02-28')).rows).toEqual([
        '2027-02-28 Fevereiro Vinte e Oito 37',
        '2027-02-28 Bissexto Almeida 27',
      ]);
      expect((await birthdays({ days: 1 }, '2027-03-01')).rows).toEqual([
        '2027-03-01 Março Primeiro 42',
      ]);
      expect((await birthdays({ days: 1 }, '2028-02-28')).rows).toEqual([
        '2028-02-28 Fevereiro Vinte e Oito 38',
      ]);
    });

    it('the next N days cross the year end in calendar order, and page across it', async () => {
      const all = await birthdays({ days: 7 }, '2026-12-28');
      expect(all).toEqual({
        total: 3,
        rows: [
          '2026-12-31 Dezembro Trinta e Um 46',
          '2027-01-01 Janeiro Primeiro 46',
          '2027-01-02 Janeiro Dois 45',
        ],
      });
      expect((await birthdays({ days: 7 }, '2026-12-28', [1, 1])).rows).toEqual([
        '2027-01-01 Janeiro Primeiro 46',
      ]);
      expect((await birthdays({ days: 7 }, '2026-12-28', [2, 10])).rows).toEqual([
        '2027-01-02 Janeiro Dois 45',
      ]);
      // the month change: 31/10 -> 01/11
      expect((await birthdays({ days: 2 }, '2026-10-31')).rows).toEqual([
        '2026-10-31 Outubro Último 56',
        '2026-11-01 Novembro Primeiro 55',
      ]);
    });

    it('GET answers a page with Content-Range, the CSV and the PDF; bad filters are 400', async () => {
      const month = Number(today.slice(5, 7));
      const list = await api('GET', `/api/reports/birthdays?filter=${q({ month: 2 })}&range=[0,0]`);
      expect(list.statusCode, list.body).toBe(200);
      expect(list.headers['content-range']).toBe('birthdays 0-0/2');
      expect(Object.keys(list.json()[0]).sort()).toEqual(
        [
          'id',
          'name',
          'birth_date',
          'birthday',
          'age',
          'phone_mobile',
          'phone_home',
          'email',
          'congregation_id',
          'congregation_name',
        ].sort(),
      );
      const csv = await api('GET', `/api/reports/birthdays/csv?filter=${q({ month: 2 })}`);
      expect(csv.headers['content-type']).toMatch(/text\/csv/);
      // Named after the month it lists (this February or the next one), not the day it was made.
      expect(csv.headers['content-disposition']).toMatch(
        /^attachment; filename="aniversariantes-\d{4}-02\.csv"$/,
      );
      expect(
        csv.body.startsWith('\uFEFFAniversário;Nome;Idade;Congregação;Nascimento;Celular'),
      ).toBe(true);
      const line = csv.body.split('\r\n').find((l) => l.includes('Bissexto'))!;
      expect(line).toMatch(/;29\/02\/2000;\(11\) 98765-4321;/);
      expect(line).toMatch(/https:\/\/wa\.me\/5511987654321\?text=Feliz%20anivers/);
      const pdf = await api('GET', `/api/reports/birthdays/pdf?filter=${q({ month })}`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-disposition']).toBe(
        `inline; filename="aniversariantes-${today.slice(0, 7)}.pdf"`,
      );
      expect(pdf.headers['content-type']).toBe('application/pdf');
      // The head's words whole: "Aniversário" broke as "Aniversá" / "rio" in a narrow column.
      const heads = (await pdfText(pdf.rawPayload)).split('\n').slice(0, 12).join(' ');
      expect(heads).toMatch(/Aniversário/);
      expect(heads).toMatch(/Congregação/);
      for (const filter of [{ month: 13 }, { days: 0 }, { month: 1, days: 3 }, { color: 1 }]) {
        const bad = await api('GET', `/api/reports/birthdays?filter=${q(filter)}`);
        expect(bad.statusCode, JSON.stringify(filter)).toBe(400);
      }
    });
  });

  it('names each export after what it contains, whatever day it is made', () => {
    const named = <F, R>(report: ReportDefinition<F, R>, raw: object, on: string) =>
      report.filename(report.parseFilter(raw as Record<string, unknown>, on), on);
    // December's birthdays asked for in November and in December: the same file name.
    expect(named(birthdaysReport, { month: 12 }, '2026-11-24')).toBe('aniversariantes-2026-12');
    expect(named(birthdaysReport, { month: 12 }, '2026-12-31')).toBe('aniversariantes-2026-12');
    // A month already past is next year's.
    expect(named(birthdaysReport, { month: 1 }, '2026-12-31')).toBe('aniversariantes-2027-01');
    expect(named(birthdaysReport, { days: 10 }, '2026-12-28')).toBe(
      'aniversariantes-2026-12-28-a-2027-01-06',
    );
    expect(named(expiringCredentialsReport, { days: 30 }, '2026-11-24')).toBe(
      'cartoes-a-expirar-ate-2026-12-24',
    );
    expect(named(expiringCredentialsReport, { scope: 'expired' }, '2026-11-24')).toBe(
      'cartoes-vencidos-em-2026-11-24',
    );
    expect(named(membersWithoutCredentialsReport, {}, '2026-11-24')).toBe(
      'membros-sem-credencial-em-2026-11-24',
    );
    expect(
      named(
        issuedLettersReport,
        { issued_on_gte: '2026-03-01', issued_on_lte: '2026-03-31' },
        '2026-11-24',
      ),
    ).toBe('cartas-emitidas-2026-03-01-a-2026-03-31');
    expect(named(issuedLettersReport, {}, '2026-11-24')).toBe(
      'cartas-emitidas-2026-01-01-a-2026-11-24',
    );
  });

  describe('cartões a expirar e membros sem cartões', () => {
    const ids: Record<string, number> = {};

    /** An active card of `member` expiring on `expires`, written as issuing would. */
    const card = async (memberId: number, expires: string, status = 'active') => {
      const { db } = t.database;
      const number = Number(
        (
          await db
            .selectFrom('credentials')
            .select((eb) => eb.fn.max('number').as('n'))
            .executeTakeFirst()
        )?.n ?? 0,
      );
      await db
        .insertInto('credentials')
        .values({
          member_id: memberId,
          number: number + 1,
          issued_on: addDays(expires, -365),
          expires_on: expires,
          status,
          code: `code-${memberId}-${number}`.padEnd(32, 'x'),
          revoked_at: null,
          created_by: null,
          created_at: new Date().toISOString(),
        })
        .execute();
      if (status === 'active') {
        await db
          .updateTable('members')
          .set({ credential_expires_on: expires })
          .where('id', '=', memberId)
          .execute();
      }
    };

    beforeAll(async () => {
      const plan: Array<[string, string | null, string?]> = [
        ['Vence Hoje', today],
        ['Vence em Trinta', addDays(today, 30)],
        ['Vence em Trinta e Um', addDays(today, 31)],
        ['Venceu Ontem', addDays(today, -1)],
        ['Venceu Ano Passado', addDays(today, -400)],
        ['Nunca Teve', null],
        ['Inativo Vencendo', addDays(today, 3), 'inactive'],
      ];
      for (const [name, expires, status] of plan) {
        ids[name] = await member(`Cartão ${name}`, { status: status ?? 'active' });
        if (expires) await card(ids[name], expires);
      }
      ids.revoked = await member('Cartão Revogado');
      await card(ids.revoked, addDays(today, 5), 'revoked');
    });

    const names = (response: { json(): Array<{ member_name?: string; name?: string }> }) =>
      response.json().map((row) => (row.member_name ?? row.name)!.replace('Cartão ', ''));

    it('expiring within N days counts today and the Nth day, and lists expired ones too', async () => {
      const all = await api('GET', '/api/reports/expiring_credentials');
      expect(all.statusCode, all.body).toBe(200);
      expect(names(all)).toEqual([
        'Venceu Ano Passado',
        'Venceu Ontem',
        'Vence Hoje',
        'Vence em Trinta',
      ]);
      expect(all.json().map((row: { days_left: number }) => row.days_left)).toEqual([
        -400, -1, 0, 30,
      ]);
      const expiring = await api(
        'GET',
        `/api/reports/expiring_credentials?filter=${q({ scope: 'expiring', days: 31 })}`,
      );
      expect(names(expiring)).toEqual(['Vence Hoje', 'Vence em Trinta', 'Vence em Trinta e Um']);
      const expired = await api(
        'GET',
        `/api/reports/expiring_credentials?filter=${q({ scope: 'expired' })}`,
      );
      expect(names(expired)).toEqual(['Venceu Ano Passado', 'Venceu Ontem']);
      const todayOnly = await api(
        'GET',
        `/api/reports/expiring_credentials?filter=${q({ scope: 'expiring', days: 0 })}`,
      );
      expect(names(todayOnly)).toEqual(['Vence Hoje']);
      const csv = await api('GET', '/api/reports/expiring_credentials/csv');
      expect(csv.body).toMatch(/Cartão Vence Hoje;.*;Vence hoje;/);
      expect(csv.body).toMatch(/Cartão Venceu Ontem;.*;Vencida há 1 dia;/);
    });

    it('the dashboard shows how many cards expire in 30 days, to secretary access only', async () => {
      const dashboard = await api('GET', '/api/dashboard');
      expect(dashboard.json().expiring_credentials_30d).toBe(2);
      const financial = await t.userWithRoles(['financial']);
      const other = await api('GET', '/api/dashboard', undefined, financial);
      expect(other.json()).not.toHaveProperty('expiring_credentials_30d');
    });

    it('members without a valid card: none or expired, never those valid today', async () => {
      const all = await api('GET', `/api/reports/members_without_credentials?range=[0,999]`);
      expect(all.statusCode, all.body).toBe(200);
      const listed = names(all).filter((name) => !name.startsWith('Paralelo'));
      expect(listed).toEqual(expect.arrayContaining(['Nunca Teve', 'Revogado', 'Venceu Ontem']));
      for (const valid of ['Vence Hoje', 'Vence em Trinta', 'Vence em Trinta e Um']) {
        expect(listed).not.toContain(valid);
      }
      expect(listed).not.toContain('Inativo Vencendo');
      const expired = await api(
        'GET',
        `/api/reports/members_without_credentials?filter=${q({ kind: 'expired' })}`,
      );
      expect(names(expired)).toEqual(['Venceu Ano Passado', 'Venceu Ontem']);
      expect(expired.json()[1].credential_expires_on).toBe(addDays(today, -1));
      const none = await api(
        'GET',
        `/api/reports/members_without_credentials?filter=${q({ kind: 'none' })}&range=[0,999]`,
      );
      expect(names(none)).toContain('Nunca Teve');
      expect(names(none)).not.toContain('Venceu Ontem');
    });

    it('a short page is the whole list: its total is counted by no second query', async () => {
      queries = [];
      const expired = await api(
        'GET',
        `/api/reports/members_without_credentials?filter=${q({ kind: 'expired' })}&range=[0,24]`,
      );
      const run: string[] = queries;
      queries = null;
      expect(expired.headers['content-range']).toBe('members_without_credentials 0-1/2');
      expect(run.filter((sql) => /^select count\(\*\)/i.test(sql))).toEqual([]);
    });
  });

  describe('cartas emitidas', () => {
    beforeAll(async () => {
      const id = await member('Carta Relatório');
      const { db } = t.database;
      const rows: Array<[string, string, number]> = [
        ['recommendation', '2026-01-01', 1],
        ['transfer', '2026-03-31', 2],
        ['recommendation', '2026-04-01', 3],
        ['recommendation', '2025-12-31', 9],
      ];
      for (const [letter_type, issued_on, number] of rows) {
        await db
          .insertInto('letters')
          .values({
            member_id: id,
            letter_type,
            year: Number(issued_on.slice(0, 4)),
            number,
            issued_on,
            destination_church: `Igreja ${number}`,
            destination_city: 'Recife/PE',
            notes: null,
            created_by: null,
            created_at: new Date().toISOString(),
          })
          .execute();
      }
    });

    const letters = async (filter: object) => {
      const response = await api('GET', `/api/reports/issued_letters?filter=${q(filter)}`);
      expect(response.statusCode, response.body).toBe(200);
      return response
        .json()
        .map((row: { number: number; year: number }) => `${row.number}/${row.year}`);
    };

    it('a period includes both of its ends, newest first', async () => {
      expect(await letters({ issued_on_gte: '2026-01-01', issued_on_lte: '2026-03-31' })).toEqual([
        '2/2026',
        '1/2026',
      ]);
      expect(await letters({ issued_on_gte: '2025-12-31', issued_on_lte: '2026-01-01' })).toEqual([
        '1/2026',
        '9/2025',
      ]);
    });

    it('filters by type; a reversed period is a 400', async () => {
      expect(
        await letters({
          issued_on_gte: '2025-01-01',
          issued_on_lte: '2026-12-31',
          letter_type: 'transfer',
        }),
      ).toEqual(['2/2026']);
      const bad = await api(
        'GET',
        `/api/reports/issued_letters?filter=${q({ issued_on_gte: '2026-02-01', issued_on_lte: '2026-01-01' })}`,
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('O fim do período não pode ser anterior ao início.');
      const csv = await api(
        'GET',
        `/api/reports/issued_letters/csv?filter=${q({ issued_on_gte: '2026-03-31', issued_on_lte: '2026-03-31' })}`,
      );
      expect(csv.body).toBe(
        '\uFEFFNº;Data;Tipo;Membro;Congregação;Igreja de destino;Cidade;Transferência;Confirmada em;Igreja que recebeu;Emitida antes do Adam\r\n' +
          '2/2026;31/03/2026;Carta de transferência;Carta Relatório;Minha Igreja;Igreja 2;Recife/PE;;;;Não\r\n',
      );
    });
  });
});

// The CSV exports stream a few thousand rows in keyset batches (BATCH_SIZE 2,000): every row
// once, in the list's own order (ties and empty dates included), in Portuguese formats.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCpf, formatDate, formatPhone } from '../../domain/formats.js';
import { MEMBER_STATUS_LABELS } from '../../domain/members.js';

/** Written out here (not read from domain) so a wrong word in domain fails the test. */
const FEMININE_STATUS: Record<string, string> = {
  pending: 'Pendente',
  active: 'Ativa',
  inactive: 'Inativa',
  disciplined: 'Disciplinada',
  transferred: 'Transferida',
  deceased: 'Falecida',
};
import { memberSchema } from '../../domain/memberSchema.js';
import { BATCH_SIZE, keysetBatches } from '../../server/db/keyset.js';
import { csvCell } from '../../server/http/csv.js';
import { memberExport } from '../../server/modules/members/export.js';
import { toColumns } from '../../server/db/memberColumns.js';
import { cpfFromBase } from '../../server/seed/members/cpf.js';
import { type Api, apiAs, categoryId, created, query } from '../support/finance.js';
import { type TestApp, createTestApp } from '../support/testApp.js';

const MEMBERS = 3100;
const TRANSACTIONS = 3100;
const FIRST_NAMES = ['João', 'Álvaro', 'Ana', 'Éder', 'Maria', 'Ângela', 'Zeca'];
const SURNAMES = ['Silva', 'Souza', 'Oliveira', 'Conceição', 'Lima', 'Araújo'];

/** The cells of a CSV line, quotes undone. */
function csvCells(line: string): string[] {
  const cells = [''];
  let quoted = false;
  for (let at = 0; at < line.length; at++) {
    const char = line[at];
    if (quoted && char === '"' && line[at + 1] === '"') {
      cells[cells.length - 1] += '"';
      at += 1;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (char === ';' && !quoted) {
      cells.push('');
    } else {
      cells[cells.length - 1] += char;
    }
  }
  return cells;
}

/** A CSV answer as rows of cells (no cell here holds a line break). */
function csvRows(body: string): string[][] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  expect(body.endsWith('\r\n')).toBe(true);
  return body.slice(1, -2).split('\r\n').map(csvCells);
}

describe('CSV exports at a few thousand rows', () => {
  let t: TestApp;
  let secretary: Api;
  let treasurer: Api;
  let pastorId = 0;
  let louvor = 0;
  let jovens = 0;

  /** Every row of a simple-rest list, 1,000 at a time. */
  const wholeList = async (
    api: Api,
    url: string,
    params: { filter?: object; sort?: [string, string] },
  ) => {
    const rows: Array<Record<string, unknown>> = [];
    for (let offset = 0; ; offset += 1000) {
      const response = await api(
        'GET',
        `${url}?${query({ ...params, range: [offset, offset + 999] })}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json() as Array<Record<string, unknown>>;
      rows.push(...page);
      if (page.length < 1000) return rows;
    }
  };

  beforeAll(async () => {
    t = await createTestApp();
    secretary = apiAs(t, await t.userWithRoles(['secretary']));
    treasurer = apiAs(t, await t.userWithRoles(['financial']));
    const { db } = t.database;
    pastorId = (
      await db
        .selectFrom('positions')
        .select('id')
        .where('name', '=', 'Pastor')
        .executeTakeFirstOrThrow()
    ).id;
    louvor = (await created(secretary, '/api/departments', { name: 'Louvor' })).id;
    jovens = (await created(secretary, '/api/departments', { name: 'Jovens' })).id;

    // Names repeat (ties broken by id), one member in five has no birth date, one in two no
    // admission date: the dated and undated runs of those sorts both cross a batch boundary.
    const now = new Date().toISOString();
    const members = Array.from({ length: MEMBERS }, (_, i) => {
      const { department_ids: _none, ...member } = memberSchema.parse({
        name: i === 7 ? 'Ana "Nina" Lima' : `${FIRST_NAMES[i % 7]} ${SURNAMES[i % 6]}`,
        email: `m${i}@igreja.org`,
        cpf: i % 3 === 0 ? cpfFromBase(String(100_000_000 + i)) : null,
        phone_mobile: i % 2 === 0 ? `119${String(87_654_321 - i).padStart(8, '0')}` : null,
        sex: i % 2 === 0 ? 'F' : 'M',
        birth_date:
          i % 5 === 0
            ? null
            : `${1950 + (i % 50)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
        status: i % 10 === 9 ? 'inactive' : 'active',
        admission_date: i % 2 === 1 ? null : `2020-0${(i % 9) + 1}-15`,
        position_id: i % 4 === 0 ? pastorId : null,
        city: i === 7 ? 'Rio; Centro' : 'São Paulo',
        state: 'SP',
      });
      return { ...toColumns(member, {}), created_at: now, updated_at: now };
    });
    for (let i = 0; i < members.length; i += 200) {
      await db
        .insertInto('members')
        .values(members.slice(i, i + 200))
        .execute();
    }
    const ids = (await db.selectFrom('members').select('id').orderBy('id').execute()).map(
      (row) => row.id,
    );
    const memberships = ids.flatMap((id, i) => [
      ...(i % 4 === 0 ? [{ member_id: id, department_id: louvor }] : []),
      ...(i % 6 === 0 ? [{ member_id: id, department_id: jovens }] : []),
    ]);
    for (let i = 0; i < memberships.length; i += 500) {
      await db
        .insertInto('member_departments')
        .values(memberships.slice(i, i + 500))
        .execute();
    }
  });
  afterAll(() => t.close());

  it('refuses a list longer than the limit, in Portuguese, before reading a row', async () => {
    const { db, dialect } = t.database;
    await expect(memberExport(db, dialect, {}, 'sort_name', 'asc', 3000)).rejects.toMatchObject({
      statusCode: 400,
      message:
        'A lista tem mais de 3.000 membros: filtre por situação, cargo ou departamento para exportar (no máximo 3.000 por arquivo).',
    });
    // Exactly at the limit, the export goes on.
    const { batches } = await memberExport(db, dialect, {}, 'sort_name', 'asc', MEMBERS);
    let rows = 0;
    for await (const batch of batches) rows += batch.length;
    expect(rows).toBe(MEMBERS);
  });

  it('reads each segment in keyset batches, up to the limit', async () => {
    const source = Array.from({ length: 4500 }, (_, i) => i);
    const calls: Array<[number | undefined, number]> = [];
    const segment = async (after: number | undefined, size: number) => {
      calls.push([after, size]);
      const from = after === undefined ? 0 : after + 1;
      return source.slice(from, from + size);
    };
    const read = async (limit: number) => {
      const rows: number[] = [];
      for await (const batch of keysetBatches([segment, segment], limit)) rows.push(...batch);
      return rows;
    };
    expect(await read(250_000)).toEqual([...source, ...source]);
    expect(calls.slice(0, 3)).toEqual([
      [undefined, BATCH_SIZE],
      [1999, BATCH_SIZE],
      [3999, BATCH_SIZE],
    ]);
    calls.length = 0;
    expect(await read(2500)).toEqual(source.slice(0, 2500));
    expect(calls).toEqual([
      [undefined, 2000],
      [1999, 500],
    ]);
  });

  describe('members', () => {
    const exported = async (params: { filter?: object; sort?: [string, string] }) => {
      const response = await secretary('GET', `/api/members/export?${query(params)}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe('attachment; filename="membros.csv"');
      return csvRows(response.body);
    };

    it('exports every member with the list’s columns, formats and order', async () => {
      const [header, ...rows] = await exported({});
      expect(header).toEqual([
        'Nome',
        'CPF',
        'E-mail',
        'Celular',
        'Telefone',
        'Sexo',
        'Nascimento',
        'Estado civil',
        'Situação',
        'Cargo',
        'Departamentos',
        'Admissão',
        'Cidade',
        'UF',
        'Congregação',
      ]);
      expect(rows).toHaveLength(MEMBERS);
      const list = await wholeList(secretary, '/api/members', {});
      expect(rows.map((row) => row[2])).toEqual(list.map((member) => member.email));

      // Each row in its formats, from the member the list shows at that place.
      const names = new Map([
        [louvor, 'Louvor'],
        [jovens, 'Jovens'],
      ]);
      rows.forEach((row, index) => {
        const member = list[index] as Record<string, never>;
        expect(row).toEqual([
          member.name,
          formatCpf(member.cpf),
          member.email,
          formatPhone(member.phone_mobile),
          '',
          member.sex === 'F' ? 'Feminino' : 'Masculino',
          formatDate(member.birth_date),
          '',
          // The status agrees with the member's sex: a woman is "Ativa".
          member.sex === 'F' ? FEMININE_STATUS[member.status] : MEMBER_STATUS_LABELS[member.status],
          member.position_id ? 'Pastor' : '',
          (member.department_ids as number[]).map((id) => names.get(id)).join(', '),
          formatDate(member.admission_date),
          member.email === 'm7@igreja.org' ? 'Rio; Centro' : 'São Paulo',
          'SP',
          // Written without a congregation: the sede, named after the church.
          'Minha Igreja',
        ]);
      });
    });

    it('writes the first member, its quotes and separators as Excel reads them', async () => {
      const response = await secretary(
        'GET',
        `/api/members/export?${query({ filter: { q: 'nina' } })}`,
      );
      expect(response.body).toBe(
        '\uFEFFNome;CPF;E-mail;Celular;Telefone;Sexo;Nascimento;Estado civil;Situação;Cargo;' +
          'Departamentos;Admissão;Cidade;UF;Congregação\r\n' +
          '"Ana ""Nina"" Lima";;m7@igreja.org;;;Masculino;08/08/1957;;Ativo;;;;"Rio; Centro";SP;Minha Igreja\r\n',
      );
      const [, first] = await exported({ sort: ['id', 'ASC'] });
      expect(first).toEqual([
        'João Silva',
        '100.000.000-19',
        'm0@igreja.org',
        '(11) 98765-4321',
        '',
        'Feminino',
        '',
        '',
        'Ativa',
        'Pastor',
        'Louvor, Jovens',
        '15/01/2020',
        'São Paulo',
        'SP',
        'Minha Igreja',
      ]);
    });

    it.each([
      ['birth_date', 'ASC'],
      ['birth_date', 'DESC'],
      ['admission_date', 'DESC'],
      ['name', 'DESC'],
      ['id', 'DESC'],
    ] as Array<[string, string]>)(
      'follows the list sorted by %s %s, empty dates where the list puts them',
      async (field, order) => {
        const rows = (await exported({ sort: [field, order] })).slice(1);
        const list = await wholeList(secretary, '/api/members', { sort: [field, order] });
        expect(rows).toHaveLength(MEMBERS);
        expect(rows.map((row) => row[2])).toEqual(list.map((member) => member.email));
      },
    );

    it('exports the filtered list only', async () => {
      const filter = { status: 'active', department_id: louvor };
      const rows = (await exported({ filter, sort: ['birth_date', 'ASC'] })).slice(1);
      const list = await wholeList(secretary, '/api/members', {
        filter,
        sort: ['birth_date', 'ASC'],
      });
      expect(rows.length).toBeGreaterThan(500);
      expect(rows.map((row) => row[2])).toEqual(list.map((member) => member.email));
    });

    it('refuses a bad filter with a JSON error before any byte of CSV', async () => {
      const response = await secretary(
        'GET',
        `/api/members/export?${query({ filter: { status: 'sumido' } })}`,
      );
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json().message).toBe('Filtro status inválido.');
    });
  });

  describe('reports', () => {
    it('exports members without a credential in the report’s order', async () => {
      const response = await secretary('GET', '/api/reports/members_without_credentials/csv');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="membros-sem-credencial-em-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const [header, ...rows] = csvRows(response.body);
      expect(header).toEqual(['Nome', 'Congregação', 'Cargo', 'Celular', 'Admissão', 'Credencial']);
      const page = await wholeList(secretary, '/api/reports/members_without_credentials', {});
      expect(rows).toHaveLength(MEMBERS - MEMBERS / 10);
      expect(rows).toEqual(
        page.map((row) => [
          row.name,
          row.congregation_name,
          row.position ?? '',
          formatPhone(row.phone_mobile as string | null),
          formatDate(row.admission_date as string | null),
          'Nenhuma válida',
        ]),
      );
    });

    it('exports a year of birthdays across the turn of the year in calendar order', async () => {
      const response = await secretary(
        'GET',
        `/api/reports/birthdays/csv?${query({ filter: { days: 365 } })}`,
      );
      expect(response.statusCode).toBe(200);
      const [header, ...rows] = csvRows(response.body);
      expect(header.slice(0, 8)).toEqual([
        'Aniversário',
        'Nome',
        'Idade',
        'Congregação',
        'Nascimento',
        'Celular',
        'Telefone',
        'E-mail',
      ]);
      const page = await wholeList(secretary, '/api/reports/birthdays', { filter: { days: 365 } });
      // Active members with a birth date, each once (29/02 does not occur here).
      expect(rows).toHaveLength(page.length);
      expect(rows.length).toBeGreaterThan(2000);
      expect(rows.map((row) => row[7])).toEqual(page.map((row) => row.email));
      expect(new Set(rows.map((row) => row[7])).size).toBe(rows.length);
    });

    it('refuses a bad report filter with a JSON error', async () => {
      const response = await secretary(
        'GET',
        `/api/reports/birthdays/csv?${query({ filter: { month: 13 } })}`,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Filtro month inválido: use um número de 1 a 12.');
    });
  });

  describe('transactions', () => {
    let accountId = 0;

    beforeAll(async () => {
      accountId = (
        await created(treasurer, '/api/bank_accounts', {
          name: 'Conta; principal',
          kind: 'checking',
          opening_balance_cents: 0,
          opening_date: '2020-01-01',
        })
      ).id;
      const tithes = await categoryId(treasurer, 'Dízimos');
      // Straight into the table: the export reads movements, not the balances kept beside them.
      const now = new Date().toISOString();
      const rows = Array.from({ length: TRANSACTIONS }, (_, i) => ({
        bank_account_id: accountId,
        date: `2025-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
        description: `Movimento ${i}`,
        amount_cents: i % 3 === 0 ? -((i % 7) * 1000 + 5) : (i % 11) * 10_000 + 1,
        kind: i % 3 === 0 ? 'expense' : 'income',
        category_id: i % 3 === 0 ? null : tithes,
        created_at: now,
      }));
      for (let i = 0; i < rows.length; i += 300) {
        await t.database.db
          .insertInto('transactions')
          .values(rows.slice(i, i + 300))
          .execute();
      }
    });

    const exported = async (params: { filter?: object; sort?: [string, string] }) => {
      const response = await treasurer('GET', `/api/transactions/export?${query(params)}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="lancamentos.csv"',
      );
      return csvRows(response.body);
    };

    it.each([
      ['date', 'DESC'],
      ['date', 'ASC'],
      ['amount_cents', 'DESC'],
      ['id', 'ASC'],
    ] as Array<[string, string]>)(
      'exports every movement in the list’s order by %s %s',
      async (field, order) => {
        const filter = { bank_account_id: accountId };
        const [header, ...rows] = await exported({ filter, sort: [field, order] });
        expect(header).toEqual(['Data', 'Conta', 'Descrição', 'Tipo', 'Categoria', 'Valor (R$)']);
        const list = await wholeList(treasurer, '/api/transactions', {
          filter,
          sort: [field, order],
        });
        expect(rows).toHaveLength(TRANSACTIONS);
        expect(rows.map((row) => row[2])).toEqual(list.map((row) => row.description));
      },
    );

    it('writes dates, accounts, kinds, categories and amounts as a spreadsheet in Portuguese reads them', async () => {
      const ids = await t.database.db
        .selectFrom('transactions')
        .select('id')
        .where('description', 'in', ['Movimento 3', 'Movimento 4'])
        .execute();
      const filter = { id: ids.map((row) => row.id) };
      const response = await treasurer(
        'GET',
        `/api/transactions/export?${query({ filter, sort: ['id', 'ASC'] })}`,
      );
      expect(response.body).toBe(
        '\uFEFFData;Conta;Descrição;Tipo;Categoria;Valor (R$)\r\n' +
          '04/04/2025;"Conta; principal";Movimento 3;Despesa;;-30,05\r\n' +
          '05/05/2025;"Conta; principal";Movimento 4;Receita;Dízimos;400,01\r\n',
      );
    });

    it('refuses a bad filter with a JSON error before any byte of CSV', async () => {
      const response = await treasurer(
        'GET',
        `/api/transactions/export?${query({ filter: { date_gte: '2025-13-01' } })}`,
      );
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json().message).toBe('Filtro date_gte: use uma data AAAA-MM-DD.');
    });
  });
});

describe('a CSV cell', () => {
  it('keeps text a spreadsheet would run as a formula as text, and amounts as numbers', () => {
    expect(csvCell('=HYPERLINK("http://x";"clique")')).toBe(
      `"'=HYPERLINK(""http://x"";""clique"")"`,
    );
    expect(csvCell('+55 11 1234')).toBe("'+55 11 1234");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-cmd')).toBe("'-cmd");
    expect(csvCell('\t=1+1')).toBe("'\t=1+1");
    expect(csvCell('\r=1+1')).toBe(`"'\r=1+1"`);
    // A minus before a digit is a formula too when the cell is text.
    expect(csvCell("-2+3+cmd|' /C calc'!A0")).toBe("'-2+3+cmd|' /C calc'!A0");
    expect(csvCell('-30,05')).toBe("'-30,05");
    // An amount column keeps its numbers, and only its numbers.
    expect(csvCell('-30,05', true)).toBe('-30,05');
    expect(csvCell('-1234', true)).toBe('-1234');
    expect(csvCell("-2+3+cmd|' /C calc'!A0", true)).toBe("'-2+3+cmd|' /C calc'!A0");
    expect(csvCell('=1', true)).toBe("'=1");
    expect(csvCell('Maria da Silva')).toBe('Maria da Silva');
    expect(csvCell('Ana-Maria')).toBe('Ana-Maria');
    expect(csvCell(null)).toBe('');
  });
});

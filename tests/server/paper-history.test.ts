// Issue 14: credentials and letters issued on paper before Adam — recorded with their own number
// and dates and marked; the series continue after the highest number; their CSV import (both
// encodings, both delimiters, Excel dates, errors per row, dry run, dedupe, nothing written on a
// failure); the congregation scope.
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEDE_ID } from '../../domain/congregations.js';
import { todayIso } from '../../domain/dates.js';
import { multipartBody } from '../support/multipart.js';
import { type SessionHeaders, type TestApp, createTestApp } from '../support/testApp.js';

type Row = Record<string, unknown>;

const CPF_ANA = '52998224725';
const CPF_JOSE = '11144477735';
const CPF_OTHER = '39053344705'; // valid, nobody's

describe('paper history: credentials and letters issued before Adam', () => {
  let t: TestApp;
  let secretary: SessionHeaders;
  let secretaryA: SessionHeaders;
  const c: Record<string, number> = {};
  const ids: Record<string, number> = {};

  const call = (session: SessionHeaders, method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: session,
      payload: payload as object,
    });

  const upload = (
    session: SessionHeaders,
    kind: 'credentials' | 'letters',
    file: Buffer | string,
    fields: Record<string, string> = {},
  ) => {
    const body = multipartBody({ data: file, name: 'historico.csv' }, fields);
    return t.app.inject({
      method: 'POST',
      url: `/api/imports/${kind}`,
      headers: { ...session, ...body.headers },
      payload: body.payload,
    });
  };

  const member = async (name: string, congregation_id: number, extra: Row = {}) => {
    const response = await call(secretary, 'POST', '/api/members', {
      name,
      status: 'active',
      congregation_id,
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  };

  const cards = async (memberId: number) =>
    (
      await call(
        secretary,
        'GET',
        `/api/credentials?filter=${encodeURIComponent(JSON.stringify({ member_id: memberId }))}&sort=${encodeURIComponent('["number","ASC"]')}`,
      )
    ).json() as Row[];

  const count = async (table: 'credentials' | 'letters') =>
    Number(
      (
        await t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.database;
    const now = new Date().toISOString();
    for (const [key, name] of [
      ['A', 'Congregação Alfa'],
      ['C', 'Congregação Gama'],
    ] as const) {
      const { id } = await db
        .insertInto('congregations')
        .values({
          name,
          kind: 'congregacao',
          parent_id: SEDE_ID,
          slug: name.toLowerCase().replace(/\W+/g, '-'),
          search: name.toLowerCase(),
          active: true,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      c[key] = id;
    }
    secretary = await t.userWithRoles(['secretary'], 'Secretária Geral');
    secretaryA = await t.userWithRoles(['secretary'], 'Secretária Alfa');
    const { id: userA } = await db
      .selectFrom('users')
      .select('id')
      .where('name', '=', 'Secretária Alfa')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('users')
      .set({ congregation_ids: JSON.stringify([c.A]) })
      .where('id', '=', userA)
      .execute();
    ids.ana = await member('Ana Conceição', c.A, { cpf: CPF_ANA, birth_date: '1970-05-02' });
    ids.jose = await member('José Araújo', c.A, { cpf: CPF_JOSE, birth_date: '1965-11-20' });
    ids.joao = await member('João Sem CPF', c.A, { birth_date: '1980-01-15' });
    ids.gama = await member('Zeferino Gama', c.C, { birth_date: '1990-03-03' });
  });
  afterAll(() => t.close());

  describe('one record at a time', () => {
    it('keeps the paper card’s number, date and validity, marked, and the series continues after it', async () => {
      const response = await call(secretary, 'POST', '/api/credentials/paper', {
        member_id: ids.ana,
        number: '000250',
        issued_on: '2019-03-10',
        expires_on: '2021-03-10',
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({
        member_id: ids.ana,
        number: 250,
        issued_on: '2019-03-10',
        expires_on: '2021-03-10',
        status: 'active',
        state: 'expired',
        issued_on_paper: true,
      });
      // Without a validity: the church's 12 months from the issue date.
      const second = await call(secretary, 'POST', '/api/credentials/paper', {
        member_id: ids.jose,
        number: 120,
        issued_on: '2018-07-31',
      });
      expect(second.statusCode, second.body).toBe(201);
      expect(second.json()).toMatchObject({ expires_on: '2019-07-31', issued_on_paper: true });
      // The next card Adam issues continues after the highest number (250, not 121).
      const issued = await call(secretary, 'POST', '/api/credentials', { member_id: ids.jose });
      expect(issued.statusCode, issued.body).toBe(201);
      expect(issued.json()).toMatchObject({ number: 251, issued_on_paper: false });
      // A lower paper number leaves the series where it is.
      const lower = await call(secretary, 'POST', '/api/credentials/paper', {
        member_id: ids.joao,
        number: 5,
        issued_on: '2010-01-04',
      });
      expect(lower.statusCode, lower.body).toBe(201);
      const next = await call(secretary, 'POST', '/api/credentials', { member_id: ids.joao });
      expect(next.json().number).toBe(252);
    });

    it('makes the latest issued card the active one: an older paper card is recorded as replaced', async () => {
      // José holds Adam's card 251 (issued today): a paper card of 2017 is history.
      const older = await call(secretary, 'POST', '/api/credentials/paper', {
        member_id: ids.jose,
        number: 80,
        issued_on: '2017-02-01',
      });
      expect(older.statusCode, older.body).toBe(201);
      expect(older.json()).toMatchObject({ status: 'revoked', state: 'revoked' });
      const josé = await cards(ids.jose);
      expect(josé.filter((card) => card.status === 'active').map((card) => card.number)).toEqual([
        251,
      ]);
      // Ana's paper card of 2019 is replaced by a newer paper card of 2020.
      const newer = await call(secretary, 'POST', '/api/credentials/paper', {
        member_id: ids.ana,
        number: 300,
        issued_on: '2020-06-01',
        expires_on: '2022-06-01',
      });
      expect(newer.json()).toMatchObject({ status: 'active' });
      const ana = await cards(ids.ana);
      expect(ana.map((card) => [card.number, card.status])).toEqual([
        [250, 'revoked'],
        [300, 'active'],
      ]);
      const stored = await t.database.db
        .selectFrom('members')
        .select('credential_expires_on')
        .where('id', '=', ids.ana)
        .executeTakeFirstOrThrow();
      expect(stored.credential_expires_on).toBe('2022-06-01');
    });

    it('refuses a future date, a validity before the issue, a clashing number, in Portuguese', async () => {
      const future = await call(secretary, 'POST', '/api/credentials/paper', {
        member_id: ids.ana,
        number: 900,
        issued_on: '2999-01-01',
      });
      expect(future.statusCode).toBe(422);
      expect(future.json().errors).toEqual({
        issued_on: 'A data de emissão não pode ser no futuro.',
      });
      const backwards = await call(secretary, 'POST', '/api/credentials/paper', {
        member_id: ids.ana,
        number: 901,
        issued_on: '2015-05-05',
        expires_on: '2015-05-04',
      });
      expect(backwards.statusCode).toBe(422);
      expect(backwards.json().errors).toEqual({
        expires_on: 'A validade não pode ser anterior à data de emissão.',
      });
      const noNumber = await call(secretary, 'POST', '/api/credentials/paper', {
        member_id: ids.ana,
        number: 'A-12',
        issued_on: '2015-05-05',
      });
      expect(noNumber.statusCode).toBe(422);
      expect(noNumber.json().errors.number).toBeTruthy();
      // 251 was issued by Adam, 250 recorded from paper.
      for (const number of [251, 250]) {
        const clash = await call(secretary, 'POST', '/api/credentials/paper', {
          member_id: ids.joao,
          number,
          issued_on: '2015-05-05',
        });
        expect(clash.statusCode).toBe(409);
        expect(clash.json().message).toBe(
          `Já existe uma credencial com o nº 000${number}. Confira o número da credencial em papel.`,
        );
      }
    });

    it('prints no paper card (Adam has no copy of it) and still prints its own', async () => {
      const [paper] = (await cards(ids.ana)).filter((card) => card.number === 300);
      const pdf = await call(secretary, 'GET', `/api/credentials/${paper.id}/pdf`);
      expect(pdf.statusCode).toBe(409);
      expect(pdf.json().message).toContain('foi emitida em papel antes do Adam');
      const [own] = (await cards(ids.jose)).filter((card) => card.number === 251);
      const ownPdf = await call(secretary, 'GET', `/api/credentials/${own.id}/pdf`);
      expect(ownPdf.statusCode).toBe(200);
    });

    it('keeps a paper letter’s number and date in its year; the year’s series continues after it', async () => {
      const response = await call(secretary, 'POST', '/api/letters/paper', {
        member_id: ids.ana,
        letter_type: 'recommendation',
        number: '7/2019',
        issued_on: '2019-09-01',
        destination_church: 'Igreja Batista Central',
        destination_city: '',
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({
        number: 7,
        year: 2019,
        number_text: '7/2019',
        issued_on: '2019-09-01',
        destination_city: '',
        issued_on_paper: true,
      });
      const pdf = await call(secretary, 'GET', `/api/letters/${response.json().id}/pdf`);
      expect(pdf.statusCode).toBe(409);
      expect(pdf.json().message).toBe(
        'A carta nº 7/2019 foi emitida em papel antes do Adam: o Adam não tem o texto dela para imprimir.',
      );
      const clash = await call(secretary, 'POST', '/api/letters/paper', {
        member_id: ids.jose,
        letter_type: 'transfer',
        number: 7,
        issued_on: '2019-12-01',
        destination_church: 'Outra',
      });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().message).toBe(
        'Já existe uma carta com o nº 7/2019. Confira o número da carta em papel.',
      );
      const wrongYear = await call(secretary, 'POST', '/api/letters/paper', {
        member_id: ids.jose,
        letter_type: 'transfer',
        number: '8/2018',
        issued_on: '2019-12-01',
        destination_church: 'Outra',
      });
      expect(wrongYear.statusCode).toBe(422);
      expect(wrongYear.json().errors).toEqual({
        number: 'O ano do número (2018) não é o da data de emissão (2019).',
      });
      // This year's letters: a paper one numbered 40 earlier today, then Adam's is the 41st.
      const today = todayIso();
      const year = Number(today.slice(0, 4));
      const thisYear = await call(secretary, 'POST', '/api/letters/paper', {
        member_id: ids.jose,
        letter_type: 'transfer',
        number: 40,
        issued_on: today,
        destination_church: 'Igreja Presbiteriana',
        destination_city: 'Recife',
      });
      expect(thisYear.statusCode, thisYear.body).toBe(201);
      // History only: a paper transfer letter leaves the member's status as the registry has it.
      const jose = await call(secretary, 'GET', `/api/members/${ids.jose}`);
      expect(jose.json().status).toBe('active');
      const issued = await call(secretary, 'POST', '/api/letters', {
        member_id: ids.jose,
        letter_type: 'recommendation',
        destination_church: 'Igreja Metodista',
        destination_city: 'Natal',
      });
      expect(issued.statusCode, issued.body).toBe(201);
      expect(issued.json()).toMatchObject({
        number: 41,
        year,
        issued_on_paper: false,
      });
    });

    it('marks paper records in the reports (screen and CSV)', async () => {
      const filter = encodeURIComponent(
        JSON.stringify({ issued_on_gte: '2019-01-01', issued_on_lte: '2019-12-31' }),
      );
      const letters = await call(secretary, 'GET', `/api/reports/issued_letters?filter=${filter}`);
      expect(letters.json()).toEqual([
        expect.objectContaining({ number: 7, year: 2019, issued_on_paper: true }),
      ]);
      const csv = await call(secretary, 'GET', `/api/reports/issued_letters/csv?filter=${filter}`);
      expect(csv.body.split('\r\n')[0]).toMatch(/;Emitida antes do Adam$/);
      expect(csv.body.split('\r\n')[1]).toMatch(/^7\/2019;.*;Sim$/);
      const expiring = await call(secretary, 'GET', '/api/reports/expiring_credentials');
      const byNumber = Object.fromEntries(
        (expiring.json() as Row[]).map((row) => [row.number, row.issued_on_paper]),
      );
      expect(byNumber[300]).toBe(true);
    });

    it('never gives two cards one number when paper records and issues race', async () => {
      const { db } = t.database;
      const counter = await db
        .selectFrom('document_counters')
        .select('value')
        .where('name', '=', 'credential')
        .executeTakeFirst();
      const next = Number(counter?.value ?? 0) + 1;
      const racers = await Promise.all(
        ['Corrida Um', 'Corrida Dois', 'Corrida Três', 'Corrida Quatro'].map((name) =>
          member(name, c.A),
        ),
      );
      const answers = await Promise.all([
        call(secretary, 'POST', '/api/credentials', { member_id: racers[0] }),
        call(secretary, 'POST', '/api/credentials/paper', {
          member_id: racers[1],
          number: next,
          issued_on: '2016-01-01',
        }),
        call(secretary, 'POST', '/api/credentials', { member_id: racers[2] }),
        call(secretary, 'POST', '/api/credentials/paper', {
          member_id: racers[3],
          number: next + 1,
          issued_on: '2016-01-01',
        }),
      ]);
      for (const answer of answers) expect([201, 409], answer.body).toContain(answer.statusCode);
      const numbers = await db
        .selectFrom('credentials')
        .select('number')
        .where('member_id', 'in', racers)
        .execute();
      expect(new Set(numbers.map((row) => row.number)).size).toBe(numbers.length);
      // Both issues got a number, after every paper one recorded.
      const issued = answers.filter((_answer, i) => i % 2 === 0).map((answer) => answer.json());
      expect(issued.every((card) => card.number >= next)).toBe(true);
    });

    it('records only for members inside the user’s congregations', async () => {
      const card = await call(secretaryA, 'POST', '/api/credentials/paper', {
        member_id: ids.gama,
        number: 7000,
        issued_on: '2015-01-01',
      });
      expect(card.statusCode).toBe(403);
      const letter = await call(secretaryA, 'POST', '/api/letters/paper', {
        member_id: ids.gama,
        letter_type: 'recommendation',
        number: 1,
        issued_on: '2015-01-01',
        destination_church: 'X',
      });
      expect(letter.statusCode).toBe(403);
      const own = await call(secretaryA, 'POST', '/api/credentials/paper', {
        member_id: ids.joao,
        number: 7001,
        issued_on: '2015-01-01',
      });
      expect(own.statusCode, own.body).toBe(201);
    });
  });

  describe('CSV import', () => {
    it('reads UTF-8 with BOM and ";", Excel serial dates; the dry run writes nothing; re-importing adds nothing', async () => {
      const csv =
        '\uFEFFCPF;Nome;Data de nascimento;Nº;Data de emissão;Validade\r\n' +
        `${CPF_ANA.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4')};;;1001;15/03/2016;15/03/2017\r\n` +
        ';João Sem CPF;15/01/1980;1002;42444;\r\n' + // 2016-03-15 as Excel writes it
        ';joao sem cpf;1980-01-15;1003;01/02/2016;\r\n';
      const before = await count('credentials');
      const dry = await upload(secretary, 'credentials', csv, { dry_run: 'true' });
      expect(dry.statusCode, dry.body).toBe(200);
      expect(dry.json()).toMatchObject({
        kind: 'credentials',
        dry_run: true,
        total: 3,
        created: 3,
        already_recorded: 0,
        failed: 0,
      });
      expect(dry.json().rows).toEqual([
        expect.objectContaining({
          line: 2,
          status: 'new',
          member_id: ids.ana,
          member_name: 'Ana Conceição',
          number: '001001',
          issued_on: '2016-03-15',
          expires_on: '2017-03-15',
          errors: [],
        }),
        expect.objectContaining({
          line: 3,
          member_id: ids.joao,
          number: '001002',
          issued_on: '2016-03-15',
          expires_on: null,
        }),
        expect.objectContaining({ line: 4, member_id: ids.joao, issued_on: '2016-02-01' }),
      ]);
      expect(await count('credentials')).toBe(before);

      const real = await upload(secretary, 'credentials', csv);
      expect(real.statusCode, real.body).toBe(201);
      expect(real.json()).toMatchObject({ dry_run: false, created: 3, failed: 0 });
      expect(await count('credentials')).toBe(before + 3);
      const joao = await cards(ids.joao);
      expect(
        joao.filter((card) => card.issued_on_paper).map((card) => [card.number, card.issued_on]),
      ).toEqual([
        [5, '2010-01-04'],
        [1002, '2016-03-15'],
        [1003, '2016-02-01'],
        [7001, '2015-01-01'],
      ]);

      // The same file again: every row already recorded, nothing added.
      const again = await upload(secretary, 'credentials', csv);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toMatchObject({ created: 0, already_recorded: 3, failed: 0 });
      expect(await count('credentials')).toBe(before + 3);
      // And Adam's next card comes after 7001.
      const issued = await call(secretary, 'POST', '/api/credentials', { member_id: ids.ana });
      expect(issued.json().number).toBe(7002);
    });

    it('reads Windows-1252 with ","; a row with an error fails the import and writes nothing', async () => {
      const csv =
        'Nome,Nascimento,Número,Emissão,Validade\r\n' +
        'JOSÉ ARAÚJO,20/11/1965,2001,10/10/2014,\r\n' +
        'José Araújo,20/11/1965,2002,31/02/2014,\r\n' +
        'Ana Conceição,02/05/1970,2003,01/01/2999,\r\n' +
        'Pessoa Desconhecida,01/01/1950,2004,01/01/2014,\r\n' +
        'Ana Conceição,02/05/1970,251,01/01/2014,\r\n' +
        'Ana Conceição,02/05/1970,2001,01/01/2014,\r\n' +
        'Ana Conceição,02/05/1970,,01/01/2014,\r\n' +
        'Ana Conceição,02/05/1970,2005,01/01/2014,01/01/2013\r\n';
      const bytes = iconv.encode(csv, 'win1252');
      expect(bytes.includes(Buffer.from('Ã'))).toBe(false); // really not UTF-8
      const before = await count('credentials');
      const response = await upload(secretary, 'credentials', bytes);
      expect(response.statusCode, response.body).toBe(422);
      const body = response.json();
      expect(body.message).toBe(
        'Nada foi importado: corrija as linhas com erro e envie o arquivo de novo.',
      );
      expect(body).toMatchObject({ total: 8, created: 1, not_found: 1, failed: 7 });
      const byLine = Object.fromEntries(
        (body.rows as Row[]).map((row) => [row.line, [row.status, row.errors]]),
      );
      expect(byLine[2]).toEqual(['new', []]);
      // A row not matched says whom the file names (its own words, accents decoded).
      expect((body.rows as Row[])[3]).toMatchObject({
        member_id: null,
        member_given: 'Pessoa Desconhecida',
      });
      expect((body.rows as Row[])[0]).toMatchObject({ member_given: 'JOSÉ ARAÚJO' });
      expect(byLine[3]).toEqual([
        'error',
        [{ column: 'Data de emissão', message: 'Data inválida: use DD/MM/AAAA.' }],
      ]);
      expect(byLine[4]).toEqual([
        'error',
        [{ column: 'Data de emissão', message: 'A data de emissão não pode ser no futuro.' }],
      ]);
      expect(byLine[5]).toEqual([
        'not_found',
        [
          {
            column: 'Membro',
            message:
              'Membro não encontrado: confira o CPF, ou o nome e a data de nascimento como estão no cadastro.',
          },
        ],
      ]);
      expect(byLine[6]).toEqual([
        'error',
        [
          {
            column: 'Número',
            message: 'Já existe uma credencial com o nº 000251, de outro membro.',
          },
        ],
      ]);
      expect(byLine[7]).toEqual([
        'error',
        [{ column: 'Número', message: 'O nº 002001 já está na linha 2, de outro membro.' }],
      ]);
      expect(byLine[8]).toEqual([
        'error',
        [{ column: 'Número', message: 'Informe o número da credencial.' }],
      ]);
      expect(byLine[9]).toEqual([
        'error',
        [{ column: 'Validade', message: 'A validade não pode ser anterior à data de emissão.' }],
      ]);
      expect(await count('credentials')).toBe(before);

      // The good row alone, the unknown member left out on request: imported.
      const fixed = iconv.encode(
        'Nome,Nascimento,Número,Emissão\r\nJOSÉ ARAÚJO,20/11/1965,2001,10/10/2014\r\n' +
          'Pessoa Desconhecida,01/01/1950,2004,01/01/2014\r\n',
        'win1252',
      );
      const refused = await upload(secretary, 'credentials', fixed);
      expect(refused.statusCode).toBe(422);
      const skipped = await upload(secretary, 'credentials', fixed, { skip_not_found: 'true' });
      expect(skipped.statusCode, skipped.body).toBe(201);
      expect(skipped.json()).toMatchObject({ created: 1, not_found: 1, failed: 0 });
      expect(await count('credentials')).toBe(before + 1);
    });

    it('imports letters with their types and years; the same file twice adds nothing', async () => {
      const csv =
        'CPF;Tipo;Número;Data de emissão;Igreja de destino;Cidade de destino;Observações\n' +
        `${CPF_ANA};Recomendação;3/2012;05/06/2012;Igreja Batista do Centro;Olinda;\n` +
        `${CPF_JOSE};Carta de transferência;4;07/08/2012;Assembleia de Deus;;Mudou-se\n` +
        `${CPF_OTHER};Recomendação;5;07/08/2012;Igreja X;;\n` +
        `${CPF_JOSE};Batismo;6;07/08/2012;Igreja X;;\n`;
      const before = await count('letters');
      const dry = await upload(secretary, 'letters', csv, { dry_run: 'true' });
      expect(dry.statusCode, dry.body).toBe(200);
      expect(dry.json()).toMatchObject({ total: 4, created: 2, not_found: 1, failed: 2 });
      expect(dry.json().rows[1]).toMatchObject({
        status: 'new',
        number: '4/2012',
        letter_type: 'transfer',
        destination_church: 'Assembleia de Deus',
      });
      expect(dry.json().rows[3].errors).toEqual([
        { column: 'Tipo', message: 'Tipo de carta inválido: use Recomendação ou Transferência.' },
      ]);
      const good = csv.split('\n').slice(0, 3).join('\n');
      const real = await upload(secretary, 'letters', good);
      expect(real.statusCode, real.body).toBe(201);
      expect(await count('letters')).toBe(before + 2);
      const again = await upload(secretary, 'letters', good);
      expect(again.json()).toMatchObject({ created: 0, already_recorded: 2 });
      expect(await count('letters')).toBe(before + 2);
      const next = await t.database.db
        .selectFrom('document_counters')
        .select('value')
        .where('name', '=', 'letter:2012')
        .executeTakeFirstOrThrow();
      expect(Number(next.value)).toBe(4);
    });

    it('matches by the name alone when the row has no birth date and the name is unique', async () => {
      await member('Pedro Homônimo', c.A, { birth_date: '1971-01-01' });
      await member('Pedro Homonimo', c.A, { birth_date: '1972-02-02' });
      const csv =
        'Nome;Data de nascimento;Número;Data de emissão\n' +
        'Pedro Homônimo;;8101;01/01/2015\n' +
        'PEDRO HOMÔNIMO;02/02/1972;8102;01/01/2015\n' +
        'José Araújo;;8103;01/01/2015\n';
      const dry = await upload(secretary, 'credentials', csv, { dry_run: 'true' });
      const rows = dry.json().rows as Row[];
      expect(rows[0]).toMatchObject({
        status: 'error',
        errors: [
          {
            column: 'Membro',
            message: 'Há 2 membros com este nome: informe o CPF ou a data de nascimento.',
          },
        ],
      });
      expect(rows[1]).toMatchObject({ status: 'new', member_name: 'Pedro Homonimo' });
      expect(rows[2]).toMatchObject({ status: 'new', member_id: ids.jose });
    });

    it('imports only members inside the user’s congregations', async () => {
      const csv =
        'Nome;Data de nascimento;Número;Data de emissão\n' +
        'Zeferino Gama;03/03/1990;8001;01/01/2015\n' +
        'João Sem CPF;15/01/1980;8002;01/01/2015\n';
      const scoped = await upload(secretaryA, 'credentials', csv, { dry_run: 'true' });
      expect(scoped.json().rows.map((row: Row) => row.status)).toEqual(['not_found', 'new']);
      const whole = await upload(secretary, 'credentials', csv, { dry_run: 'true' });
      expect(whole.json().rows.map((row: Row) => row.status)).toEqual(['new', 'new']);
    });

    it('refuses bad uploads with a Portuguese 4xx', async () => {
      const cases: Array<[string | Buffer, number, string]> = [
        ['', 400, 'O arquivo está vazio.'],
        [
          Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08]),
          400,
          'O arquivo não parece ser um CSV: salve a planilha como CSV e envie de novo.',
        ],
        ['Nome;Data\nAna;01/01/2015\n', 400, 'Coluna obrigatória não encontrada: Número.'],
        ['Nome;Número;Data de emissão\n', 400, 'O arquivo não tem linhas além do cabeçalho.'],
        ['Nome;Número;Data de emissão\n"Ana;1;01/01/2015\n', 400, 'O arquivo CSV está malformado'],
      ];
      for (const [file, status, message] of cases) {
        const response = await upload(secretary, 'credentials', file);
        expect(response.statusCode, response.body).toBe(status);
        expect(response.json().message).toContain(
          message.startsWith('Coluna') ? message.slice(0, 40) : message,
        );
      }
      const json = await call(secretary, 'POST', '/api/imports/credentials', { file: 'x' });
      expect(json.statusCode).toBe(415);
      expect(json.json().message).toContain('multipart/form-data');
      const big = await upload(secretary, 'credentials', Buffer.alloc(6 * 1024 * 1024, 'a'));
      expect(big.statusCode).toBe(413);
      expect(big.json().message).toBe('O arquivo é grande demais: o limite é de 5 MB.');
      const treasurer = await t.userWithRoles(['financial']);
      const forbidden = await upload(treasurer, 'letters', 'Nome;Número\n');
      expect(forbidden.statusCode).toBe(403);
    });
  });
});

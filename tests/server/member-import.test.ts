// The member import (issue 14) against the real server, on SQLite and PostgreSQL: the headers
// churches use, both encodings and delimiters, .xlsx with Excel serial dates, every kind of row
// error, the three duplicate choices, undo, a failed or interrupted import that leaves nothing,
// the congregation scope, and the files refused.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import iconv from 'iconv-lite';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SEDE_ID } from '../../domain/congregations.js';
import { now } from '../../domain/dates.js';
import { searchTokens } from '../../domain/search.js';
import { IMPORT_FIELDS, IMPORT_FIELD_LABELS, suggestMapping } from '../../domain/memberImport.js';
import { applyHooks, recoverInterruptedImports } from '../../server/modules/imports/apply.js';
import { dailyImportPurge, purgeImportRows } from '../../server/modules/imports/retention.js';
import {
  type SessionHeaders,
  type TestApp,
  ADMIN,
  createTestApp,
  usingPostgres,
} from '../support/testApp.js';
import {
  cpfFromBase,
  cpfOf,
  csvText,
  formatCpf,
  upload,
  waitForImport,
} from '../support/imports.js';

type Body = Record<string, unknown> & {
  id: number;
  status: string;
  rows: Array<{
    row_number: number;
    name: string | null;
    values: Record<string, unknown> | null;
    errors: Array<{ column: string; message: string }>;
    duplicate: { kind: string; member_id: number | null; row: number | null } | null;
    action: string;
    outcome: string | null;
    member_id: number | null;
  }>;
};

describe('member import', () => {
  let t: TestApp;
  let admin: SessionHeaders;
  let scoped: SessionHeaders & { id: number };
  const c = { A: 0, B: 0 };
  let louvor = 0;

  const memberCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('members')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const memberByName = (name: string) =>
    t.database.db.selectFrom('members').selectAll().where('name', '=', name).executeTakeFirst();

  const dryRun = async (file: Buffer | string, fields = {}, session = admin) => {
    const response = await upload(
      t.app,
      session,
      typeof file === 'string' ? Buffer.from(file) : file,
      { dry_run: true, ...fields },
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Body;
  };
  const newMember = async (payload: Record<string, unknown>) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/members',
      headers: admin,
      payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  };
  const undoAs = (id: number, session: SessionHeaders) =>
    t.app.inject({ method: 'DELETE', url: `/api/imports/${id}`, headers: session });
  const runImport = async (file: Buffer | string, fields = {}, session = admin) => {
    const response = await upload(
      t.app,
      session,
      typeof file === 'string' ? Buffer.from(file) : file,
      { dry_run: false, ...fields },
    );
    expect(response.statusCode, response.body).toBe(202);
    return (await waitForImport(
      t.app,
      session,
      (response.json() as Body).id,
      '?limit=500',
    )) as Body;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signIn(ADMIN.email, ADMIN.password);
    const { db } = t.database;
    const now = '2026-01-10T12:00:00.000Z';
    for (const [key, name] of [
      ['A', 'Congregação Jardim Alfa'],
      ['B', 'Congregação Vila Beta'],
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
    louvor = (
      await db
        .insertInto('departments')
        .values({ name: 'Louvor e Adoração', description: null, leader_id: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await db
      .insertInto('custom_fields')
      .values([
        {
          label: 'Tamanho da camiseta',
          key: 'tamanho_da_camiseta',
          field_type: 'choice',
          options: JSON.stringify(['P', 'M', 'G']),
          required: false,
          active: true,
          sort_order: 1,
        },
        {
          label: 'Dizimista',
          key: 'dizimista',
          field_type: 'boolean',
          options: '[]',
          required: false,
          active: true,
          sort_order: 2,
        },
      ])
      .execute();
    scoped = await t.userWithRoles(['secretary'], 'Secretária da Alfa');
    await db
      .updateTable('users')
      .set({ congregation_ids: JSON.stringify([c.A]) })
      .where('id', '=', scoped.id)
      .execute();
  });
  afterAll(() => t.close());
  afterEach(() => {
    applyHooks.afterBatch = undefined;
  });

  describe('headers', () => {
    it('recognises every header the issue lists (accents and case ignored), and custom fields by label', () => {
      const headers = [
        'NOME',
        'Nascimento',
        'cpf',
        'WhatsApp',
        'Telefone',
        'e-mail',
        'Rua',
        'Número',
        'Bairro',
        'Cidade',
        'UF',
        'CEP',
        'ESTADO CIVIL',
        'Cônjuge',
        'Pai',
        'Mae',
        'Data de Batismo',
        'Data de admissão',
        'Cargo',
        'Departamento(s)',
        'Congregação',
        'Situação',
        'tamanho da camiseta',
        'Coluna sem uso',
      ];
      expect(
        suggestMapping(headers, [{ key: 'tamanho_da_camiseta', label: 'Tamanho da Camiseta' }]),
      ).toEqual({
        NOME: 'name',
        Nascimento: 'birth_date',
        cpf: 'cpf',
        WhatsApp: 'phone_mobile',
        Telefone: 'phone_home',
        'e-mail': 'email',
        Rua: 'street',
        Número: 'number',
        Bairro: 'district',
        Cidade: 'city',
        UF: 'state',
        CEP: 'zip_code',
        'ESTADO CIVIL': 'marital_status',
        Cônjuge: 'spouse_name',
        Pai: 'father_name',
        Mae: 'mother_name',
        'Data de Batismo': 'baptism_date',
        'Data de admissão': 'admission_date',
        Cargo: 'position',
        'Departamento(s)': 'departments',
        Congregação: 'congregation',
        Situação: 'status',
        'tamanho da camiseta': 'custom:tamanho_da_camiseta',
        'Coluna sem uso': '',
      });
      // The other spellings: "Data de nascimento", "Celular", "Endereço", "Departamentos".
      expect(
        suggestMapping(
          ['Data de nascimento', 'Celular', 'Endereço', 'Departamentos', 'E-mail'],
          [],
        ),
      ).toEqual({
        'Data de nascimento': 'birth_date',
        Celular: 'phone_mobile',
        Endereço: 'street',
        Departamentos: 'departments',
        'E-mail': 'email',
      });
      // Every field's own label is recognised too.
      const labels = IMPORT_FIELDS.map((field) => IMPORT_FIELD_LABELS[field]);
      expect(Object.values(suggestMapping(labels, []))).toEqual([...IMPORT_FIELDS]);
    });

    it('answers the headers and the suggested mapping; a mapping sent replaces it', async () => {
      const file = csvText([
        ['Nome do membro', 'Aniversário', 'Fone'],
        ['Ana Maria Prado', '12/03/1985', '(21) 3333-4444'],
      ]);
      const first = await dryRun(file);
      expect(first.headers).toEqual(['Nome do membro', 'Aniversário', 'Fone']);
      expect(first.mapping).toEqual({
        'Nome do membro': 'name',
        Aniversário: '',
        Fone: 'phone_home',
      });
      expect(first.rows[0].values?.birth_date).toBeNull();
      const fixed = await dryRun(file, {
        mapping: { 'Nome do membro': 'name', Aniversário: 'birth_date', Fone: 'phone_mobile' },
      });
      expect(fixed.rows[0].values).toMatchObject({
        name: 'Ana Maria Prado',
        birth_date: '1985-03-12',
        phone_mobile: '2133334444',
        phone_home: null,
      });
      const unknownTarget = await upload(t.app, admin, Buffer.from(file), {
        mapping: { 'Nome do membro': 'salario' },
      });
      expect(unknownTarget.statusCode).toBe(400);
      expect(unknownTarget.json().message).toMatch(/Coluna “Nome do membro”/);
    });
  });

  describe('files', () => {
    const people = [
      ['Nome', 'Data de nascimento', 'Cidade', 'Estado civil', 'Situação'],
      ['João Conceição Araújo', '05/06/1970', 'São João del-Rei', 'Viúvo', 'Ativo'],
      ['Márcia Gonçalves', '1988-11-30', 'Maceió', 'Casada', 'Inativa'],
    ];
    const expectPeople = (body: Body) => {
      expect(body.error_rows).toBe(0);
      expect(body.rows.map((row) => row.values)).toMatchObject([
        {
          name: 'João Conceição Araújo',
          birth_date: '1970-06-05',
          city: 'São João del-Rei',
          marital_status: 'widowed',
          status: 'active',
        },
        {
          name: 'Márcia Gonçalves',
          birth_date: '1988-11-30',
          city: 'Maceió',
          marital_status: 'married',
          status: 'inactive',
        },
      ]);
    };

    it('reads a Windows-1252 CSV separated by ";"', async () => {
      const body = await dryRun(iconv.encode(csvText(people, ';'), 'win1252'));
      expect(body).toMatchObject({ encoding: 'windows-1252', delimiter: ';', file_kind: 'csv' });
      expectPeople(body);
    });

    it('reads a UTF-8 CSV (with BOM) separated by ","', async () => {
      const body = await dryRun(`\uFEFF${csvText(people, ',')}`);
      expect(body).toMatchObject({ encoding: 'utf-8', delimiter: ',' });
      expectPeople(body);
    });

    it('reads a UTF-8 CSV without BOM, quoted cells holding the delimiter', async () => {
      const body = await dryRun(
        csvText(
          [
            ['Nome', 'Endereço'],
            ['Ana; a Irmã', 'Rua A; 10'],
          ],
          ';',
        ),
      );
      expect(body.rows[0].values).toMatchObject({ name: 'Ana; a Irmã', street: 'Rua A; 10' });
    });

    it('reads an .xlsx: date cells, Excel serial numbers and numeric CPFs', async () => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Membros');
      sheet.addRow(['Nome', 'Nascimento', 'Data de batismo', 'CPF', 'Dizimista']);
      // 29345 is 04/05/1980 in Excel's count of days; the CPF typed as a number lost its zero.
      sheet.addRow([
        'Zélia Brandão',
        new Date(Date.UTC(1975, 0, 31)),
        29345,
        Number(cpfFromBase('043456789')),
        'Sim',
      ]);
      sheet.addRow(['Otávio Lemos', '15/08/1990', '', formatCpf(cpfOf(900)), 'Não']);
      const file = Buffer.from(await workbook.xlsx.writeBuffer());
      const body = await dryRun(file, {}, admin);
      expect(body.file_kind).toBe('xlsx');
      expect(body.rows.flatMap((row) => row.errors)).toEqual([]);
      expect(body.rows.map((row) => row.values)).toMatchObject([
        {
          name: 'Zélia Brandão',
          birth_date: '1975-01-31',
          baptism_date: '1980-05-04',
          cpf: cpfFromBase('043456789'),
          custom_fields: { dizimista: true },
        },
        { name: 'Otávio Lemos', birth_date: '1990-08-15', custom_fields: { dizimista: false } },
      ]);
    });

    // (Stages 200,000 rows before the 200,001st is refused: half a minute on a loaded machine.)
    it('refuses bad files with a Portuguese 4xx and keeps nothing', async () => {
      const before = await t.database.db
        .selectFrom('member_imports')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const cases: Array<[Buffer, number, RegExp]> = [
        [Buffer.alloc(0), 400, /vazio/],
        [Buffer.from('   \r\n'), 400, /vazio/],
        [Buffer.from('Nome;CPF\r\n'), 400, /nenhuma linha/],
        [
          Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe, 0x00, 0x10, 0x00, 0x00, 0x07]),
          400,
          /planilha/,
        ],
        [Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(200, 7)]), 400, /planilha/],
        // Above 50 MB (few long lines): 413; above 200,000 rows: 400.
        [
          Buffer.from(`Nome;Obs\n${`Ana;${'x'.repeat(30_000)}\n`.repeat(1800)}`),
          413,
          /grande demais/,
        ],
        [Buffer.alloc(1024 * 1024, 'a;b\n'), 400, /linhas demais/],
      ];
      for (const [file, status, message] of cases) {
        const response = await upload(t.app, admin, file, { dry_run: true });
        expect(response.statusCode, response.body.slice(0, 200)).toBe(status);
        expect(response.json().message).toMatch(message);
      }
      const json = await t.app.inject({
        method: 'POST',
        url: '/api/imports/members',
        headers: admin,
        payload: { dry_run: true },
      });
      expect(json.statusCode).toBe(415);
      expect(json.json().message).toMatch(/multipart/);
      const noFile = new FormData();
      noFile.append('dry_run', 'true');
      const request = new Request('http://x/', { method: 'POST', body: noFile });
      const missing = await t.app.inject({
        method: 'POST',
        url: '/api/imports/members',
        headers: { ...admin, 'content-type': request.headers.get('content-type') ?? '' },
        payload: Buffer.from(await request.arrayBuffer()),
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toMatch(/file/);
      const badOption = await upload(t.app, admin, Buffer.from('Nome\nAna'), {
        duplicate_action: 'talvez' as never,
      });
      expect(badOption.statusCode).toBe(400);
      const after = await t.database.db
        .selectFrom('member_imports')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    }, 120_000);
  });

  // Issue 22: sheets as churches have them (tests/fixtures/members): a secretary's .xlsx with a
  // total under the list, a Google Forms export, a ChurchCRM export with first and last names.
  describe('real spreadsheets', () => {
    const fixture = (name: string) => readFileSync(join(__dirname, '../fixtures/members', name));

    it("leaves out a secretary's total line (“TOTAL DE MEMBROS: 12”) and says so", async () => {
      const body = await dryRun(fixture('secretaria-com-total.xlsx'), {}, admin);
      expect(body).toMatchObject({ total_rows: 12, error_rows: 0, valid_rows: 12 });
      expect(body.ignored_rows).toEqual([{ row_number: 15, text: 'TOTAL DE MEMBROS: 12' }]);
      expect(body.rows.map((row) => row.name)).not.toContain('TOTAL DE MEMBROS: 12');
      expect(body.rows[11]).toMatchObject({ name: 'Lia Labão', action: 'create' });
    });

    it('reads a Google Forms export: e-mail, “Celular (WhatsApp)”, the timestamp ignored', async () => {
      const body = await dryRun(fixture('google-forms.csv'));
      expect(body.mapping).toEqual({
        'Carimbo de data/hora': '',
        'Endereço de e-mail': 'email',
        'Nome completo': 'name',
        'Data de nascimento': 'birth_date',
        'Celular (WhatsApp)': 'phone_mobile',
        Bairro: 'district',
        'Já é batizado(a)?': '',
      });
      expect(body.error_rows).toBe(0);
      expect(body.rows.map((row) => row.values?.phone_mobile)).toEqual([
        '11987654321',
        '11976543210',
        '21998765432',
        '3133332211',
      ]);
      expect(body.rows[0].values).toMatchObject({
        name: 'Marta de Betânia',
        email: 'marta.betania@exemplo.com.br',
        birth_date: '1984-07-12',
      });
    });

    it('joins a ChurchCRM export’s “First Name” and “Last Name” into the name', async () => {
      const file = fixture('churchcrm.csv');
      const body = await dryRun(file);
      expect(body.mapping).toMatchObject({
        'First Name': 'name',
        'Middle Name': '',
        'Last Name': 'last_name',
        Gender: 'sex',
        'Birth Date': 'birth_date',
        Email: 'email',
        'Mobile Phone': 'phone_mobile',
        'Home Phone': 'phone_home',
        Address1: 'street',
        City: 'city',
        State: 'state',
        Zip: 'zip_code',
      });
      expect(body.error_rows).toBe(0);
      expect(body.rows.map((row) => row.name)).toEqual([
        'Maria Souza',
        'João Pereira',
        'Tiago Zebedeu Santos',
      ]);
      const done = await runImport(file);
      expect(done).toMatchObject({ status: 'done', created_count: 3 });
      expect(await memberByName('Maria Souza')).toMatchObject({
        sex: 'F',
        birth_date: '1979-05-14',
        phone_mobile: '11912345678',
        zip_code: '01234567',
      });
      // "Nome" and "Sobrenome" too, a name that already ends with the surname kept as it is;
      // an update by CPF writes the joined name.
      const sobrenome = await dryRun(
        csvText([
          ['Nome', 'Sobrenome', 'CPF'],
          ['Rute', 'Moabita', cpfOf(80)],
          ['Noemi Belém', 'Belém', ''],
        ]),
      );
      expect(sobrenome.mapping).toEqual({ Nome: 'name', Sobrenome: 'last_name', CPF: 'cpf' });
      expect(sobrenome.rows.map((row) => row.values?.name)).toEqual([
        'Rute Moabita',
        'Noemi Belém',
      ]);
      await runImport(
        csvText([
          ['Nome', 'CPF'],
          ['Rute', cpfOf(80)],
        ]),
      );
      const updated = await runImport(
        csvText([
          ['Nome', 'Sobrenome', 'CPF'],
          ['Rute', 'de Moabe', cpfOf(80)],
        ]),
        { duplicate_action: 'update' },
      );
      expect(updated).toMatchObject({ updated_count: 1 });
      expect(await memberByName('Rute de Moabe')).toMatchObject({ cpf: cpfOf(80) });
    });

    it('refuses a file with too many rows before staging a single row', async () => {
      // A trigger that fails any write to the staging table: the refusal must come first.
      if (usingPostgres) {
        await sql`create function refuse_staging() returns trigger language plpgsql as
          $$ begin raise exception 'staged'; end $$`.execute(t.database.db);
        await sql`create trigger refuse_staging before insert on member_import_rows
          for each statement execute function refuse_staging()`.execute(t.database.db);
      } else {
        await sql`create trigger refuse_staging before insert on member_import_rows
          begin select raise(abort, 'staged'); end`.execute(t.database.db);
      }
      try {
        const header = 'Nome;Obs\n';
        const tooMany = Buffer.from(`${header}${'Ana;x\n'.repeat(200_001)}`);
        const refused = await upload(t.app, admin, tooMany, { dry_run: true });
        expect(refused.statusCode, refused.body.slice(0, 200)).toBe(400);
        expect(refused.json().message).toBe(
          'O arquivo tem linhas demais: importe no máximo 200.000 membros por vez.',
        );
        // The trigger is live: a file within the limit does reach the staging table.
        const within = await upload(t.app, admin, Buffer.from(`${header}Ana;x\n`), {
          dry_run: true,
        });
        expect(within.statusCode).toBe(500);
      } finally {
        await sql`drop trigger refuse_staging${sql.raw(usingPostgres ? ' on member_import_rows' : '')}`.execute(
          t.database.db,
        );
        if (usingPostgres) await sql`drop function refuse_staging()`.execute(t.database.db);
      }
    });
  });

  describe('values and row errors', () => {
    it('reads values as churches write them', async () => {
      const body = await dryRun(
        csvText([
          [
            'Nome',
            'CPF',
            'Celular',
            'Telefone',
            'CEP',
            'UF',
            'Sexo',
            'Batismo no Espírito Santo',
            'Estado civil',
            'Situação',
            'Tamanho da camiseta',
            'Forma de admissão',
            'E-mail',
          ],
          [
            'Pedro Álvares',
            cpfOf(1),
            '+55 (31) 9 8888-7777',
            '031 3222-1111',
            '30.130-000',
            'Minas Gerais',
            'masculino',
            'SIM',
            'casado(a)',
            'em disciplina',
            'g',
            'Carta de Transferencia',
            'Pedro@Exemplo.COM',
          ],
        ]),
      );
      expect(body.rows[0].errors).toEqual([]);
      expect(body.rows[0].values).toMatchObject({
        cpf: cpfOf(1),
        phone_mobile: '31988887777',
        phone_home: '3132221111',
        zip_code: '30130000',
        state: 'MG',
        sex: 'M',
        holy_spirit_baptism: true,
        marital_status: 'married',
        status: 'disciplined',
        custom_fields: { tamanho_da_camiseta: 'G' },
        admission_type: 'transfer_letter',
        email: 'pedro@exemplo.com',
      });
    });

    it('says, per column, every kind of error', async () => {
      const body = await dryRun(
        csvText([
          [
            'Nome',
            'Nascimento',
            'Data de batismo',
            'CPF',
            'Celular',
            'E-mail',
            'UF',
            'Estado civil',
            'Situação',
            'Sexo',
            'Dizimista',
            'Tamanho da camiseta',
            'Cargo',
            'Departamentos',
            'Congregação',
            'CEP',
          ],
          ['', '31/02/1990', '', '', '', '', '', '', '', '', '', '', '', '', '', ''],
          [
            'Futuro',
            '01/01/2999',
            '',
            '123.456.789-00',
            '99',
            'sem-arroba',
            'XX',
            'Enrolado',
            'Sumido',
            'Outro',
            'Talvez',
            'GG',
            'Bispo',
            'Coral, Louvor e Adoração',
            'Igreja Distante',
            '123',
          ],
          [
            'Batismo cedo',
            '10/10/2000',
            '10/10/1999',
            '',
            '',
            '',
            '',
            '',
            '',
            '',
            '',
            '',
            '',
            '',
            '',
            '',
          ],
        ]),
      );
      const errorsOf = (row: number) =>
        Object.fromEntries(body.rows[row].errors.map((error) => [error.column, error.message]));
      expect(errorsOf(0)).toEqual({
        Nascimento: 'Data “31/02/1990” inválida: use DD/MM/AAAA.',
        Nome: 'Informe o nome.',
      });
      expect(errorsOf(1)).toEqual({
        Nascimento: 'Data de nascimento não pode estar no futuro.',
        CPF: 'CPF inválido.',
        Celular: 'Telefone “99” inválido: informe DDD e número.',
        'E-mail': 'Informe um e-mail válido.',
        UF: 'UF “XX” inválida: use a sigla do estado (SP, MG…).',
        'Estado civil':
          'Estado civil “Enrolado” não reconhecido: use Solteiro, Casado, Divorciado ou Viúvo.',
        Situação:
          'Situação “Sumido” não reconhecida: use Ativo, Inativo, Disciplinado, Transferido, Falecido ou Pendente.',
        Sexo: 'Sexo “Outro” não reconhecido: use Masculino ou Feminino.',
        Dizimista: '“Talvez” não é Sim ou Não.',
        'Tamanho da camiseta': '“GG” não é uma das opções (P, M, G).',
        Cargo: 'Cargo “Bispo” não encontrado: cadastre-o ou associe-o a um cargo existente.',
        // A department not found is no error: the member comes in without it.
        Congregação:
          'Congregação “Igreja Distante” não encontrada: associe-a a uma congregação existente.',
        CEP: 'CEP inválido: informe os 8 dígitos.',
      });
      expect(errorsOf(2)).toEqual({
        'Data de batismo': 'A data de batismo não pode ser anterior ao nascimento.',
      });
      expect(body).toMatchObject({ total_rows: 3, error_rows: 3, valid_rows: 0 });
      // Each row is named as written, errors and all, so the user knows whose row it is.
      expect(body.rows.map((row) => row.name)).toEqual([null, 'Futuro', 'Batismo cedo']);
      expect(body.unknown).toEqual({
        positions: [{ name: 'Bispo', rows: 1 }],
        departments: [{ name: 'Coral', rows: 1 }],
        congregations: [{ name: 'Igreja Distante', rows: 1 }],
      });
      // The rows with errors are listed apart.
      const errors = await t.app.inject({
        url: `/api/imports/${body.id}?only=errors&limit=2`,
        headers: admin,
      });
      expect(errors.json()).toMatchObject({ rows_total: 3 });
      expect(errors.json().rows).toHaveLength(2);
    });

    it('matches names ignoring accents and case; unknown ones are mapped or created', async () => {
      const file = csvText([
        ['Nome', 'Cargo', 'Departamento(s)', 'Congregação'],
        ['Rute Moabita', 'DIACONO', 'louvor e adoracao; Intercessão', 'congregacao vila beta'],
        ['Boaz Belém', 'Bispo', '', 'Vila Beta'],
      ]);
      const checked = await dryRun(file);
      // Rute's unknown department would leave her out of nothing: she is ready as she is.
      expect(checked.rows[0].errors).toEqual([]);
      expect(checked.unknown).toEqual({
        positions: [{ name: 'Bispo', rows: 1 }],
        departments: [{ name: 'Intercessão', rows: 1 }],
        congregations: [{ name: 'Vila Beta', rows: 1 }],
      });
      const lookups = {
        positions: { Bispo: 'create' },
        departments: { Intercessão: 'create' },
        congregations: { 'Vila Beta': c.B },
      };
      const done = await runImport(file, { lookups });
      expect(done).toMatchObject({ status: 'done', created_count: 2, error_rows: 0 });
      const rute = await memberByName('Rute Moabita');
      const boaz = await memberByName('Boaz Belém');
      expect(rute?.congregation_id).toBe(c.B);
      expect(boaz?.congregation_id).toBe(c.B);
      const bispo = await t.database.db
        .selectFrom('positions')
        .select('id')
        .where('name', '=', 'Bispo')
        .executeTakeFirstOrThrow();
      expect(boaz?.position_id).toBe(bispo.id);
      const departments = await t.database.db
        .selectFrom('member_departments')
        .innerJoin('departments', 'departments.id', 'member_departments.department_id')
        .select('departments.name')
        .where('member_id', '=', rute!.id)
        .orderBy('departments.name')
        .execute();
      expect(departments.map((row) => row.name)).toEqual(['Intercessão', 'Louvor e Adoração']);
      // A congregation is never created by an import.
      const refused = await upload(t.app, admin, Buffer.from(file), {
        lookups: { congregations: { 'Vila Beta': 'create' } },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/Configurações > Congregações/);
    });
  });

  it('a department not found and not mapped: the member is imported without it', async () => {
    const file = csvText([
      ['Nome', 'Departamento(s)'],
      ['Noemi Belém', 'Coral das Senhoras; Louvor e Adoração'],
    ]);
    const checked = await dryRun(file);
    expect(checked.rows[0].errors).toEqual([]);
    expect(checked.unknown).toMatchObject({
      departments: [{ name: 'Coral das Senhoras', rows: 1 }],
    });
    const done = await runImport(file);
    expect(done).toMatchObject({ status: 'done', created_count: 1, error_rows: 0 });
    const noemi = await memberByName('Noemi Belém');
    const departments = await t.database.db
      .selectFrom('member_departments')
      .innerJoin('departments', 'departments.id', 'member_departments.department_id')
      .select('departments.name')
      .where('member_id', '=', noemi!.id)
      .execute();
    expect(departments.map((row) => row.name)).toEqual(['Louvor e Adoração']);
  });

  describe('duplicates', () => {
    let existing = 0;
    const header = ['Nome', 'Data de nascimento', 'CPF', 'E-mail', 'Celular', 'Profissão'];
    beforeAll(async () => {
      existing = await newMember({
        name: 'Débora Juíza',
        birth_date: '1960-04-04',
        cpf: cpfOf(50),
        email: 'debora@exemplo.com',
        phone_mobile: '11911112222',
        profession: 'Juíza',
        department_ids: [louvor],
      });
    });

    it('finds them against the registry and within the file (CPF, name and birth, e-mail, phone)', async () => {
      const body = await dryRun(
        csvText([
          header,
          ['Débora J.', '', formatCpf(cpfOf(50)), '', '', ''],
          ['débora juíza', '04/04/1960', '', '', '', ''],
          ['Outra Débora', '', '', 'DEBORA@exemplo.com', '', ''],
          ['Mais Uma', '', '', '', '(11) 91111-2222', ''],
          ['Gêmea A', '01/01/2001', cpfOf(51), '', '', ''],
          ['Gêmea B', '01/01/2001', cpfOf(51), '', '', ''],
          ['Sem Repetição', '', '', 'unica@exemplo.com', '', ''],
        ]),
        { duplicate_action: 'skip' },
      );
      expect(body.rows.map((row) => [row.duplicate, row.action])).toEqual([
        ...['cpf', 'name_birth', 'email', 'phone'].map((kind) => [
          { kind, member_id: existing, member_name: 'Débora Juíza', row: null, outside: false },
          'skip',
        ]),
        [null, 'create'],
        [{ kind: 'cpf', member_id: null, member_name: null, row: 6, outside: false }, 'skip'],
        [null, 'create'],
      ]);
      expect(body.duplicate_rows).toBe(5);
    });

    it('skip leaves the member as it was; create adds another; per-row choices win', async () => {
      const before = await memberCount();
      const done = await runImport(
        csvText([
          header,
          ['Débora Juíza', '04/04/1960', '', '', '', 'Professora'],
          ['Débora Outra', '', '', 'debora@exemplo.com', '', ''],
        ]),
        { duplicate_action: 'skip', choices: { 3: 'create' } },
      );
      expect(done).toMatchObject({ status: 'done', created_count: 1, skipped_count: 1 });
      // (Once written, an import keeps only the rows its undo needs: the created one.)
      expect(done.rows.map((row) => row.outcome)).toEqual(['created']);
      expect(await memberCount()).toBe(before + 1);
      expect((await memberByName('Débora Juíza'))?.profession).toBe('Juíza');
      expect((await memberByName('Débora Outra'))?.email).toBe('debora@exemplo.com');
    });

    it('create is refused for a CPF that exists (a CPF is one member)', async () => {
      const body = await dryRun(csvText([header, ['Débora Três', '', cpfOf(50), '', '', '']]), {
        duplicate_action: 'create',
      });
      expect(body.rows[0]).toMatchObject({
        action: 'error',
        errors: [
          {
            column: 'CPF',
            message: 'Já existe um membro com este CPF: escolha pular ou atualizar.',
          },
        ],
      });
    });

    it('update writes the file’s values over the member, keeps the rest, and undo restores it', async () => {
      const before = await memberCount();
      const done = await runImport(
        csvText([
          ['Nome', 'CPF', 'Profissão', 'Cidade', 'Departamentos'],
          ['Débora Juíza', formatCpf(cpfOf(50)), 'Profetisa', 'Ramá', 'Intercessão'],
        ]),
        { duplicate_action: 'update' },
      );
      expect(done).toMatchObject({ status: 'done', updated_count: 1, created_count: 0 });
      expect(await memberCount()).toBe(before);
      const updated = await t.app.inject({ url: `/api/members/${existing}`, headers: admin });
      expect(updated.json()).toMatchObject({
        name: 'Débora Juíza',
        profession: 'Profetisa',
        city: 'Ramá',
        birth_date: '1960-04-04',
        email: 'debora@exemplo.com',
      });
      expect(updated.json().department_ids).toHaveLength(2);

      const undo = await undoAs(done.id, admin);
      expect(undo.statusCode, undo.body).toBe(200);
      expect(undo.json()).toMatchObject({ status: 'undone', restored: 1, deleted: 0 });
      const restored = await t.app.inject({ url: `/api/members/${existing}`, headers: admin });
      expect(restored.json()).toMatchObject({ profession: 'Juíza', city: null });
      expect(restored.json().department_ids).toEqual([louvor]);
      const again = await undoAs(done.id, admin);
      expect(again.statusCode).toBe(409);
    });
  });

  describe('undo', () => {
    it('deletes the members created, except those something refers to now', async () => {
      const before = await memberCount();
      const done = await runImport(
        csvText([
          ['Nome', 'Cidade'],
          ['Elias Tisbita', 'Tisbe'],
          ['Eliseu Abel', 'Abel-Meolá'],
          ['Naamã Sírio', 'Damasco'],
        ]),
      );
      expect(done).toMatchObject({ status: 'done', created_count: 3, can_undo: true });
      expect(await memberCount()).toBe(before + 3);
      const eliseu = await memberByName('Eliseu Abel');
      const naama = await memberByName('Naamã Sírio');
      // Eliseu now leads a department; Naamã was edited after the import.
      await t.database.db
        .updateTable('departments')
        .set({ leader_id: eliseu!.id })
        .where('id', '=', louvor)
        .execute();
      const edit = await t.app.inject({
        method: 'PUT',
        url: `/api/members/${naama!.id}`,
        headers: admin,
        payload: { city: 'Samaria' },
      });
      expect(edit.statusCode).toBe(200);
      const undo = await undoAs(done.id, admin);
      expect(undo.json()).toMatchObject({
        status: 'partly_undone',
        deleted: 1,
        kept_count: 2,
        kept: [
          { name: 'Eliseu Abel', reason: 'lidera um departamento' },
          { name: 'Naamã Sírio', reason: 'alterado depois da importação' },
        ],
      });
      expect(await memberByName('Elias Tisbita')).toBeUndefined();
      expect(await memberCount()).toBe(before + 2);
      await t.database.db
        .updateTable('departments')
        .set({ leader_id: null })
        .where('id', '=', louvor)
        .execute();
    });

    it('is refused after 30 days and for a dry run', async () => {
      const done = await runImport(csvText([['Nome'], ['Jonas de Gate-Hefer']]));
      await t.database.db
        .updateTable('member_imports')
        .set({ finished_at: '2020-01-01T12:00:00.000Z' })
        .where('id', '=', done.id)
        .execute();
      const late = await undoAs(done.id, admin);
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toMatch(/30 dias/);
      const dry = await dryRun(csvText([['Nome'], ['Ninguém']]));
      const undoDry = await undoAs(dry.id, admin);
      expect(undoDry.statusCode).toBe(409);
    });
  });

  describe('audit trail', () => {
    const trailAfter = (id: number) =>
      t.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('id', '>', id)
        .orderBy('id')
        .execute();
    const lastEntry = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.max('id').as('id'))
            .executeTakeFirstOrThrow()
        ).id ?? 0,
      );
    const details = (entry: { details: string | null }) =>
      JSON.parse(entry.details ?? '{}') as Record<string, unknown>;
    const changes = (entry: { changes: string }) =>
      JSON.parse(entry.changes) as Record<string, [unknown, unknown]>;

    it('a dry run writes no entry; an import one per member and one for the import; undo the same', async () => {
      const start = await lastEntry();
      const file = csvText([
        ['Nome', 'Data de nascimento', 'Profissão'],
        ['Ana Profetisa', '01/02/1930', 'Viúva'],
        ['Simeão Justo', '', 'Sacerdote'],
        ['Ninguém Sem Data', '31/02/1980', ''],
      ]);
      await dryRun(file);
      expect(await trailAfter(start)).toEqual([]);

      const done = await runImport(file, {}, scoped);
      expect(done).toMatchObject({ status: 'done', created_count: 2 });
      const entries = await trailAfter(start);
      const members = entries.filter((entry) => entry.resource === 'members');
      expect(members.map((entry) => [entry.action, entry.user_name])).toEqual([
        ['import', 'Secretária da Alfa'],
        ['import', 'Secretária da Alfa'],
      ]);
      const ana = await memberByName('Ana Profetisa');
      const first = members.find((entry) => entry.record_id === ana!.id)!;
      expect(first.member_id).toBe(ana!.id);
      expect(first.area).toBe('members');
      expect(details(first)).toEqual({ import_id: done.id, file_name: 'membros.csv', row: 2 });
      expect(changes(first)).toMatchObject({
        name: [null, 'Ana Profetisa'],
        birth_date: [null, '1930-02-01'],
        profession: [null, 'Viúva'],
        congregation_id: [null, c.A],
      });
      const imports = entries.filter((entry) => entry.resource === 'imports');
      expect(imports).toHaveLength(1);
      expect(imports[0]).toMatchObject({ action: 'import', record_id: done.id, member_id: null });
      expect(details(imports[0])).toEqual({
        file_name: 'membros.csv',
        rows: 3,
        created: 2,
        updated: 0,
        skipped: 0,
        errors: 1,
      });
      // The member's Histórico (secretary access) shows where the member came from.
      const history = await t.app.inject({
        url: `/api/audit_log?filter=${encodeURIComponent(
          JSON.stringify({ resource: 'members', record_id: ana!.id }),
        )}`,
        headers: scoped,
      });
      expect(history.statusCode, history.body).toBe(200);
      expect(history.json()).toEqual([
        expect.objectContaining({ action: 'import', record_id: ana!.id }),
      ]);

      const beforeUndo = await lastEntry();
      const undo = await undoAs(done.id, scoped);
      expect(undo.json()).toMatchObject({ status: 'undone', deleted: 2 });
      const undone = await trailAfter(beforeUndo);
      expect(undone.map((entry) => [entry.action, entry.resource, entry.record_id]).sort()).toEqual(
        [
          ['undo_import', 'imports', done.id],
          ...members.map((entry) => ['undo_import', 'members', entry.record_id]),
        ].sort(),
      );
      expect(details(undone.find((entry) => entry.resource === 'imports')!)).toEqual({
        file_name: 'membros.csv',
        deleted: 2,
        restored: 0,
        kept: 0,
      });
    });

    it('an update is recorded with what changed, and its undo with what came back', async () => {
      const debora = await memberByName('Débora Juíza');
      const start = await lastEntry();
      const done = await runImport(
        csvText([
          ['Nome', 'CPF', 'Profissão'],
          ['Débora Juíza', formatCpf(debora!.cpf!), 'Profetisa'],
        ]),
        { duplicate_action: 'update' },
      );
      expect(done).toMatchObject({ status: 'done', updated_count: 1 });
      const entry = (await trailAfter(start)).find((item) => item.resource === 'members')!;
      expect(entry).toMatchObject({ action: 'import', record_id: debora!.id });
      expect(changes(entry)).toEqual({ profession: [debora!.profession, 'Profetisa'] });
      const beforeUndo = await lastEntry();
      await undoAs(done.id, admin);
      const back = (await trailAfter(beforeUndo)).find((item) => item.resource === 'members')!;
      expect(back).toMatchObject({ action: 'undo_import', record_id: debora!.id });
      expect(changes(back)).toEqual({ profession: ['Profetisa', debora!.profession] });
      expect(details(back)).toEqual({ import_id: done.id, reason: 'undo', restored: true });
    });
  });

  describe('a failed or interrupted import writes nothing', () => {
    const manyRows = (count: number, prefix: string) =>
      csvText([
        ['Nome', 'CPF', 'Cargo'],
        ...Array.from({ length: count }, (_, i) => [
          `${prefix} ${i + 1}`,
          i === 0 ? cpfOf(50) : '',
          i === 1 ? 'Levita' : '',
        ]),
      ]);

    it('a failure after the first batch undoes the created and the updated members and the created cargo', async () => {
      const before = await memberCount();
      const debora = await memberByName('Débora Juíza');
      applyHooks.afterBatch = (_id, batch) => {
        if (batch === 1) throw new Error('disk full');
      };
      const failed = await runImport(manyRows(2200, 'Falha'), {
        duplicate_action: 'update',
        lookups: { positions: { Levita: 'create' } },
      });
      expect(failed).toMatchObject({ status: 'failed', created_count: 0, updated_count: 0 });
      expect(failed.message).toMatch(/nada foi gravado/);
      expect(await memberCount()).toBe(before);
      expect((await memberByName('Débora Juíza'))?.name).toBe(debora?.name);
      expect((await memberByName('Débora Juíza'))?.updated_at).toBe(debora?.updated_at);
      const levita = await t.database.db
        .selectFrom('positions')
        .select('id')
        .where('name', '=', 'Levita')
        .executeTakeFirst();
      expect(levita).toBeUndefined();
      const counts = await sql<{ n: number }>`select sum(count) as n from member_counts`.execute(
        t.database.db,
      );
      expect(Number(counts.rows[0].n)).toBe(before);
    });

    it('an import left running by a stopped server is undone at the next start, a live one is not', async () => {
      const before = await memberCount();
      const done = await runImport(manyRows(600, 'Interrompida'));
      // (The first row may repeat Débora's CPF, the second names an unknown cargo.)
      expect(done.status).toBe('done');
      expect(Number(done.created_count)).toBeGreaterThanOrEqual(598);
      expect(await memberCount()).toBe(before + Number(done.created_count));
      const setRunning = (heartbeat: string) =>
        t.database.db
          .updateTable('member_imports')
          .set({ status: 'running', heartbeat_at: heartbeat })
          .where('id', '=', done.id as number)
          .execute();
      // Another process on the same database is still writing it (its heartbeat is fresh):
      // a server starting beside it leaves it alone.
      await setRunning(new Date(now().getTime() - 10_000).toISOString());
      await recoverInterruptedImports(t.database.db, t.database.dialect.name);
      expect(await memberCount()).toBe(before + Number(done.created_count));
      // Its process stopped: the heartbeat is two minutes old.
      await setRunning(new Date(now().getTime() - 120_000).toISOString());
      await recoverInterruptedImports(t.database.db, t.database.dialect.name);
      expect(await memberCount()).toBe(before);
      const after = await t.app.inject({ url: `/api/imports/${done.id}`, headers: admin });
      expect(after.json()).toMatchObject({ status: 'failed' });
      expect(after.json().message).toMatch(/interrompida/);
    });
  });

  // Issue 22: a dry run kept the whole file's personal data for at least 31 days.
  describe('the rows kept (personal data)', () => {
    const rowsOf = async (importId: number) =>
      t.database.db
        .selectFrom('member_import_rows')
        .selectAll()
        .where('import_id', '=', importId)
        .orderBy('row_number')
        .execute();
    const view = async (importId: number) =>
      (await t.app.inject({ url: `/api/imports/${importId}`, headers: admin })).json() as Body;

    it("a dry run's rows go when the user analyses another file, and after a day", async () => {
      const first = await dryRun(
        csvText([
          ['Nome', 'CPF'],
          ['Zípora Midianita', cpfOf(90)],
        ]),
      );
      expect(await rowsOf(first.id)).toHaveLength(1);
      const second = await dryRun(csvText([['Nome'], ['Jetro Midianita'], ['Hobabe']]));
      expect(await rowsOf(first.id)).toEqual([]);
      expect(await view(first.id)).toMatchObject({ rows_cleared: true, rows: [] });
      expect(await rowsOf(second.id)).toHaveLength(2);
      // Another user's dry run is hers: untouched by the admin's next one.
      const hers = await dryRun(csvText([['Nome'], ['Séfora']]), {}, scoped);
      const third = await dryRun(csvText([['Nome'], ['Gérson']]));
      expect(await rowsOf(second.id)).toEqual([]);
      expect(await rowsOf(hers.id)).toHaveLength(1);
      // A day later, nobody's dry run is kept.
      await t.database.db
        .updateTable('member_imports')
        .set({ created_at: new Date(now().getTime() - 25 * 3_600_000).toISOString() })
        .where('id', 'in', [third.id, hers.id])
        .execute();
      expect(await purgeImportRows(t.database.db)).toBe(2);
      expect(await rowsOf(third.id)).toEqual([]);
      expect(await rowsOf(hers.id)).toEqual([]);
    });

    it('an import written keeps only what its undo needs; undone or failed, nothing', async () => {
      const debora = (await memberByName('Débora Juíza'))!;
      const done = await runImport(
        csvText([
          ['Nome', 'CPF', 'Profissão', 'Data de nascimento'],
          ['Abdias Servo', cpfOf(91), 'Mordomo', ''],
          ['Débora Juíza', formatCpf(debora.cpf!), 'Juíza e profetisa', ''],
          ['Linha Errada', '', '', '31/02/1990'],
        ]),
        { duplicate_action: 'update' },
      );
      expect(done).toMatchObject({ status: 'done', created_count: 1, updated_count: 1 });
      const kept = await rowsOf(done.id);
      expect(kept.map((row) => [row.row_number, row.outcome])).toEqual([
        [2, 'created'],
        [3, 'updated'],
      ]);
      for (const row of kept) {
        expect(row).toMatchObject({
          name: null,
          member_values: null,
          errors: null,
          key_cpf: null,
          key_email: null,
          key_phone: null,
          key_name: null,
          key_birth: null,
        });
        expect(row.member_id).not.toBeNull();
      }
      expect(JSON.stringify(kept)).not.toContain(cpfOf(91));
      const undo = await undoAs(done.id, admin);
      expect(undo.json()).toMatchObject({ status: 'undone', deleted: 1, restored: 1 });
      expect((await memberByName('Débora Juíza'))?.profession).toBe(debora.profession);
      expect(await rowsOf(done.id)).toEqual([]);

      applyHooks.afterBatch = () => {
        throw new Error('disk full');
      };
      const failed = await runImport(csvText([['Nome'], ['Acã de Carmi']]));
      expect(failed.status).toBe('failed');
      expect(await rowsOf(failed.id)).toEqual([]);
    });

    it('past the undo window the rows go, by the daily purge that one process claims', async () => {
      const done = await runImport(csvText([['Nome'], ['Matusalém Antigo']]));
      expect(await rowsOf(done.id)).toHaveLength(1);
      await t.database.db
        .updateTable('member_imports')
        .set({ finished_at: '2020-01-01T12:00:00.000Z' })
        .where('id', '=', done.id)
        .execute();
      const today = now().toISOString().slice(0, 10);
      const [first, second] = await Promise.all([
        dailyImportPurge(t.database.db, today),
        dailyImportPurge(t.database.db, today),
      ]);
      expect([first, second].filter((result) => result === null)).toHaveLength(1);
      expect(await rowsOf(done.id)).toEqual([]);
      expect(await dailyImportPurge(t.database.db, today)).toBeNull();
    });
  });

  describe('congregation scope', () => {
    it('a scoped secretary imports into her congregation only', async () => {
      const file = csvText([
        ['Nome', 'Congregação'],
        ['Lídia de Tiatira', ''],
        ['Priscila Romana', 'congregação vila beta'],
      ]);
      const body = await dryRun(file, { lookups: { congregations: {} } }, scoped);
      expect(body.rows[0].values?.congregation_id).toBe(c.A);
      expect(body.rows[0].errors).toEqual([]);
      expect(body.rows[1].errors).toEqual([
        {
          column: 'Congregação',
          message: `Você não tem acesso à congregação “Congregação Vila Beta”.`,
        },
      ]);
      const outside = await upload(t.app, scoped, Buffer.from(file), { congregation_id: c.B });
      expect(outside.statusCode).toBe(403);
      const mapped = await upload(t.app, scoped, Buffer.from(file), {
        lookups: { congregations: { 'Vila Beta': c.B } },
      });
      expect(mapped.statusCode).toBe(403);
      // The whole church's imports are not hers to see or undo.
      const wholeChurch = await dryRun(csvText([['Nome'], ['Tabita']]));
      const hidden = await t.app.inject({ url: `/api/imports/${wholeChurch.id}`, headers: scoped });
      expect(hidden.statusCode).toBe(404);
      const own = await t.app.inject({ url: `/api/imports/${body.id}`, headers: scoped });
      expect(own.statusCode).toBe(200);
    });

    describe("another congregation's member (issue 22)", () => {
      let rebeca = 0;
      const outside = { kind: '', member_id: null, member_name: null, row: null, outside: true };
      const rebecaFile = csvText([
        ['Nome', 'Data de nascimento', 'CPF', 'E-mail', 'Celular', 'Profissão', 'Congregação'],
        ['Rebeca Renomeada', '', formatCpf(cpfOf(70)), '', '', 'Espiã', 'Congregação Jardim Alfa'],
        ['Rebeca de Naor', '05/05/1975', '', '', '', 'Espiã', 'Congregação Jardim Alfa'],
        ['Rebeca Três', '', '', 'REBECA@naor.org', '', 'Espiã', 'Congregação Jardim Alfa'],
        ['Rebeca Quatro', '', '', '', '(11) 93333-4444', 'Espiã', 'Congregação Jardim Alfa'],
      ]);
      const stored = () =>
        t.database.db.selectFrom('members').selectAll().where('id', '=', rebeca).executeTakeFirst();
      beforeAll(async () => {
        rebeca = await newMember({
          name: 'Rebeca de Naor',
          birth_date: '1975-05-05',
          cpf: cpfOf(70),
          email: 'rebeca@naor.org',
          phone_mobile: '11933334444',
          profession: 'Pastora',
          congregation_id: c.B,
        });
      });

      it('is found by every key but never named: "já existe fora das suas congregações"', async () => {
        const body = await dryRun(rebecaFile, { duplicate_action: 'update' }, scoped);
        expect(body.rows.map((row) => [row.duplicate, row.action])).toEqual(
          ['cpf', 'name_birth', 'email', 'phone'].map((kind) => [{ ...outside, kind }, 'skip']),
        );
        expect(body.rows.every((row) => row.errors.length === 0)).toBe(true);
        expect(body.rows.map((row) => row.name)).toEqual([
          'Rebeca Renomeada',
          'Rebeca de Naor',
          'Rebeca Três',
          'Rebeca Quatro',
        ]);
        // Per-row choices cannot ask for an update either; "create" is refused for her CPF only.
        const create = await dryRun(
          rebecaFile,
          { duplicate_action: 'create', choices: { 3: 'update' } },
          scoped,
        );
        expect(create.rows.map((row) => row.action)).toEqual(['error', 'skip', 'create', 'create']);
        expect(create.rows[0].errors).toEqual([
          {
            column: 'CPF',
            message:
              'Já existe um membro com este CPF fora das suas congregações: esta linha não pode ser cadastrada.',
          },
        ]);
        expect(JSON.stringify([body, create])).not.toContain(`"member_id":${rebeca}`);
        // The whole church's admin sees who she is.
        const whole = await dryRun(rebecaFile, { duplicate_action: 'update' });
        expect(whole.rows[0].duplicate).toEqual({
          kind: 'cpf',
          member_id: rebeca,
          member_name: 'Rebeca de Naor',
          row: null,
          outside: false,
        });
      });

      it('is neither updated nor moved into her congregation by an import', async () => {
        const before = await stored();
        const done = await runImport(rebecaFile, { duplicate_action: 'update' }, scoped);
        expect(done).toMatchObject({ status: 'done', updated_count: 0, created_count: 0 });
        expect(await stored()).toEqual(before);
        expect(before).toMatchObject({ congregation_id: c.B, name: 'Rebeca de Naor' });
        const read = await t.app.inject({ url: `/api/members/${rebeca}`, headers: scoped });
        expect(read.statusCode).toBe(404);
      });

      it('a member moved out after the dry run is not named, updated or undone by the secretary', async () => {
        const moving = await runImport(
          csvText([
            ['Nome', 'CPF'],
            ['Moisés Levita', cpfOf(71)],
          ]),
          {},
          scoped,
        );
        expect(moving).toMatchObject({ status: 'done', created_count: 1 });
        const moises = (await memberByName('Moisés Levita'))!;
        const file = csvText([
          ['Nome', 'CPF', 'Profissão'],
          ['Moisés', cpfOf(71), 'Pastor'],
        ]);
        const checked = await dryRun(file, { duplicate_action: 'update' }, scoped);
        expect(checked.rows[0].duplicate).toMatchObject({ member_id: moises.id, outside: false });
        const move = await t.app.inject({
          method: 'PUT',
          url: `/api/members/${moises.id}`,
          headers: admin,
          payload: { congregation_id: c.B },
        });
        expect(move.statusCode, move.body).toBe(200);
        const later = await t.app.inject({ url: `/api/imports/${checked.id}`, headers: scoped });
        expect(later.json().rows[0].duplicate).toEqual({
          kind: 'cpf',
          member_id: null,
          member_name: null,
          row: null,
          outside: true,
        });
        // Her undo of the import that created him leaves him where he is now, unnamed.
        const undo = await undoAs(moving.id, scoped);
        expect(undo.json()).toMatchObject({
          status: 'partly_undone',
          deleted: 0,
          kept: [{ member_id: null, name: null, reason: 'está agora fora das suas congregações' }],
        });
        expect(await memberByName('Moisés Levita')).toMatchObject({ congregation_id: c.B });
      });
    });

    it('the default congregation chosen in the wizard files the rows without one', async () => {
      const body = await dryRun(csvText([['Nome'], ['Febe de Cencreia']]), {
        congregation_id: c.B,
      });
      expect(body.rows[0].values?.congregation_id).toBe(c.B);
    });
  });

  // Issue 22: three dry runs at once took /api/health to 10 s.
  describe('uploads at once', () => {
    // A file being read holds its user's one staging place (a unique index, so two requests
    // at once cannot both take it); here the first is a staging row another request holds.
    it('one file at a time per user: a second answers 409 while the first is read', async () => {
      const small = Buffer.from(csvText([['Nome'], ['Judá']]));
      const adminId = (
        await t.database.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', ADMIN.email)
          .executeTakeFirstOrThrow()
      ).id;
      const reading = (
        await t.database.db
          .insertInto('member_imports')
          .values({
            user_id: adminId,
            status: 'staging',
            dry_run: true,
            file_name: 'grande.csv',
            file_kind: 'csv',
            headers: '[]',
            mapping: '{}',
            options: '{}',
            scope: '[]',
            unknown: '{}',
            created_at: now().toISOString(),
            heartbeat_at: now().toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      for (const dry_run of [true, false]) {
        const second = await upload(t.app, admin, small, { dry_run });
        expect(second.statusCode, second.body).toBe(409);
        expect(second.json().message).toBe(
          'Já há uma planilha sua sendo analisada: espere ela terminar e tente de novo.',
        );
      }
      // Another user is not held up.
      expect((await upload(t.app, scoped, small, { dry_run: true })).statusCode).toBe(200);
      // The process reading it stopped (its heartbeat is two minutes old): it no longer blocks.
      await t.database.db
        .updateTable('member_imports')
        .set({ heartbeat_at: new Date(now().getTime() - 120_000).toISOString() })
        .where('id', '=', reading)
        .execute();
      const after = await upload(t.app, admin, small, { dry_run: true });
      expect(after.statusCode, after.body).toBe(200);
      const left = await t.database.db
        .selectFrom('member_imports')
        .select('id')
        .where('id', '=', reading)
        .executeTakeFirst();
      expect(left).toBeUndefined();
    });
  });

  // Last: after every import, update, undo and failed import above. On SQLite the import writes
  // the derived data of its new members in bulk with the triggers suspended (db/memberBulk.ts);
  // it must be exactly what the triggers keep.
  describe('derived data', () => {
    const checkDerived = async () => {
      const { db } = t.database;
      const members = await db
        .selectFrom('members')
        .select(['id', 'search', 'sort_name', 'congregation_id', 'status', 'birth_md'])
        .execute();
      const tally = (keys: string[]) => {
        const counts = new Map<string, number>();
        for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
        return [...counts].map(([key, n]) => `${key}|${n}`).sort();
      };
      // (member_counts, of 0011, is read by SQL only: it has no Kysely table type.)
      const counts = await sql<{ congregation_id: number; status: string; count: number }>`
        select congregation_id, status, count from member_counts where count <> 0`.execute(db);
      expect(
        counts.rows.map((r) => `${r.congregation_id}|${r.status}|${Number(r.count)}`).sort(),
      ).toEqual(tally(members.map((m) => `${m.congregation_id}|${m.status}`)));
      const birthdays = await db
        .selectFrom('member_birthdays')
        .selectAll()
        .where('count', '<>', 0)
        .execute();
      expect(
        birthdays.map((r) => `${r.birth_md}|${r.congregation_id}|${Number(r.count)}`).sort(),
      ).toEqual(
        tally(
          members
            .filter((m) => m.status === 'active' && m.birth_md !== null)
            .map((m) => `${m.birth_md}|${m.congregation_id}`),
        ),
      );
      const tokens = await db
        .selectFrom('member_tokens')
        .select(['token', 'member_id', 'sort_name', 'congregation_id'])
        .execute();
      const expected = members.flatMap((m) =>
        searchTokens(m.search).map(
          (token) => `${m.id}|${token}|${m.sort_name}|${m.congregation_id}`,
        ),
      );
      expect(
        tokens.map((r) => `${r.member_id}|${r.token}|${r.sort_name}|${r.congregation_id}`).sort(),
      ).toEqual(expected.sort());
      const vocabulary = new Set(
        (await db.selectFrom('search_tokens').select('token').execute()).map((r) => r.token),
      );
      expect(tokens.filter((r) => !vocabulary.has(r.token))).toEqual([]);
      if (!usingPostgres) {
        // FTS5 compares its index with the members table and fails on any difference.
        await sql`insert into members_fts (members_fts) values ('integrity-check')`.execute(db);
      }
      return members.length;
    };
    const search = async (q: string) => {
      const response = await t.app.inject({
        url: `/api/members?filter=${encodeURIComponent(JSON.stringify({ q }))}&range=${encodeURIComponent('[0,9]')}`,
        headers: admin,
      });
      expect(response.statusCode).toBe(200);
      return Number(String(response.headers['content-range']).split('/')[1]);
    };

    it('an import and its undo keep the counts, tokens, birthdays and full-text index exact', async () => {
      // Two batches of new members in three congregations, four situations, with and without
      // birth dates, with departments.
      const situations = ['Ativo', 'Inativo', 'Em disciplina', 'Falecido'];
      const congregations = ['', 'Congregação Jardim Alfa', 'Congregação Vila Beta'];
      const file = csvText([
        ['Nome', 'Data de nascimento', 'Situação', 'Congregação', 'Departamentos', 'E-mail'],
        ...Array.from({ length: 2500 }, (_, i) => [
          `Zaqueu Sicômoro ${i + 1}`,
          i % 4 === 3 ? '' : `${(i % 28) + 1}/${(i % 12) + 1}/19${50 + (i % 50)}`,
          situations[i % 4],
          congregations[i % 3],
          i % 3 === 0 && i % 2 === 0 ? 'Louvor e Adoração' : '',
          `zaqueu.${i + 1}@jerico.org`,
        ]),
      ]);
      const before = await checkDerived();
      const done = await runImport(file);
      expect(done).toMatchObject({ status: 'done', created_count: 2500 });
      expect(await checkDerived()).toBe(before + 2500);
      // (The list counts a word's members up to "mais de 100": 101.)
      expect(await search('sicomoro')).toBe(101);
      expect(await search('jerico')).toBe(101);
      const undo = await undoAs(done.id, admin);
      expect(undo.json()).toMatchObject({ status: 'undone', deleted: 2500 });
      expect(await checkDerived()).toBe(before);
      expect(await search('sicomoro')).toBe(0);
    });
  });
});

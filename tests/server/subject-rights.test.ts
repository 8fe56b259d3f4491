// Issue 13, the data subject's rights (LGPD art. 18). A member with everything Adam keeps — every
// field, custom fields, a photo, a department, a change of position and of congregation, cards
// (one on paper), letters (one on paper), a consent, a request, a donor record with incomes and
// a trail that holds their e-mail typed at a refused sign-in and their name typed in an export's
// filter — is exported whole (JSON and a PDF), only by those who may read the whole record, then
// anonymized by an admin: afterwards every column of every table of the database is searched for
// the old name, CPF, e-mail, phones, street, parents and the photo, and none is found, while the
// finance figures are the same to the centavo.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../domain/dates.js';
import { descriptionWords } from '../../domain/finance/statements.js';
import { formatCpf, formatPhone } from '../../domain/formats.js';
import { searchText } from '../../domain/search.js';
import { type Api, type Row, apiAs, categoryId, created, query } from '../support/finance.js';
import { csvText, upload, waitForImport } from '../support/imports.js';
import { databaseCellsHolding } from '../support/databaseCells.js';
import { flatPdfText } from '../support/pdf.js';
import { ADMIN, type SessionHeaders, type TestApp, createTestApp } from '../support/testApp.js';

/** A 1×1 PNG: the photo the PDF embeds and the JSON carries. */
const PHOTO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const PERSON = {
  name: 'Genoveva Quitéria Zanardelli',
  sex: 'F',
  birth_date: '1985-07-14',
  marital_status: 'married',
  spouse_name: 'Bartolomeu Anselmo Vasconcelos',
  cpf: '52998224725',
  rg: '33.444.555-6',
  email: 'genoveva.zanardelli@exemplo.org',
  phone_mobile: '11987654321',
  phone_home: '1133224455',
  zip_code: '01310100',
  street: 'Rua Ximenes Pacheco',
  number: '1234',
  complement: 'Apto 56',
  district: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
  birthplace: 'Piracicaba',
  father_name: 'Orestes Zanardelli Filho',
  mother_name: 'Clotilde Quitéria Bastos',
  profession: 'Arquiteta paisagista',
  status: 'active',
  admission_date: '2010-03-07',
  admission_type: 'baptism',
  origin_church: 'Igreja Batista do Bairro Alto',
  baptism_date: '2009-12-20',
  holy_spirit_baptism: true,
  notes: 'Canta no coral; prefere ser chamada de Veva Zanardelli.',
  photo: PHOTO,
  photo_thumb: PHOTO,
};
const NICKNAME = 'Veva Zanardelli';
const GUARDIAN = 'Rosalinda Guardiã Pereira';

/** Every value of the person that no column may hold after the anonymization. */
const PERSONAL_VALUES = [
  PERSON.name,
  searchText(PERSON.name),
  PERSON.cpf,
  formatCpf(PERSON.cpf),
  PERSON.email,
  PERSON.phone_mobile,
  formatPhone(PERSON.phone_mobile),
  PERSON.phone_home,
  formatPhone(PERSON.phone_home),
  PERSON.street,
  PERSON.mother_name,
  PERSON.father_name,
  PERSON.spouse_name,
  PERSON.rg,
  PERSON.birth_date,
  PERSON.birthplace,
  PERSON.origin_church,
  PERSON.profession,
  PERSON.notes,
  NICKNAME,
  PHOTO.slice(30, 90),
];

const MONTH = '2026-03';

describe("the data subject's rights: export and anonymization", () => {
  let t: TestApp;
  let api: Api;
  let admin: SessionHeaders;
  const ids: Record<string, number> = {};

  const lastAuditId = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirstOrThrow()
      ).id ?? 0,
    );

  const cellsHolding = (values: string[]) => databaseCellsHolding(t.database.db, values);

  /** The figures of the finance screens and reports: the same before and after. */
  async function financeFigures() {
    const get = async (url: string) => {
      const response = await api('GET', url);
      expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
      return response.json() as Row;
    };
    const accounts = (await get('/api/bank_accounts')) as Row[];
    const incomes = (await get(`/api/incomes?${query({ range: [0, 999] })}`)) as Row[];
    return {
      overview: await get(`/api/finance/overview?month=${MONTH}`),
      report: await get(
        `/api/reports/finance_by_congregation?${query({
          filter: { date_gte: '2026-01-01', date_lte: '2026-12-31' },
        })}`,
      ),
      dashboard: (await get('/api/dashboard')).finance,
      balances: accounts.map((account) => [account.id, account.balance_cents]),
      incomes: incomes.map((income) => [income.id, income.amount_cents, income.donor_id]),
    };
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signIn(ADMIN.email, ADMIN.password);
    api = apiAs(t, admin);
    await api('PUT', '/api/church', {
      name: 'Igreja Evangélica Boas Novas',
      dpo_name: 'Marcos Encarregado',
      dpo_email: 'dpo@boasnovas.org',
    });
    ids.north = (
      await created(api, '/api/congregations', { name: 'Congregação Norte', kind: 'congregacao' })
    ).id;
    ids.south = (
      await created(api, '/api/congregations', { name: 'Congregação Sul', kind: 'congregacao' })
    ).id;
    const positions = (await api('GET', '/api/positions')).json() as Row[];
    ids.member = positions.find((p) => p.name === 'Membro')!.id;
    ids.deacon = positions.find((p) => p.name === 'Diácono')!.id;
    ids.choir = (await created(api, '/api/departments', { name: 'Louvor' })).id;
    await created(api, '/api/custom_fields', { label: 'Apelido', field_type: 'text' });
    await created(api, '/api/custom_fields', { label: 'Data de conversão', field_type: 'date' });
    await created(api, '/api/custom_fields', { label: 'Voluntário', field_type: 'boolean' });

    const person = await created(api, '/api/members', {
      ...PERSON,
      position_id: ids.member,
      department_ids: [ids.choir],
      custom_fields: { apelido: NICKNAME, data_de_conversao: '2009-11-01', voluntario: true },
    });
    ids.person = person.id;
    // A change of position and a move to another congregation: their history is kept.
    expect(
      (await api('PUT', `/api/members/${ids.person}`, { position_id: ids.deacon })).statusCode,
    ).toBe(200);
    const move = await api('PUT', `/api/members/${ids.person}`, { congregation_id: ids.north });
    expect(move.statusCode, move.body).toBe(200);
    // Someone else of the family: their name and the shared surname stay.
    ids.relative = (
      await created(api, '/api/members', { name: 'Orlando Zanardelli', status: 'active' })
    ).id;

    ids.card = (await created(api, '/api/credentials', { member_id: ids.person })).id;
    await created(api, '/api/credentials/paper', {
      member_id: ids.person,
      number: 77,
      issued_on: '2015-02-01',
    });
    ids.letter = (
      await created(api, '/api/letters', {
        member_id: ids.person,
        letter_type: 'recommendation',
        destination_church: 'Igreja Irmã da Vila Rica',
        destination_city: 'Campinas/SP',
        notes: `Apresentamos a irmã ${PERSON.name}, nossa querida ${NICKNAME}.`,
      })
    ).id;
    await created(api, '/api/letters/paper', {
      member_id: ids.person,
      letter_type: 'recommendation',
      number: '12/2014',
      issued_on: '2014-06-01',
      destination_church: `Igreja onde ${PERSON.name} congregou`,
    });
    // The consent text existed since January (a consent is never dated before its text).
    await t.database.db
      .updateTable('consent_versions')
      .set({ created_at: '2026-01-01T10:00:00.000Z' })
      .execute();
    const consent = await api('POST', `/api/members/${ids.person}/consents`, {
      action: 'grant',
      channel: 'staff',
      at: '2026-01-10',
    });
    expect(consent.statusCode, consent.body).toBe(201);
    const request = await created(api, '/api/privacy_requests', {
      kind: 'access',
      member_id: ids.person,
      received_on: `${MONTH}-02`,
      holder_contact: PERSON.email,
    });
    ids.request = request.id;
    const answered = await api('PUT', `/api/privacy_requests/${ids.request}`, {
      status: 'answered',
      answered_on: `${MONTH}-05`,
      answer: `Dados enviados para ${PERSON.email} em PDF.`,
    });
    expect(answered.statusCode, answered.body).toBe(200);

    // A minor with a guardian's consent: the guardian's name goes with the minor's identity.
    ids.minor = (
      await created(api, '/api/members', {
        name: 'Tobias Menorzinho Albuquerque',
        birth_date: '2014-05-01',
        status: 'active',
      })
    ).id;
    const guarded = await api('POST', `/api/members/${ids.minor}/consents`, {
      action: 'grant',
      channel: 'staff',
      at: '2026-01-10',
      guardian_name: GUARDIAN,
    });
    expect(guarded.statusCode, guarded.body).toBe(201);

    // Finance: the member's donor record with two incomes, and another donor's.
    ids.account = (
      await created(api, '/api/bank_accounts', {
        name: 'Conta movimento',
        kind: 'checking',
        opening_balance_cents: 100_000,
        opening_date: '2026-01-01',
      })
    ).id;
    ids.tithes = await categoryId(api, 'Dízimos');
    ids.donor = (
      await created(api, '/api/donors', {
        name: PERSON.name,
        person_type: 'person',
        document: PERSON.cpf,
        email: PERSON.email,
        phone: PERSON.phone_mobile,
        street: PERSON.street,
        city: 'São Paulo',
        state: 'SP',
        member_id: ids.person,
        notes: `Dízimo mensal de ${NICKNAME}`,
      })
    ).id;
    ids.income = (
      await created(api, '/api/incomes', {
        category_id: ids.tithes,
        donor_id: ids.donor,
        amount_cents: 35_000,
        date: `${MONTH}-10`,
        bank_account_id: ids.account,
        payment_method: 'pix',
      })
    ).id;
    await created(api, '/api/incomes', {
      category_id: ids.tithes,
      donor_id: ids.donor,
      description: `Oferta missionária de ${PERSON.name}`,
      notes: `Recibo enviado para ${PERSON.email}`,
      amount_cents: 12_345,
      date: `${MONTH}-11`,
      bank_account_id: ids.account,
      payment_method: 'cash',
    });
    const other = await created(api, '/api/donors', {
      name: 'Doador Avulso',
      person_type: 'person',
    });
    await created(api, '/api/incomes', {
      category_id: ids.tithes,
      donor_id: other.id,
      amount_cents: 5_000,
      date: `${MONTH}-12`,
      bank_account_id: ids.account,
      payment_method: 'pix',
    });

    // The bank's statement: a line reconciled with the donor's income and another one, both in
    // the bank's words, and the category remembered for those words.
    const { db } = t.database;
    const statement = await db
      .insertInto('bank_statements')
      .values({
        bank_account_id: ids.account,
        line_count: 2,
        new_count: 2,
        created_at: `${MONTH}-15T12:00:00.000Z`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const income = (await api('GET', `/api/incomes/${ids.income}`)).json() as Row;
    const bankText = `PIX RECEBIDO ${searchText(PERSON.name).toUpperCase()}`;
    for (const [key, description, transaction] of [
      ['linha-1', bankText, income.transaction_id],
      ['linha-2', `${bankText} CPF ${formatCpf(PERSON.cpf)}`, null],
    ] as const) {
      await db
        .insertInto('statement_lines')
        .values({
          bank_account_id: ids.account,
          statement_id: statement.id,
          line_key: key,
          date: `${MONTH}-10`,
          amount_cents: 35_000,
          description,
          memo: `Pagador ${PERSON.email}`,
          words: descriptionWords(description),
          status: transaction ? 'reconciled' : 'new',
          transaction_id: transaction,
          created_at: `${MONTH}-15T12:00:00.000Z`,
        })
        .execute();
    }
    await db
      .insertInto('statement_categories')
      .values({
        kind: 'income',
        words: descriptionWords(bankText),
        category_id: ids.tithes,
        updated_at: `${MONTH}-15T12:00:00.000Z`,
      })
      .execute();

    // Traces in the trail: the e-mail typed at a refused sign-in, the name in an export's filter,
    // and the record opened.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign_in',
      payload: { email: PERSON.email, password: 'palpite-errado-1' },
    });
    expect(refused.statusCode).toBe(401);
    const exported = await api(
      'GET',
      `/api/members/export?${query({ filter: { q: PERSON.name } })}`,
    );
    expect(exported.statusCode).toBe(200);
    expect((await api('GET', `/api/members/${ids.person}`)).statusCode).toBe(200);
  });
  afterAll(() => t?.close());

  describe('the export', () => {
    it('holds every field, custom field, the photo and every record about the member (JSON)', async () => {
      const before = await lastAuditId();
      const response = await api('GET', `/api/members/${ids.person}/data_export`);
      expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="dados-do-titular-${ids.person}.json"`,
      );
      const data = response.json() as Row;

      expect(data.controller).toMatchObject({
        name: 'Igreja Evangélica Boas Novas',
        dpo_name: 'Marcos Encarregado',
        dpo_email: 'dpo@boasnovas.org',
      });
      expect(data.member).toMatchObject({
        ...Object.fromEntries(
          Object.entries(PERSON).filter(
            ([key]) => key !== 'photo_thumb' && key !== 'holy_spirit_baptism',
          ),
        ),
        holy_spirit_baptism: true,
        congregation_id: ids.north,
        congregation_name: 'Congregação Norte',
        position_id: ids.deacon,
        department_ids: [ids.choir],
        anonymized_at: null,
      });
      expect(data.member.photo).toBe(PHOTO);
      // Each field with its label and as the church writes it.
      const fields = Object.fromEntries(
        (data.sections as Row[]).flatMap((section) =>
          (section.fields as Row[]).map((field) => [field.label, field.text]),
        ),
      );
      expect(fields).toMatchObject({
        Nome: PERSON.name,
        CPF: '529.982.247-25',
        Celular: '(11) 98765-4321',
        'Data de nascimento': '14/07/1985',
        'Estado civil': 'Casada',
        Situação: 'Ativa',
        Cargo: 'Diácono',
        Congregação: 'Congregação Norte',
        Departamentos: 'Louvor',
        'Nome da mãe': PERSON.mother_name,
        'Igreja de origem': PERSON.origin_church,
        'Batizado com o Espírito Santo': 'Sim',
      });
      expect(
        (data.custom_fields as Row[]).map((field) => [field.label, field.value, field.text]),
      ).toEqual([
        ['Apelido', NICKNAME, NICKNAME],
        ['Data de conversão', '2009-11-01', '01/11/2009'],
        ['Voluntário', true, 'Sim'],
      ]);
      expect(data.departments.map((d: Row) => d.name)).toEqual(['Louvor']);
      expect(data.position).toMatchObject({ id: ids.deacon, name: 'Diácono' });
      expect(
        (data.position_history as Row[]).map((change) => [
          change.from_position,
          change.to_position,
        ]),
      ).toEqual([
        ['Membro', 'Diácono'],
        [null, 'Membro'],
      ]);
      expect(data.congregation).toEqual({ id: ids.north, name: 'Congregação Norte' });
      expect(data.congregation_moves).toHaveLength(1);
      expect(data.congregation_moves[0]).toMatchObject({
        to_congregation_name: 'Congregação Norte',
        user_name: 'Administrador',
      });
      expect(
        (data.credentials as Row[]).map((card) => [card.number, card.issued_on_paper, card.status]),
      ).toEqual(
        expect.arrayContaining([
          [77, true, 'revoked'],
          [expect.any(Number), false, 'active'],
        ]),
      );
      expect(data.credentials).toHaveLength(2);
      expect(JSON.stringify(data.credentials)).not.toContain('"code"');
      expect((data.letters as Row[]).map((letter) => letter.issued_on_paper).sort()).toEqual([
        false,
        true,
      ]);
      expect(data.letters.find((letter: Row) => !letter.issued_on_paper).notes).toContain(NICKNAME);
      expect(data.consents).toHaveLength(1);
      expect(data.consents[0]).toMatchObject({
        action: 'grant',
        action_label: 'Consentimento dado',
        channel_label: 'Secretaria',
        version: 1,
        recorded_by_name: 'Administrador',
      });
      expect(data.consents[0].text).toContain('Igreja Evangélica Boas Novas');
      expect(data.privacy_requests).toEqual([
        expect.objectContaining({
          id: ids.request,
          kind_label: 'Acesso aos dados',
          holder_name: PERSON.name,
          holder_contact: PERSON.email,
          status_label: 'Respondido',
        }),
      ]);
      expect(data.donors).toHaveLength(1);
      expect(data.donors[0]).toMatchObject({
        id: ids.donor,
        name: PERSON.name,
        document: PERSON.cpf,
        member_id: ids.person,
      });
      expect(
        (data.donors[0].incomes as Row[]).map((income) => [
          income.amount_cents,
          income.category_name,
        ]),
      ).toEqual([
        [12_345, 'Dízimos'],
        [35_000, 'Dízimos'],
      ]);
      // The trail about the member, newest first, in words.
      const trail = data.audit_entries as Row[];
      expect(trail.map((entry) => entry.action)).toEqual(
        expect.arrayContaining(['create', 'update', 'view', 'issue', 'record_paper', 'grant']),
      );
      expect(trail.every((entry) => Array.isArray(entry.description))).toBe(true);
      expect(trail.flatMap((entry) => entry.description)).toContain('Cargo: Membro → Diácono');
      expect(JSON.stringify(trail)).not.toMatch(/"ip"|"user_agent"/);

      // The export itself is in the trail: which file and how many records.
      const entries = await t.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('id', '>', before)
        .execute();
      expect(entries).toHaveLength(1);
      const rows =
        1 +
        data.departments.length +
        data.congregation_moves.length +
        data.credentials.length +
        data.letters.length +
        data.milestones.length +
        data.certificates.length +
        data.consents.length +
        data.privacy_requests.length +
        1 +
        data.donors[0].incomes.length +
        trail.length;
      expect(entries[0]).toMatchObject({
        action: 'export',
        resource: 'members',
        record_id: ids.person,
        member_id: ids.person,
        user_name: 'Administrador',
      });
      expect(JSON.parse(entries[0].details!)).toEqual({
        file: `dados-do-titular-${ids.person}.json`,
        rows,
      });
    });

    it('reads as a report in Portuguese with the church head and the photo (PDF)', async () => {
      const before = await lastAuditId();
      const response = await api('GET', `/api/members/${ids.person}/data_export?format=pdf`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toContain(
        `filename="dados-do-titular-${ids.person}.pdf"`,
      );
      // The photo is embedded.
      expect(response.rawPayload.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
      const text = await flatPdfText(response.rawPayload);
      for (const expected of [
        'Igreja Evangélica Boas Novas',
        'Dados do titular',
        'Encarregado: Marcos Encarregado (dpo@boasnovas.org)',
        PERSON.name,
        'CPF 529.982.247-25',
        'Nome da mãe Clotilde Quitéria Bastos',
        'Apelido Veva Zanardelli',
        'Data de conversão 01/11/2009',
        'Departamentos Louvor',
        'Histórico de cargos',
        'Congregação Norte',
        'Emitida antes do Adam',
        '12/2014',
        'Consentimento dado',
        'Acesso aos dados',
        'R$ 350,00',
        'R$ 123,45',
        'total de R$ 473,45',
        'Cargo: Membro » Diácono',
        'Registro de auditoria sobre o titular',
      ]) {
        expect(text, expected).toContain(expected);
      }
      const [entry] = await t.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('id', '>', before)
        .execute();
      expect(entry.action).toBe('export');
      expect(JSON.parse(entry.details!).file).toBe(`dados-do-titular-${ids.person}.pdf`);
      expect(
        (await api('GET', `/api/members/${ids.person}/data_export?format=xml`)).json(),
      ).toEqual({
        success: false,
        message: 'Formato inválido: use json ou pdf.',
      });
    });

    it('is for secretary access inside the user’s congregations only', async () => {
      const exportAs = async (session: SessionHeaders) =>
        (await t.app.inject({ url: `/api/members/${ids.person}/data_export`, headers: session }))
          .statusCode;
      const treasurer = await t.userWithRoles(['financial']);
      const noRole = await t.userWithRoles([]);
      const secretary = await t.userWithRoles(['secretary']);
      const scoped = async (congregation: number, roles: Array<'secretary' | 'admin'>) => {
        const user = await t.userWithRoles(roles);
        await t.database.db
          .updateTable('users')
          .set({ congregation_ids: JSON.stringify([congregation]) })
          .where('id', '=', user.id)
          .execute();
        return user;
      };
      expect(await exportAs(treasurer)).toBe(403);
      expect(await exportAs(noRole)).toBe(403);
      expect(await exportAs(secretary)).toBe(200);
      expect(await exportAs(await scoped(ids.north, ['secretary']))).toBe(200);
      // Another congregation's secretary: the member does not exist for them.
      const elsewhere = await scoped(ids.south, ['secretary']);
      expect(await exportAs(elsewhere)).toBe(404);
      expect(
        (await t.app.inject({ url: '/api/members/999999/data_export', headers: secretary }))
          .statusCode,
      ).toBe(404);

      // Anonymizing: admins only, inside their congregations.
      const anonymizeAs = async (session: SessionHeaders) =>
        t.app.inject({
          method: 'POST',
          url: `/api/members/${ids.person}/anonymize`,
          headers: session,
          payload: { confirmation: PERSON.name },
        });
      for (const session of [treasurer, noRole, secretary]) {
        expect((await anonymizeAs(session)).statusCode).toBe(403);
      }
      const otherAdmin = await anonymizeAs(await scoped(ids.south, ['admin']));
      expect(otherAdmin.statusCode).toBe(403);
      expect(otherAdmin.json().message).toBe('Você não tem acesso a esta congregação.');
      const member = (await api('GET', `/api/members/${ids.person}`)).json() as Row;
      expect(member.name).toBe(PERSON.name);
    });
  });

  describe('the anonymization', () => {
    let figures: Awaited<ReturnType<typeof financeFigures>>;

    beforeAll(async () => {
      figures = await financeFigures();
      // The month of the person's gifts is closed (issue 27): the anonymization still cleans
      // their texts — the person's right — and no figure of the closed books changes.
      const close = await api('POST', `/api/finance/periods/${MONTH}/close`, {
        approved_on: '2026-04-15',
        approvers: 'Conselho fiscal',
        opinion: 'Contas aprovadas.',
      });
      expect(close.statusCode).toBe(200);
    });

    it('finds the personal values where they are before (the search below can fail)', async () => {
      const found = await cellsHolding(PERSONAL_VALUES);
      expect(found).toEqual(
        expect.arrayContaining([
          `members.name: ${PERSON.name}`,
          `members.search: ${searchText(PERSON.name)}`,
          `members.cpf: ${PERSON.cpf}`,
          `members.photo: ${PHOTO.slice(30, 90)}`,
          `members.custom_fields: ${NICKNAME}`,
          `donors.document: ${PERSON.cpf}`,
          `incomes.notes: ${PERSON.email}`,
          `transactions.description: ${PERSON.name}`,
          `letters.notes: ${PERSON.name}`,
          `letters.destination_church: ${PERSON.name}`,
          `privacy_requests.holder_contact: ${PERSON.email}`,
          `privacy_requests.answer: ${PERSON.email}`,
          `audit_log.changes: ${PERSON.cpf}`,
          `audit_log.changes: ${PERSON.mother_name}`,
          `audit_log.details: ${PERSON.email}`,
          `audit_log.details: ${PERSON.name}`,
          `statement_lines.description: ${searchText(PERSON.name)}`,
          `statement_lines.description: ${formatCpf(PERSON.cpf)}`,
          `statement_lines.memo: ${PERSON.email}`,
          `statement_lines.words: ${searchText(PERSON.name)}`,
          `statement_categories.words: ${searchText(PERSON.name)}`,
        ]),
      );
      const words = await t.database.db
        .selectFrom('search_tokens')
        .select('token')
        .where('token', 'in', ['genoveva', 'quiteria'])
        .execute();
      expect(words).toHaveLength(2);
    });

    it('asks for the name as it is stored (422 in Portuguese) and finds no one missing (404)', async () => {
      for (const confirmation of [
        'genoveva quitéria zanardelli',
        'Genoveva Quiteria Zanardelli',
        'Genoveva Zanardelli',
        '',
        42,
        undefined,
      ]) {
        const response = await api('POST', `/api/members/${ids.person}/anonymize`, {
          confirmation,
        });
        expect(response.statusCode, String(confirmation)).toBe(422);
        expect(response.json().errors).toEqual({
          confirmation:
            'Digite o nome do membro exatamente como está no cadastro (maiúsculas e acentos contam) para confirmar.',
        });
      }
      expect(
        (await api('POST', '/api/members/999999/anonymize', { confirmation: PERSON.name }))
          .statusCode,
      ).toBe(404);
      expect(((await api('GET', `/api/members/${ids.person}`)).json() as Row).cpf).toBe(PERSON.cpf);
    });

    it('erases the identity, keeps the statistics and the books, and is logged', async () => {
      const before = await lastAuditId();
      const response = await api('POST', `/api/members/${ids.person}/anonymize`, {
        // Spaces around and between the words do not count.
        confirmation: '  Genoveva   Quitéria Zanardelli ',
      });
      expect(response.statusCode, response.body).toBe(200);
      const member = response.json() as Row;
      expect(member).toMatchObject({
        id: ids.person,
        name: 'Titular anonimizado nº 1',
        cpf: null,
        rg: null,
        email: null,
        phone_mobile: null,
        phone_home: null,
        photo: null,
        photo_thumb: null,
        has_photo: false,
        birth_date: null,
        street: null,
        city: null,
        mother_name: null,
        father_name: null,
        spouse_name: null,
        birthplace: null,
        profession: null,
        notes: null,
        origin_church: null,
        custom_fields: {},
        // What the statistics need stays.
        sex: 'F',
        marital_status: 'married',
        status: 'active',
        position_id: ids.deacon,
        congregation_id: ids.north,
        department_ids: [ids.choir],
        admission_date: PERSON.admission_date,
        baptism_date: PERSON.baptism_date,
        holy_spirit_baptism: true,
        credential_expires_on: null,
      });
      expect(member.anonymized_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);

      // One entry, with the fields that held a value and no value.
      const entries = await t.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('id', '>', before)
        .execute();
      expect(entries.map((entry) => [entry.action, entry.resource, entry.member_id])).toEqual([
        ['anonymize', 'members', ids.person],
      ]);
      const changes = JSON.parse(entries[0].changes);
      expect(changes.name).toEqual(['[anonimizado]', 'Titular anonimizado nº 1']);
      expect(changes.cpf).toEqual(['[anonimizado]', null]);
      expect(changes.photo).toEqual(['image:[anonimizado]', null]);
      expect(changes['custom_fields.apelido']).toEqual(['[anonimizado]', null]);
      expect(JSON.parse(entries[0].details!)).toMatchObject({
        credentials_revoked: 1,
        letters: 2,
        consents: 1,
        privacy_requests: 1,
        donors: 1,
      });

      // Cards revoked, letters' numbers kept, the consent a fact, the request still about it.
      const cards = (
        await api('GET', `/api/credentials?${query({ filter: { member_id: ids.person } })}`)
      ).json() as Row[];
      expect(cards.map((card) => card.status)).toEqual(['revoked', 'revoked']);
      const letters = (
        await api('GET', `/api/letters?${query({ filter: { member_id: ids.person } })}`)
      ).json() as Row[];
      expect(letters.map((letter) => letter.number_text).sort()).toEqual(
        [`1/${todayIso().slice(0, 4)}`, '12/2014'].sort(),
      );
      expect(letters.every((letter) => letter.notes === null)).toBe(true);
      expect(letters.map((letter) => letter.destination_church).sort()).toEqual(
        ['Igreja Irmã da Vila Rica', 'Igreja onde [anonimizado] congregou'].sort(),
      );
      const consents = (await api('GET', `/api/members/${ids.person}/consents`)).json() as Row[];
      expect(consents).toEqual([
        expect.objectContaining({ action: 'grant', version: 1, channel: 'staff' }),
      ]);
      const request = (await api('GET', `/api/privacy_requests/${ids.request}`)).json() as Row;
      expect(request).toMatchObject({
        member_id: ids.person,
        holder_name: 'Titular anonimizado nº 1',
        holder_contact: null,
        answer: 'Dados enviados para [anonimizado] em PDF.',
        status: 'answered',
      });
      // The donor record: unlinked, anonymized with its own number; the incomes stay its own.
      const donor = (await api('GET', `/api/donors/${ids.donor}`)).json() as Row;
      expect(donor).toMatchObject({
        name: 'Contribuinte anonimizado nº 1',
        member_id: null,
        document: null,
        email: null,
        phone: null,
        street: null,
        notes: null,
      });
      const statement = (await api('GET', `/api/incomes/${ids.income}`)).json() as Row;
      const movement = (
        await api('GET', `/api/transactions/${statement.transaction_id}`)
      ).json() as Row;
      expect(movement.description).toBe('Dízimos – Contribuinte anonimizado nº 1');
    });

    it('leaves no personal value of the member in any column of any table', async () => {
      expect(await cellsHolding(PERSONAL_VALUES)).toEqual([]);
      // The search finds the member by the new name only; the words only they had are gone from
      // the word index's vocabulary, the family's surname stays (another member has it).
      const search = async (q: string) =>
        ((await api('GET', `/api/members?${query({ filter: { q } })}`)).json() as Row[]).map(
          (row) => row.id,
        );
      expect(await search('Genoveva')).toEqual([]);
      expect(await search(PERSON.cpf)).toEqual([]);
      expect(await search('Titular anonimizado')).toEqual([ids.person]);
      expect(await search('Zanardelli')).toEqual([ids.relative]);
      const words = await t.database.db
        .selectFrom('search_tokens')
        .select('token')
        .where('token', 'in', ['genoveva', 'quiteria', 'zanardelli'])
        .execute();
      expect(words.map((row) => row.token)).toEqual(['zanardelli']);
      // Someone with the same surname is untouched.
      expect(((await api('GET', `/api/members/${ids.relative}`)).json() as Row).name).toBe(
        'Orlando Zanardelli',
      );
      // The birthday counts no longer count the member.
      const birthdays = await t.database.db
        .selectFrom('member_birthdays')
        .select((eb) => eb.fn.sum<number>('count').as('count'))
        .where('birth_md', '=', 714)
        .executeTakeFirst();
      expect(Number(birthdays?.count ?? 0)).toBe(0);
    });

    it('keeps every finance figure to the centavo', async () => {
      expect(await financeFigures()).toEqual(figures);
    });

    it('is done once (409), and the record takes no personal data back', async () => {
      const again = await api('POST', `/api/members/${ids.person}/anonymize`, {
        confirmation: 'Titular anonimizado nº 1',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('Este titular já foi anonimizado.');
      const locked =
        'Este titular foi anonimizado: o cadastro não recebe mais dados pessoais, credenciais, cartas nem consentimentos.';
      const edit = await api('PUT', `/api/members/${ids.person}`, { cpf: PERSON.cpf });
      expect([edit.statusCode, edit.json().message]).toEqual([409, locked]);
      const card = await api('POST', '/api/credentials', { member_id: ids.person });
      expect([card.statusCode, card.json().errors]).toEqual([422, { member_id: locked }]);
      const letter = await api('POST', '/api/letters', {
        member_id: ids.person,
        letter_type: 'recommendation',
        destination_church: 'Igreja Irmã',
        destination_city: 'Campinas/SP',
      });
      expect([letter.statusCode, letter.json().errors]).toEqual([422, { member_id: locked }]);
      // The consent text existed since January (a consent is never dated before its text).
      await t.database.db
        .updateTable('consent_versions')
        .set({ created_at: '2026-01-01T10:00:00.000Z' })
        .execute();
      const consent = await api('POST', `/api/members/${ids.person}/consents`, {
        action: 'revoke',
        channel: 'staff',
      });
      expect([consent.statusCode, consent.json().message]).toEqual([409, locked]);
      const print = await api('GET', `/api/letters/${ids.letter}/pdf`);
      expect(print.statusCode).toBe(409);
      // The export still answers: what is left, and that it was anonymized.
      const data = (await api('GET', `/api/members/${ids.person}/data_export`)).json() as Row;
      expect(data.member.name).toBe('Titular anonimizado nº 1');
      expect(data.donors).toEqual([]);
      const pdf = await api('GET', `/api/members/${ids.person}/data_export?format=pdf`);
      expect(await flatPdfText(pdf.rawPayload)).toContain('Titular anonimizado em');
    });

    it("erases a minor's guardian from the consents and numbers the next one after", async () => {
      const response = await api('POST', `/api/members/${ids.minor}/anonymize`, {
        confirmation: 'Tobias Menorzinho Albuquerque',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().name).toBe('Titular anonimizado nº 2');
      const consents = (await api('GET', `/api/members/${ids.minor}/consents`)).json() as Row[];
      expect(consents).toEqual([expect.objectContaining({ action: 'grant', guardian_name: null })]);
      expect(await cellsHolding([GUARDIAN, 'Tobias Menorzinho Albuquerque'])).toEqual([]);
    });

    it('leaves nothing of an imported member in the import that brought it', async () => {
      const NAME = 'Quitéria Importada Valadares';
      const file = csvText([
        ['Nome', 'CPF', 'E-mail', 'Celular', 'Nome da mãe'],
        [
          NAME,
          '111.444.777-35',
          'quiteria.importada@exemplo.org',
          '(21) 98888-1234',
          'Zenaide Valadares',
        ],
      ]);
      const started = await upload(t.app, admin, Buffer.from(file), { dry_run: false });
      expect(started.statusCode, started.body).toBe(202);
      const done = await waitForImport(t.app, admin, started.json().id as number);
      expect(done).toMatchObject({ status: 'done', created_count: 1 });
      const [member] = (
        await api('GET', `/api/members?${query({ filter: { q: 'Quitéria' } })}`)
      ).json() as Row[];
      const values = [
        NAME,
        '11144477735',
        'quiteria.importada@exemplo.org',
        '21988881234',
        'Zenaide Valadares',
      ];
      // Before: the member holds them (the search below can fail); the import's rows no longer
      // do, once it is written (issue 22: only what its undo needs is kept).
      const before = await cellsHolding(values);
      expect(before.some((cell) => cell.startsWith('members.'))).toBe(true);
      expect(before.filter((cell) => cell.startsWith('member_import_rows.'))).toEqual([]);
      const response = await api('POST', `/api/members/${member.id}/anonymize`, {
        confirmation: NAME,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(await cellsHolding(values)).toEqual([]);
    });
  });
});

// Famílias (issue 28): a household created from a member, members and relatives who are no members
// added with their relations, a member already in another household refused (and moved on
// request), the shared address inherited and overridden, the congregation scope, the ficha, the
// children by age, anonymization and the data export — on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addYears, todayIso } from '../../domain/dates.js';
import { type Api, type Row, apiAs, query } from '../support/finance.js';
import { pdfText } from '../support/pdf.js';
import { churchLifeApp, newCongregation, newMember } from '../support/churchLife.js';
import { cpfOf, csvText, upload, waitForImport } from '../support/imports.js';
import { ADMIN, type TestApp } from '../support/testApp.js';

const HOME = {
  zip_code: '13010000',
  street: 'Rua das Flores',
  number: '100',
  complement: null,
  district: 'Centro',
  city: 'Campinas',
  state: 'SP',
};
const NEW_HOME = {
  zip_code: '13020000',
  street: 'Avenida Brasil',
  number: '2000',
  city: 'Campinas',
};
/** A birth date `years` and a few days ago. */
const bornYearsAgo = (years: number) => addYears(todayIso(), -years).replace(/-(\d\d)$/, '-01');

describe('families: households, relations, shared address, scope', { tags: ['dates'] }, () => {
  let t: TestApp;
  let admin: Api;
  let scoped: Api;
  const ids: Record<string, number> = {};
  const person = (family: Row, name: string): Row =>
    family.people.find((row: Row) => row.name === name);
  const address = async (memberId: number) => {
    const member = (await admin('GET', `/api/members/${memberId}`)).json();
    return { street: member.street, number: member.number, zip_code: member.zip_code };
  };

  beforeAll(async () => {
    ({ t, admin } = await churchLifeApp());
    ids.A = await newCongregation(admin, 'Congregação Betel');
    ids.B = await newCongregation(admin, 'Congregação Siloé');
    ids.ana = await newMember(admin, 'Ana Souza', ids.A, {
      ...HOME,
      sex: 'F',
      marital_status: 'married',
      phone_mobile: '19988887777',
      birth_date: '1988-03-04',
    });
    ids.joao = await newMember(admin, 'João Souza', ids.A, {
      sex: 'M',
      phone_mobile: '19977776666',
      spouse_name: 'Ana Souza',
    });
    ids.lia = await newMember(admin, 'Lia Souza', ids.A, { sex: 'F', birth_date: bornYearsAgo(9) });
    ids.rui = await newMember(admin, 'Rui Lima', ids.A, { street: 'Rua Própria', number: '7' });
    ids.beto = await newMember(admin, 'Beto Siloé', ids.B, { sex: 'M' });
    const user = await t.userWithRoles(['secretary'], 'Secretária Betel', [ids.A]);
    scoped = apiAs(t, user);
  });
  afterAll(() => t?.close());

  it('creates a household from a member, with the member’s address and congregation', async () => {
    const response = await scoped('POST', '/api/families', { member_id: ids.ana });
    expect(response.statusCode, response.body).toBe(201);
    const family = response.json();
    ids.family = family.id;
    expect(family).toMatchObject({
      name: 'Família Souza',
      congregation_id: ids.A,
      street: 'Rua das Flores',
      zip_code: '13010000',
    });
    expect(family.people).toHaveLength(1);
    expect(person(family, 'Ana Souza')).toMatchObject({
      member_id: ids.ana,
      relation: 'spouse',
      relation_text: 'Cônjuge',
      uses_family_address: true,
      age: expect.any(Number),
    });
    ids.anaPerson = person(family, 'Ana Souza').id;
    // A member belongs to at most one household.
    const again = await scoped('POST', '/api/families', { member_id: ids.ana });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('Ana Souza já pertence à Família Souza');
  });

  it('adds members and relatives who are no members with their relations; no head', async () => {
    let response = await scoped('POST', `/api/families/${ids.family}/people`, {
      member_id: ids.joao,
      relation: 'spouse',
      relative_id: ids.anaPerson,
    });
    expect(response.statusCode, response.body).toBe(201);
    // The spouse inherits the household's address (written into the member's own columns).
    expect(await address(ids.joao)).toEqual({
      street: 'Rua das Flores',
      number: '100',
      zip_code: '13010000',
    });
    response = await scoped('POST', `/api/families/${ids.family}/people`, {
      name: 'Pedro Souza',
      birth_date: bornYearsAgo(4),
      sex: 'M',
      relation: 'child',
      relative_id: ids.anaPerson,
    });
    expect(response.statusCode, response.body).toBe(201);
    response = await scoped('POST', `/api/families/${ids.family}/people`, {
      member_id: ids.lia,
      relation: 'child',
      relative_id: ids.anaPerson,
    });
    expect(response.statusCode, response.body).toBe(201);
    response = await scoped('POST', `/api/families/${ids.family}/people`, {
      name: 'Marta Lima',
      phone: '(19) 3232-1000',
      relation: 'spouse',
    });
    expect(response.statusCode, response.body).toBe(201);
    const family = response.json();
    expect(family.people.map((row: Row) => row.name)).toEqual([
      'Ana Souza',
      'João Souza',
      'Pedro Souza',
      'Lia Souza',
      'Marta Lima',
    ]);
    expect(person(family, 'Pedro Souza')).toMatchObject({
      member_id: null,
      relation_text: 'Filho de Ana Souza',
      age: 4,
      status: null,
    });
    expect(person(family, 'Lia Souza').relation_text).toBe('Filha de Ana Souza');
    expect(person(family, 'Marta Lima')).toMatchObject({ phone: '1932321000', age: null });
    ids.pedro = person(family, 'Pedro Souza').id;
    ids.marta = person(family, 'Marta Lima').id;
    ids.joaoPerson = person(family, 'João Souza').id;
    // The member page's section reads the same household.
    const own = (await scoped('GET', `/api/members/${ids.lia}/family`)).json();
    expect(own.family.id).toBe(ids.family);
    expect(own.person_id).toBe(person(family, 'Lia Souza').id);
    expect((await scoped('GET', `/api/members/${ids.rui}/family`)).json()).toEqual({
      person_id: null,
      family: null,
    });
  });

  it('refuses bad input with a Portuguese 4xx and writes nothing', async () => {
    const before = (await admin('GET', `/api/families/${ids.family}`)).json().people.length;
    const cases: Array<[unknown, number, string]> = [
      [{ relation: 'child' }, 422, 'Informe o nome.'],
      [{ name: 'Zé', relation: 'tio' }, 422, 'Escolha o parentesco.'],
      [
        { name: 'Zé', relation: 'child', birth_date: '2999-01-01' },
        422,
        'não pode estar no futuro',
      ],
      [{ name: 'Zé', relation: 'child', birth_date: '31/02/2020' }, 422, 'Data inválida'],
      [{ name: 'Zé', relation: 'child', phone: '123' }, 422, 'Telefone inválido'],
      [
        { name: 'Zé', relation: 'child', relative_id: 999999 },
        422,
        'Escolha uma pessoa desta família.',
      ],
      [{ member_id: 999999, relation: 'child' }, 422, 'Membro não encontrado.'],
      [{ member_id: ids.lia, relation: 'child' }, 409, 'Lia Souza já está nesta família.'],
      [[1, 2], 422, 'Envie um objeto JSON.'],
    ];
    for (const [body, status, message] of cases) {
      const response = await scoped('POST', `/api/families/${ids.family}/people`, body);
      expect(response.statusCode, JSON.stringify(body) + response.body).toBe(status);
      expect(JSON.stringify(response.json())).toContain(message);
    }
    expect((await scoped('PUT', `/api/families/${ids.family}`, { name: '' })).statusCode).toBe(422);
    expect(
      (await scoped('PUT', `/api/families/${ids.family}`, { zip_code: '123' })).json().errors,
    ).toMatchObject({ zip_code: 'CEP inválido: informe os 8 dígitos.' });
    // A member's own data change on the member's record; a relative follows no address.
    expect(
      (await scoped('PUT', `/api/family_people/${ids.joaoPerson}`, { name: 'Outro' })).statusCode,
    ).toBe(422);
    expect(
      (await scoped('PUT', `/api/family_people/${ids.pedro}`, { uses_family_address: true }))
        .statusCode,
    ).toBe(422);
    expect(
      (await scoped('PUT', `/api/family_people/${ids.pedro}`, { relative_id: ids.pedro }))
        .statusCode,
    ).toBe(422);
    expect((await scoped('GET', '/api/families/999999')).statusCode).toBe(404);
    expect((await admin('GET', `/api/families/${ids.family}`)).json().people).toHaveLength(before);
  });

  it('edits relations and a relative’s data', async () => {
    const response = await scoped('PUT', `/api/family_people/${ids.pedro}`, {
      relation: 'stepchild',
      relative_id: ids.joaoPerson,
      name: 'Pedro Souza Lima',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(person(response.json(), 'Pedro Souza Lima').relation_text).toBe('Enteado de João Souza');
  });

  it('rewrites the household’s address into each inheriting member, not into one who overrides', async () => {
    // Rui keeps his own address: added with uses_family_address false.
    const added = await scoped('POST', `/api/families/${ids.family}/people`, {
      member_id: ids.rui,
      relation: 'other',
      uses_family_address: false,
    });
    expect(added.statusCode, added.body).toBe(201);
    // João edits his own address on his record: an override from then on.
    const edit = await scoped('PUT', `/api/members/${ids.joao}`, { street: 'Rua do João' });
    expect(edit.statusCode, edit.body).toBe(200);
    const response = await scoped('PUT', `/api/families/${ids.family}`, NEW_HOME);
    expect(response.statusCode, response.body).toBe(200);
    const family = response.json();
    expect(person(family, 'João Souza').uses_family_address).toBe(false);
    expect(person(family, 'Ana Souza').uses_family_address).toBe(true);
    for (const member of [ids.ana, ids.lia]) {
      expect(await address(member)).toEqual({
        street: 'Avenida Brasil',
        number: '2000',
        zip_code: '13020000',
      });
    }
    expect((await address(ids.joao)).street).toBe('Rua do João');
    expect(await address(ids.rui)).toEqual({ street: 'Rua Própria', number: '7', zip_code: null });
    // The member list's filters read the same columns.
    const list = await admin(
      'GET',
      `/api/members?${query({ filter: { congregation_id: ids.A, q: 'Souza' } })}`,
    );
    const streets = Object.fromEntries(list.json().map((row: Row) => [row.name, row.street]));
    expect(streets['Ana Souza'] ?? 'Avenida Brasil').toBe('Avenida Brasil');
    // Each rewrite is in the member's trail.
    const trail = await t.database.db
      .selectFrom('audit_log')
      .select(['resource', 'record_id', 'changes'])
      .where('resource', '=', 'members')
      .where('record_id', '=', ids.lia)
      .where('action', '=', 'update')
      .execute();
    expect(trail.some((row) => row.changes.includes('Avenida Brasil'))).toBe(true);
    // João follows the family again on request: the family's address is his at once.
    const back = await scoped('PUT', `/api/family_people/${ids.joaoPerson}`, {
      uses_family_address: true,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((await address(ids.joao)).street).toBe('Avenida Brasil');
  });

  it('takes an address a spreadsheet import changes as the member’s own', async () => {
    const cpf = cpfOf(7);
    const davi = await newMember(admin, 'Davi Souza', ids.A, { cpf });
    const added = await admin('POST', `/api/families/${ids.family}/people`, {
      member_id: davi,
      relation: 'child',
      relative_id: ids.anaPerson,
    });
    expect(added.statusCode, added.body).toBe(201);
    const session = await t.signIn(ADMIN.email, ADMIN.password);
    const file = csvText([
      ['Nome', 'CPF', 'Logradouro', 'Número'],
      ['Davi Souza', cpf, 'Rua do Davi', '9'],
    ]);
    const response = await upload(t.app, session, Buffer.from(file), {
      dry_run: false,
      duplicate_action: 'update',
      congregation_id: ids.A,
    });
    expect(response.statusCode, response.body).toBe(202);
    expect(await waitForImport(t.app, session, response.json().id)).toMatchObject({
      updated_count: 1,
    });
    const family = (await admin('GET', `/api/families/${ids.family}`)).json();
    const person = family.people.find((row: Row) => row.member_id === davi);
    expect(person.uses_family_address).toBe(false);
    expect((await address(davi)).street).toBe('Rua do Davi');
    // The family's next address leaves his alone.
    await admin('PUT', `/api/families/${ids.family}`, { complement: 'Casa 2' });
    expect((await address(davi)).street).toBe('Rua do Davi');
    expect((await admin('DELETE', `/api/family_people/${person.id}`)).statusCode).toBe(200);
  });

  it('keeps each congregation’s households to its users', async () => {
    const other = await admin('POST', '/api/families', {
      member_id: ids.beto,
      name: 'Família Siloé',
    });
    expect(other.statusCode, other.body).toBe(201);
    ids.familyB = other.json().id;
    // B is out of the secretary's rights: not read (404), not changed nor linked (403).
    expect((await scoped('GET', `/api/families/${ids.familyB}`)).statusCode).toBe(404);
    expect((await scoped('GET', `/api/families/${ids.familyB}/ficha.pdf`)).statusCode).toBe(404);
    expect((await scoped('GET', `/api/members/${ids.beto}/family`)).statusCode).toBe(404);
    expect(
      (await scoped('PUT', `/api/families/${ids.familyB}`, { name: 'Outra' })).statusCode,
    ).toBe(403);
    expect(
      (
        await scoped('POST', `/api/families/${ids.familyB}/people`, {
          name: 'X',
          relation: 'other',
        })
      ).statusCode,
    ).toBe(403);
    expect((await scoped('POST', '/api/families', { member_id: ids.beto })).statusCode).toBe(403);
    // The list: the secretary's households only, even when asking for B's; the admin's, both.
    const listed = async (call: Api, filter: Record<string, unknown> = {}) =>
      (await call('GET', `/api/families?filter=${encodeURIComponent(JSON.stringify(filter))}`))
        .json()
        .map((row: { id: number }) => row.id);
    expect(await listed(scoped)).toEqual([ids.family]);
    expect(await listed(scoped, { congregation_id: ids.B })).toEqual([]);
    expect(await listed(scoped, { id: [ids.familyB] })).toEqual([]);
    expect((await listed(admin)).sort()).toEqual([ids.family, ids.familyB].sort());
    expect(await listed(admin, { q: 'siloé' })).toEqual([ids.familyB]);
    const link = await scoped('POST', `/api/families/${ids.family}/people`, {
      member_id: ids.beto,
      relation: 'sibling',
      move: true,
    });
    expect(link.statusCode).toBe(403);
    // An admin moves Beto, explicitly: into A's household, out of his own.
    const refused = await admin('POST', `/api/families/${ids.family}/people`, {
      member_id: ids.beto,
      relation: 'sibling',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('Beto Siloé já pertence à Família Siloé');
    const moved = await admin('POST', `/api/families/${ids.family}/people`, {
      member_id: ids.beto,
      relation: 'sibling',
      move: true,
      uses_family_address: false,
    });
    expect(moved.statusCode, moved.body).toBe(201);
    // His household, left with nobody, is gone.
    expect((await admin('GET', `/api/families/${ids.familyB}`)).statusCode).toBe(404);
    expect((await admin('GET', `/api/members/${ids.beto}/family`)).json().family.id).toBe(
      ids.family,
    );
    // The secretary of A reads the household without the member of B's personal data.
    const seen = (await scoped('GET', `/api/families/${ids.family}`)).json();
    const hidden = seen.people.find((row: Row) => row.member_id === ids.beto);
    expect(hidden).toMatchObject({
      name: 'Membro de outra congregação',
      phone: null,
      hidden: true,
    });
    expect(JSON.stringify(seen)).not.toContain('Beto');
    // …nor may she take him out.
    expect((await scoped('DELETE', `/api/family_people/${hidden.id}`)).statusCode).toBe(403);
    expect((await admin('DELETE', `/api/family_people/${hidden.id}`)).statusCode).toBe(200);
    expect((await admin('GET', `/api/members/${ids.beto}/family`)).json().family).toBeNull();
  });

  it('refuses to move the last member out of a household that keeps relatives', async () => {
    const caio = await newMember(admin, 'Caio Prado', ids.A);
    const own = (await admin('POST', '/api/families', { member_id: caio })).json();
    await admin('POST', `/api/families/${own.id}/people`, { name: 'Bia Prado', relation: 'child' });
    const move = await admin('POST', `/api/families/${ids.family}/people`, {
      member_id: caio,
      relation: 'other',
      move: true,
    });
    expect(move.statusCode).toBe(409);
    expect(move.json().message).toContain('última pessoa membro da Família Prado');
    expect((await admin('GET', `/api/members/${caio}/family`)).json().family.id).toBe(own.id);
    expect((await admin('DELETE', `/api/families/${own.id}`)).statusCode).toBe(200);
    expect((await admin('GET', `/api/members/${caio}/family`)).json().family).toBeNull();
  });

  it('prints the family’s ficha with the church’s header, each person and the address', async () => {
    const response = await scoped('GET', `/api/families/${ids.family}/ficha.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(response.rawPayload);
    for (const expected of [
      'Ficha da família – Família Souza',
      'Avenida Brasil, 2000',
      'Ana Souza',
      'Enteado de João Souza',
      'Não membro',
      '(19) 98888-7777',
      'Ativa',
    ]) {
      expect(text).toContain(expected);
    }
    const pdfs = await t.database.db
      .selectFrom('audit_log')
      .select('id')
      .where('resource', '=', 'families')
      .where('action', '=', 'pdf')
      .execute();
    expect(pdfs).toHaveLength(1);
  });

  it('lists the children by age with their guardians and phones (screen and CSV), scoped', async () => {
    const url = (filter: Record<string, unknown>, suffix = '') =>
      `/api/reports/children${suffix}?${query({ filter })}`;
    const response = await scoped('GET', url({}));
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json();
    expect(rows.map((row: Row) => row.name)).toEqual(['Pedro Souza Lima', 'Lia Souza']);
    expect(rows[1]).toMatchObject({ age: 9, family_name: 'Família Souza', member_id: ids.lia });
    expect(rows[1].guardians.map((row: Row) => row.name)).toEqual([
      'Ana Souza',
      'João Souza',
      'Marta Lima',
    ]);
    expect(response.headers['content-range']).toMatch(/\/2$/);
    // An age range: 5 to 11 leaves Pedro (4) out.
    expect(
      (await scoped('GET', url({ age_min: 5, age_max: 11 }))).json().map((row: Row) => row.name),
    ).toEqual(['Lia Souza']);
    const csv = await scoped('GET', url({}, '/csv'));
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(
      'Ana Souza (Mãe); João Souza (Cônjuge de Ana Souza); Marta Lima (Cônjuge)',
    );
    expect(csv.body).toContain('Ana: (19) 98888-7777');
    // Another congregation's view holds none of A's children.
    expect(
      (await admin('GET', url({ congregation_id: ids.B }))).json().map((row: Row) => row.name),
    ).toEqual([]);
    expect((await scoped('GET', url({ age_min: 9, age_max: 3 }))).statusCode).toBe(400);
    expect((await scoped('GET', url({ age_max: 'doze' }))).statusCode).toBe(400);
    const treasurer = apiAs(t, await t.userWithRoles(['financial']));
    expect((await treasurer('GET', url({}))).statusCode).toBe(403);
  });

  it('exports a member’s household and anonymizes their links, the family kept coherent', async () => {
    const exported = (await admin('GET', `/api/members/${ids.joao}/data_export`)).json();
    expect(exported.family).toMatchObject({
      name: 'Família Souza',
      relation_text: 'Cônjuge de Ana Souza',
    });
    expect(exported.family.people.map((row: Row) => row.name)).toContain('Pedro Souza Lima');

    const anonymize = async (memberId: number, name: string) =>
      admin('POST', `/api/members/${memberId}/anonymize`, { confirmation: name });
    let response = await anonymize(ids.joao, 'João Souza');
    expect(response.statusCode, response.body).toBe(200);
    let family = (await admin('GET', `/api/families/${ids.family}`)).json();
    expect(family.people.map((row: Row) => row.name)).not.toContain('João Souza');
    // Pedro's relation named João: it now names the household.
    expect(person(family, 'Pedro Souza Lima')).toMatchObject({
      relative_id: null,
      relation_text: 'Enteado',
    });
    const trail = await t.database.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'anonymize')
      .where('record_id', '=', ids.joao)
      .executeTakeFirstOrThrow();
    // The household made from Ana holds her address in the trail: scrubbed with her below.
    expect(JSON.parse(trail.details ?? '{}')).toMatchObject({
      family_links: 1,
      relatives_removed: 0,
    });

    // The last members leave: the household goes, its relatives with it.
    for (const [id, name] of [
      [ids.lia, 'Lia Souza'],
      [ids.rui, 'Rui Lima'],
    ] as const) {
      expect((await anonymize(id, name)).statusCode).toBe(200);
    }
    family = (await admin('GET', `/api/families/${ids.family}`)).json();
    expect(family.people.map((row: Row) => row.name)).toEqual([
      'Ana Souza',
      'Pedro Souza Lima',
      'Marta Lima',
    ]);
    response = await anonymize(ids.ana, 'Ana Souza');
    expect(response.statusCode, response.body).toBe(200);
    expect((await admin('GET', `/api/families/${ids.family}`)).statusCode).toBe(404);
    const left = await t.database.db
      .selectFrom('family_people')
      .select('id')
      .where('family_id', '=', ids.family)
      .execute();
    expect(left).toEqual([]);
    const created = await t.database.db
      .selectFrom('audit_log')
      .select('changes')
      .where('resource', '=', 'families')
      .where('record_id', '=', ids.family)
      .where('action', '=', 'create')
      .executeTakeFirstOrThrow();
    expect(created.changes).not.toContain('Rua das Flores');
    expect(created.changes).toContain('[anonimizado]');
  });
});

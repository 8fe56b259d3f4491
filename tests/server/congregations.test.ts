// The congregations resource (issue 12): the sede the migration creates, the kind rules, the
// slug, the list's filters and sorts, what a scoped user sees, and the deletes refused while
// anything belongs to the congregation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs, created, query } from '../support/finance.js';
import { ADMIN, type TestApp, createTestApp } from '../support/testApp.js';

describe('congregations', () => {
  let t: TestApp;
  let admin: Api;
  let secretary: Api;
  let subsede = 0;
  let vilaNova = 0;

  const names = async (api: Api, params: Parameters<typeof query>[0]) => {
    const response = await api('GET', `/api/congregations?${query(params)}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as Array<{ name: string }>).map((row) => row.name);
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = apiAs(t, await t.signIn(ADMIN.email, ADMIN.password));
    secretary = apiAs(t, await t.userWithRoles(['secretary']));
  });
  afterAll(() => t.close());

  it('starts with the sede the migration created', async () => {
    const response = await secretary('GET', '/api/congregations');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-range']).toBe('congregations 0-0/1');
    expect(response.json()).toEqual([
      expect.objectContaining({ id: 1, kind: 'sede', slug: 'sede', parent_id: null, active: true }),
    ]);
    expect(response.json()[0].search).toBeUndefined();
  });

  it('creates a sub-sede under the sede, with a slug from its name and its address', async () => {
    const record = await created(admin, '/api/congregations', {
      name: 'Sub-sede Zona Norte',
      kind: 'subsede',
      zip_code: '01.310-100',
      street: 'Avenida Paulista',
      number: '1000',
      city: 'São Paulo',
      state: 'SP',
      leader_name: 'Pr. João Batista',
      phone: '(11) 3333-4444',
      email: 'Norte@Igreja.org',
    });
    subsede = record.id;
    expect(record).toMatchObject({
      kind: 'subsede',
      parent_id: 1,
      parent_name: expect.any(String),
      slug: 'sub-sede-zona-norte',
      registration_url: expect.stringMatching(
        /^http:\/\/[^/]+\/meu_cadastro\?congregacao=sub-sede-zona-norte$/,
      ),
      zip_code: '01310100',
      phone: '1133334444',
      email: 'norte@igreja.org',
      active: true,
    });
  });

  it('links a congregação to a sub-sede; a repeated name gets the next free slug', async () => {
    const first = await created(admin, '/api/congregations', {
      name: 'Congregação Vila Nova',
      kind: 'congregacao',
      parent_id: subsede,
      city: 'Guarulhos',
    });
    vilaNova = first.id;
    expect(first).toMatchObject({
      parent_id: subsede,
      parent_name: 'Sub-sede Zona Norte',
      slug: 'congregacao-vila-nova',
    });
    const second = await created(admin, '/api/congregations', {
      name: 'Congregação  Vila Nova',
      kind: 'congregacao',
    });
    expect(second).toMatchObject({ parent_id: 1, slug: 'congregacao-vila-nova-2' });
    const third = await created(admin, '/api/congregations', {
      name: 'Congregação Vila Nova!',
      kind: 'congregacao',
      slug: '',
    });
    expect(third.slug).toBe('congregacao-vila-nova-3');
    // Deleting the second frees its slug for the next one.
    expect((await admin('DELETE', `/api/congregations/${second.id}`)).statusCode).toBe(200);
    const fourth = await created(admin, '/api/congregations', {
      name: 'Congregação Vila Nova',
      kind: 'congregacao',
    });
    expect(fourth.slug).toBe('congregacao-vila-nova-2');
    expect((await admin('DELETE', `/api/congregations/${third.id}`)).statusCode).toBe(200);
    expect((await admin('DELETE', `/api/congregations/${fourth.id}`)).statusCode).toBe(200);
  });

  it('edits the slug; a taken or malformed one is a field error', async () => {
    const renamed = await admin('PUT', `/api/congregations/${vilaNova}`, { slug: 'vila-nova' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ slug: 'vila-nova', name: 'Congregação Vila Nova' });

    const taken = await admin('PUT', `/api/congregations/${vilaNova}`, { slug: 'sede' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.slug).toMatch(/já é usado/);
    const bad = await admin('PUT', `/api/congregations/${vilaNova}`, { slug: 'Vila Nova!' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.slug).toMatch(/letras sem acento/);
    const created2 = await admin('POST', '/api/congregations', {
      name: 'Outra',
      kind: 'congregacao',
      slug: 'vila-nova',
    });
    expect(created2.statusCode).toBe(422);
    expect(created2.json().errors.slug).toMatch(/Congregação Vila Nova/);

    // A new name keeps the link already shared; clearing the slug makes it again from the name.
    const newName = await admin('PUT', `/api/congregations/${vilaNova}`, {
      name: 'Congregação Vila Nova Esperança',
    });
    expect(newName.json().slug).toBe('vila-nova');
    const cleared = await admin('PUT', `/api/congregations/${vilaNova}`, { slug: '' });
    expect(cleared.json().slug).toBe('congregacao-vila-nova-esperanca');
  });

  it('keeps the kind rules: one sede without a parent, sub-sedes under it, no cycles', async () => {
    const expectError = async (
      method: string,
      url: string,
      body: object,
      field: string,
      pattern: RegExp,
    ) => {
      const response = await admin(method, url, body);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors[field]).toMatch(pattern);
    };
    await expectError(
      'POST',
      '/api/congregations',
      { name: 'Segunda sede', kind: 'sede' },
      'kind',
      /já tem uma sede/,
    );
    await expectError(
      'POST',
      '/api/congregations',
      { name: 'Sub', kind: 'subsede', parent_id: subsede },
      'parent_id',
      /vinculada à sede/,
    );
    await expectError(
      'POST',
      '/api/congregations',
      { name: 'Filha', kind: 'congregacao', parent_id: vilaNova },
      'parent_id',
      /sede ou a uma sub-sede/,
    );
    await expectError(
      'POST',
      '/api/congregations',
      { name: 'Perdida', kind: 'congregacao', parent_id: 999_999 },
      'parent_id',
      /não encontrada/,
    );
    await expectError('PUT', '/api/congregations/1', { kind: 'subsede' }, 'kind', /sede continua/);
    await expectError(
      'PUT',
      '/api/congregations/1',
      { parent_id: subsede },
      'parent_id',
      /não é vinculada/,
    );
    await expectError(
      'PUT',
      `/api/congregations/${subsede}`,
      { kind: 'congregacao', parent_id: subsede },
      'parent_id',
      /ela mesma/,
    );
    // A sub-sede with congregações under it cannot become a congregação.
    await expectError(
      'PUT',
      `/api/congregations/${subsede}`,
      { kind: 'congregacao' },
      'kind',
      /Há congregações vinculadas/,
    );
    await expectError('POST', '/api/congregations', { kind: 'templo' }, 'name', /Informe o nome/);
    const kind = await admin('POST', '/api/congregations', { name: 'X', kind: 'templo' });
    expect(kind.json().errors.kind).toMatch(/sede, sub-sede ou congregação/);
  });

  it('filters by q, kind, active and parent_id and sorts by kind, name and id', async () => {
    await created(admin, '/api/congregations', {
      name: 'Congregação Jardim das Flores',
      kind: 'congregacao',
      city: 'Osasco',
      leader_name: 'Ev. Márcio',
      active: false,
    });
    expect(await names(secretary, { filter: { q: 'osasco' } })).toEqual([
      'Congregação Jardim das Flores',
    ]);
    expect(await names(secretary, { filter: { q: 'MARCIO jardim' } })).toEqual([
      'Congregação Jardim das Flores',
    ]);
    expect(await names(secretary, { filter: { kind: 'subsede' } })).toEqual([
      'Sub-sede Zona Norte',
    ]);
    expect(
      await names(secretary, { filter: { kind: ['sede', 'subsede'] }, sort: ['kind', 'DESC'] }),
    ).toEqual(['Sub-sede Zona Norte', expect.any(String)]);
    expect(await names(secretary, { filter: { active: false } })).toEqual([
      'Congregação Jardim das Flores',
    ]);
    expect(await names(secretary, { filter: { parent_id: subsede } })).toEqual([
      'Congregação Vila Nova Esperança',
    ]);
    const byKind = await names(secretary, { sort: ['kind', 'ASC'] });
    expect(byKind).toHaveLength(4);
    expect(byKind.slice(1)).toEqual([
      'Sub-sede Zona Norte',
      'Congregação Jardim das Flores',
      'Congregação Vila Nova Esperança',
    ]);
    expect(
      await names(secretary, { sort: ['name', 'DESC'], filter: { kind: 'congregacao' } }),
    ).toEqual(['Congregação Vila Nova Esperança', 'Congregação Jardim das Flores']);
    const ids = await secretary('GET', `/api/congregations?${query({ sort: ['id', 'DESC'] })}`);
    const list = (ids.json() as Array<{ id: number }>).map((row) => row.id);
    expect(list).toEqual([...list].sort((a, b) => b - a));
    for (const filter of [
      { kind: 'templo' },
      { kind: ['sede', 1] },
      { active: 'talvez' },
      { parent_id: 'x' },
      { cor: 1 },
    ]) {
      const response = await secretary('GET', `/api/congregations?${query({ filter })}`);
      expect(response.statusCode, JSON.stringify(filter)).toBe(400);
    }
    const sort = await secretary('GET', `/api/congregations?${query({ sort: ['search', 'ASC'] })}`);
    expect(sort.statusCode).toBe(400);
  });

  it('shows a scoped user only the congregations of their rights', async () => {
    const scoped = await t.userWithRoles(['secretary']);
    await t.database.db
      .updateTable('users')
      .set({ congregation_ids: JSON.stringify([vilaNova]) })
      .where('id', '=', scoped.id)
      .execute();
    const api = apiAs(t, scoped);
    expect(await names(api, {})).toEqual(['Congregação Vila Nova Esperança']);
    expect((await api('GET', `/api/congregations/${vilaNova}`)).statusCode).toBe(200);
    expect((await api('GET', '/api/congregations/1')).statusCode).toBe(404);
    // The app bar's selection does not narrow the selector's own list.
    const selected = await t.app.inject({
      method: 'GET',
      url: '/api/congregations',
      headers: { ...scoped, 'x-congregation': String(vilaNova) },
    });
    expect(selected.json()).toHaveLength(1);
  });

  it('only admins write', async () => {
    const response = await secretary('POST', '/api/congregations', {
      name: 'Da secretária',
      kind: 'congregacao',
    });
    expect(response.statusCode).toBe(403);
    expect((await secretary('DELETE', `/api/congregations/${vilaNova}`)).statusCode).toBe(403);
  });

  it('refuses to delete the sede, or a congregation something belongs to', async () => {
    const sede = await admin('DELETE', '/api/congregations/1');
    expect(sede.statusCode).toBe(409);
    expect(sede.json().message).toBe('A sede não pode ser excluída.');

    const parent = await admin('DELETE', `/api/congregations/${subsede}`);
    expect(parent.statusCode).toBe(409);
    expect(parent.json().message).toMatch(/Há congregações vinculadas/);

    const withMember = await created(admin, '/api/congregations', {
      name: 'Congregação Betel',
      kind: 'congregacao',
    });
    const member = await admin('POST', '/api/members', {
      name: 'Maria Betel',
      status: 'active',
    });
    expect(member.statusCode, member.body).toBe(201);
    await t.database.db
      .updateTable('members')
      .set({ congregation_id: withMember.id })
      .where('id', '=', member.json().id)
      .execute();
    const refused = await admin('DELETE', `/api/congregations/${withMember.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Esta congregação tem membros: não pode ser excluída. Para deixar de usá-la, inative-a.',
    );
    const inactivated = await admin('PUT', `/api/congregations/${withMember.id}`, {
      active: false,
    });
    expect(inactivated.statusCode).toBe(200);
    expect(inactivated.json().active).toBe(false);

    const withUser = await created(admin, '/api/congregations', {
      name: 'Congregação Siló',
      kind: 'congregacao',
    });
    const user = await t.userWithRoles(['secretary'], 'Secretária de Siló');
    await t.database.db
      .updateTable('users')
      .set({ congregation_ids: JSON.stringify([withUser.id]) })
      .where('id', '=', user.id)
      .execute();
    const byUser = await admin('DELETE', `/api/congregations/${withUser.id}`);
    expect(byUser.statusCode).toBe(409);
    expect(byUser.json().message).toMatch(/Secretária de Siló tem acesso/);

    const empty = await created(admin, '/api/congregations', {
      name: 'Congregação Temporária',
      kind: 'congregacao',
    });
    const deleted = await admin('DELETE', `/api/congregations/${empty.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().name).toBe('Congregação Temporária');
    expect((await admin('GET', `/api/congregations/${empty.id}`)).statusCode).toBe(404);
    expect((await admin('DELETE', `/api/congregations/${empty.id}`)).statusCode).toBe(404);
  });
});

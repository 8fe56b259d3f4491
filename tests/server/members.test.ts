// @module-tag dates (npm test reruns this file with the clock pinned: see tests/run.ts)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../domain/dates.js';
import { bornAged } from '../support/dates.js';
import { ADMIN, type SessionHeaders, type TestApp, createTestApp } from '../support/testApp.js';

// Valid CPFs (check digits computed).
const CPF_A = '52998224725';
const CPF_B = '11144477735';

describe('/api/members', () => {
  let t: TestApp;
  let secretary: SessionHeaders;
  let financial: SessionHeaders;
  const ids: Record<string, number> = {};
  let departmentId = 0;
  let pastorId = 0;
  const today = todayIso();

  const as = (session: SessionHeaders) => (method: string, url: string, payload?: unknown) =>
    t.app.inject({ method: method as 'GET', url, headers: session, payload: payload as object });
  let api: ReturnType<typeof as>;

  const list = async (filter: object, sort = ['name', 'ASC'], range = [0, 99]) => {
    const response = await api(
      'GET',
      `/api/members?filter=${encodeURIComponent(JSON.stringify(filter))}&sort=${encodeURIComponent(JSON.stringify(sort))}&range=${encodeURIComponent(JSON.stringify(range))}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return {
      names: response.json().map((m: { name: string }) => m.name) as string[],
      rows: response.json() as Array<Record<string, unknown>>,
      range: String(response.headers['content-range']),
    };
  };

  beforeAll(async () => {
    t = await createTestApp();
    secretary = await t.userWithRoles(['secretary']);
    financial = await t.userWithRoles(['financial']);
    api = as(secretary);
    const positions = (await api('GET', '/api/positions')).json() as Array<{
      id: number;
      name: string;
    }>;
    pastorId = positions.find((p) => p.name === 'Pastor')!.id;
    departmentId = (await api('POST', '/api/departments', { name: 'Louvor' })).json().id;
    await api('POST', '/api/custom_fields', { label: 'Data de conversão', field_type: 'date' });
    await api('POST', '/api/custom_fields', {
      label: 'Tamanho da camiseta',
      field_type: 'choice',
      options: ['P', 'M', 'G'],
      required: true,
    });

    const members = [
      {
        name: 'João da Conceição',
        cpf: '529.982.247-25',
        sex: 'M',
        birth_date: '1980-02-29',
        marital_status: 'married',
        email: 'Joao@Igreja.org',
        phone_mobile: '(11) 98765-4321',
        status: 'active',
        admission_date: `${today.slice(0, 8)}01`,
        position_id: pastorId,
        consecration_date: '2010-05-10',
        department_ids: [departmentId],
        photo: 'data:image/jpeg;base64,/9j/AAAA',
        photo_thumb: 'data:image/jpeg;base64,/9j/BBBB',
        custom_fields: { data_de_conversao: '1999-01-10', tamanho_da_camiseta: 'M' },
      },
      {
        name: 'Ana Souza',
        cpf: CPF_B,
        sex: 'F',
        birth_date: bornAged(20, '07-10', today),
        marital_status: 'single',
        status: 'inactive',
        admission_date: '2015-03-01',
        custom_fields: { tamanho_da_camiseta: 'P' },
      },
      {
        name: 'Álvaro Lima',
        sex: 'M',
        birth_date: bornAged(40, '11-30', today),
        status: 'active',
        admission_date: '2020-01-15',
        department_ids: [departmentId],
        custom_fields: { tamanho_da_camiseta: 'G' },
      },
      { name: 'Beatriz Nunes', status: 'pending', custom_fields: { tamanho_da_camiseta: 'G' } },
    ];
    for (const member of members) {
      const response = await api('POST', '/api/members', member);
      expect(response.statusCode, response.body).toBe(201);
      ids[member.name] = response.json().id;
    }
  });
  afterAll(() => t.close());

  it('creates a member storing digits and answering every field', async () => {
    const member = (await api('GET', `/api/members/${ids['João da Conceição']}`)).json();
    expect(member).toMatchObject({
      name: 'João da Conceição',
      cpf: CPF_A,
      email: 'joao@igreja.org',
      phone_mobile: '11987654321',
      position_id: pastorId,
      department_ids: [departmentId],
      holy_spirit_baptism: false,
      has_photo: true,
      custom_fields: { data_de_conversao: '1999-01-10', tamanho_da_camiseta: 'M' },
    });
    expect(member).not.toHaveProperty('search');
    expect(member).not.toHaveProperty('sort_name');
  });

  it('sorts names ignoring accents and lists without the full photo', async () => {
    const { names, rows, range } = await list({});
    expect(names).toEqual(['Álvaro Lima', 'Ana Souza', 'Beatriz Nunes', 'João da Conceição']);
    expect(range).toBe('members 0-3/4');
    expect(rows[3]).not.toHaveProperty('photo');
    expect(rows[3].photo_thumb).toBe('data:image/jpeg;base64,/9j/BBBB');
    expect(rows[3].department_ids).toEqual([departmentId]);
  });

  it.each([
    ['joao', ['João da Conceição']],
    ['JOÃO conceicao', ['João da Conceição']],
    ['alvaro', ['Álvaro Lima']],
    ['529.982', ['João da Conceição']],
    ['98765-4321', ['João da Conceição']],
    ['joao@igreja', ['João da Conceição']],
    ['ma', ['Álvaro Lima']],
    ['zzz', []],
  ])('free text %j finds %j, ignoring accents and case', async (q, expected) => {
    expect((await list({ q })).names).toEqual(expected);
  });

  it.each([
    [{ status: 'active' }, ['Álvaro Lima', 'João da Conceição']],
    [{ status: ['inactive', 'pending'] }, ['Ana Souza', 'Beatriz Nunes']],
    [{ position_id: 0 }, []],
    [{ sex: 'F' }, ['Ana Souza']],
    [{ marital_status: 'married' }, ['João da Conceição']],
    [{ birth_month: 2 }, ['João da Conceição']],
    [{ birth_month: 7 }, ['Ana Souza']],
    [{ age_gte: 20, age_lte: 20 }, ['Ana Souza']],
    [{ age_gte: 21 }, ['Álvaro Lima', 'João da Conceição']],
    [
      { admission_date_gte: '2015-03-01', admission_date_lte: '2020-01-15' },
      ['Álvaro Lima', 'Ana Souza'],
    ],
    [{ has_photo: true }, ['João da Conceição']],
    [{ has_photo: false }, ['Álvaro Lima', 'Ana Souza', 'Beatriz Nunes']],
  ])('filter %j', async (filter, expected) => {
    expect((await list(filter)).names).toEqual(expected);
  });

  it('filters by position and by department + status', async () => {
    expect((await list({ position_id: pastorId })).names).toEqual(['João da Conceição']);
    expect((await list({ department_id: departmentId, status: 'active' })).names).toEqual([
      'Álvaro Lima',
      'João da Conceição',
    ]);
  });

  it('sorts by birth date and pages with Content-Range', async () => {
    const { names, range } = await list({ status: 'active' }, ['birth_date', 'DESC'], [0, 0]);
    expect(names).toEqual(['Álvaro Lima']);
    expect(range).toBe('members 0-0/2');
  });

  it.each([
    ['filter={"cor":"azul"}', /Filtro desconhecido/],
    ['filter={"status":"sumido"}', /status inválido/],
    ['filter={"birth_month":13}', /birth_month inválido/],
    ['filter={"admission_date_gte":"01/02/2020"}', /AAAA-MM-DD/],
    ['filter={"has_photo":"talvez"}', /has_photo inválido/],
    ['sort=["cpf","ASC"]', /ordenar/],
  ])('answers 400 for %s', async (query, message) => {
    const [name, value] = query.split(/=(.*)/s);
    const response = await api('GET', `/api/members?${name}=${encodeURIComponent(value)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
  });

  it.each([
    [{ name: '' }, 'name', 'Informe o nome.'],
    [{ name: 'X', cpf: '123.456.789-00' }, 'cpf', 'CPF inválido.'],
    [{ name: 'X', cpf: CPF_A }, 'cpf', 'Já existe um membro com este CPF.'],
    [
      { name: 'X', birth_date: '2999-01-01' },
      'birth_date',
      'Data de nascimento não pode estar no futuro.',
    ],
    [{ name: 'X', birth_date: '2020-02-30' }, 'birth_date', 'Data inválida: use DD/MM/AAAA.'],
    [
      { name: 'X', birth_date: '2000-05-05', baptism_date: '1999-01-01' },
      'baptism_date',
      'A data de batismo não pode ser anterior ao nascimento.',
    ],
    [
      { name: 'X', phone_mobile: '1234' },
      'phone_mobile',
      'Celular inválido: informe DDD e número.',
    ],
    [{ name: 'X', zip_code: '123' }, 'zip_code', 'CEP inválido: informe os 8 dígitos.'],
    [{ name: 'X', status: 'sumido' }, 'status', 'Situação inválida.'],
    [{ name: 'X', position_id: 9999 }, 'position_id', 'Cargo não encontrado.'],
    [{ name: 'X', department_ids: [9999] }, 'department_ids', 'Departamento não encontrado.'],
    [
      { name: 'X', photo: 'data:text/html;base64,AAAA' },
      'photo',
      'A foto deve ser uma imagem JPEG, PNG ou WebP.',
    ],
    // Issue 22: the bytes are sniffed, not the declared type.
    [
      {
        name: 'X',
        photo: `data:image/png;base64,${Buffer.from('<svg onload="alert(1)"/>').toString('base64')}`,
      },
      'photo',
      'A foto deve ser uma imagem JPEG, PNG ou WebP.',
    ],
    [
      {
        name: 'X',
        photo: `data:image/jpeg;base64,${Buffer.from('%PDF-1.7 ...').toString('base64')}`,
      },
      'photo',
      'A foto deve ser uma imagem JPEG, PNG ou WebP.',
    ],
    [
      // PNG bytes said to be a JPEG.
      { name: 'X', photo: 'data:image/jpeg;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJ' },
      'photo',
      'A foto deve ser uma imagem JPEG, PNG ou WebP.',
    ],
    [
      { name: 'X', photo_thumb: 'data:image/webp;base64,AAAAAAAAAAAAAAAA' },
      'photo_thumb',
      'Miniatura da foto inválida.',
    ],
    [{ name: 'X' }, 'custom_fields.tamanho_da_camiseta', 'Informe Tamanho da camiseta.'],
    [
      { name: 'X', custom_fields: { tamanho_da_camiseta: 'GG' } },
      'custom_fields.tamanho_da_camiseta',
      'Tamanho da camiseta: escolha uma das opções.',
    ],
    [
      { name: 'X', custom_fields: { tamanho_da_camiseta: 'P', data_de_conversao: 'ontem' } },
      'custom_fields.data_de_conversao',
      'Data inválida: use DD/MM/AAAA.',
    ],
  ])('refuses %j with a field error in Portuguese', async (payload, field, message) => {
    const before = (await list({})).range;
    const response = await api('POST', '/api/members', payload);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toBe(message);
    expect((await list({})).range).toBe(before);
  });

  it('takes a photo whose bytes are the JPEG, PNG or WebP it says', async () => {
    const webp = Buffer.from('RIFF\u0024\u0000\u0000\u0000WEBPVP8 ', 'latin1').toString('base64');
    for (const photo of [
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
      'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD',
      `data:image/webp;base64,${webp}`,
    ]) {
      const response = await api('POST', '/api/members', {
        name: 'Com Foto',
        photo,
        custom_fields: { tamanho_da_camiseta: 'P' },
      });
      expect(response.statusCode, `${photo.slice(0, 30)}: ${response.body}`).toBe(201);
      // Not counted by the tests below.
      expect((await api('DELETE', `/api/members/${response.json().id}`)).statusCode).toBe(200);
    }
  });

  it('updates partially, keeping what was not sent', async () => {
    const id = ids['Ana Souza'];
    const response = await api('PUT', `/api/members/${id}`, {
      phone_home: '1133334444',
      department_ids: [departmentId],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      cpf: CPF_B,
      phone_home: '1133334444',
      department_ids: [departmentId],
    });
    expect((await list({ q: '3333-4444' })).names).toEqual(['Ana Souza']);
    const cleared = await api('PUT', `/api/members/${id}`, { department_ids: [] });
    expect(cleared.json().department_ids).toEqual([]);
  });

  it('financial users read members but cannot write them', async () => {
    const read = as(financial);
    expect((await read('GET', `/api/members/${ids['Ana Souza']}`)).statusCode).toBe(200);
    expect((await read('POST', '/api/members', { name: 'Y' })).statusCode).toBe(403);
    expect((await read('PUT', `/api/members/${ids['Ana Souza']}`, { name: 'Y' })).statusCode).toBe(
      403,
    );
  });

  it('bulk actions change status and add to a department', async () => {
    const targets = [ids['Ana Souza'], ids['Beatriz Nunes']];
    const status = await api('POST', '/api/members/bulk', {
      ids: targets,
      action: 'set_status',
      status: 'active',
    });
    expect(status.json()).toEqual({ updated: 2 });
    const dept = await api('POST', '/api/members/bulk', {
      ids: targets,
      action: 'add_department',
      department_id: departmentId,
    });
    expect(dept.json()).toEqual({ updated: 2 });
    const again = await api('POST', '/api/members/bulk', {
      ids: targets,
      action: 'add_department',
      department_id: departmentId,
    });
    expect(again.json()).toEqual({ updated: 0 });
    expect((await list({ department_id: departmentId })).names).toHaveLength(4);
    expect(
      (await api('POST', '/api/members/bulk', { ids: [], action: 'set_status', status: 'active' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await api('POST', '/api/members/bulk', { ids: targets, action: 'explodir' })).statusCode,
    ).toBe(400);
    // restore
    await api('POST', '/api/members/bulk', {
      ids: [ids['Ana Souza']],
      action: 'set_status',
      status: 'inactive',
    });
    await api('POST', '/api/members/bulk', {
      ids: [ids['Beatriz Nunes']],
      action: 'set_status',
      status: 'pending',
    });
  });

  it('exports the filtered list as CSV in Portuguese formats', async () => {
    const response = await api(
      'GET',
      `/api/members/export?filter=${encodeURIComponent('{"q":"joao"}')}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/csv/);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Nome;CPF;E-mail;Celular/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('João da Conceição;529.982.247-25;joao@igreja.org;(11) 98765-4321');
    expect(lines[1]).toContain('29/02/1980');
    expect(lines[1]).toContain('Pastor');
    expect(lines[1]).toContain('Louvor');
  });

  it('ministry workers are the members with a ministerial position', async () => {
    const response = await api('GET', '/api/ministry_workers');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      expect.objectContaining({
        id: ids['João da Conceição'],
        position_id: pastorId,
        consecration_date: '2010-05-10',
      }),
    ]);
  });

  it('refuses to delete a department leader, saying where; deletes otherwise', async () => {
    const leader = ids['Álvaro Lima'];
    await api('POST', '/api/departments', { name: 'Jovens', leader_id: leader });
    const refused = await api('DELETE', `/api/members/${leader}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/lidera o departamento “Jovens”/);
    expect((await api('GET', `/api/members/${leader}`)).statusCode).toBe(200);

    const created = await api('POST', '/api/members', {
      name: 'Temporário',
      custom_fields: { tamanho_da_camiseta: 'P' },
      department_ids: [departmentId],
    });
    const deleted = await api('DELETE', `/api/members/${created.json().id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await api('GET', `/api/members/${created.json().id}`)).statusCode).toBe(404);
  });

  it('the dashboard counts members by status, this month, birthdays and pending', async () => {
    const figures = (await api('GET', '/api/dashboard')).json();
    expect(figures.members.by_status).toMatchObject({ active: 2, inactive: 1, pending: 1 });
    expect(figures.members.total).toBe(4);
    expect(figures.members.new_this_month).toBe(1);
    expect(figures.pending_registrations).toBe(1);
    expect(figures).not.toHaveProperty('users');
  });
});

describe('settings tables', () => {
  let t: TestApp;
  let api: (
    method: string,
    url: string,
    payload?: unknown,
  ) => Promise<Awaited<ReturnType<TestApp['app']['inject']>>>;
  beforeAll(async () => {
    t = await createTestApp();
    const admin = await t.signIn(ADMIN.email, ADMIN.password);
    api = (method, url, payload) =>
      t.app.inject({ method: method as 'GET', url, headers: admin, payload: payload as object });
  });
  afterAll(() => t.close());

  it('seeds the positions, ministerial ones marked', async () => {
    const positions = (await api('GET', '/api/positions')).json();
    expect(positions.map((p: { name: string }) => p.name)).toEqual([
      'Membro',
      'Cooperador',
      'Diácono',
      'Presbítero',
      'Evangelista',
      'Pastor',
      'Missionário(a)',
    ]);
    expect(positions[0].ministerial).toBe(false);
    expect(positions.slice(1).every((p: { ministerial: boolean }) => p.ministerial)).toBe(true);
  });

  it('refuses to delete a position or department in use, with member counts', async () => {
    const position = (
      await api('POST', '/api/positions', { name: 'Diaconisa', ministerial: true })
    ).json();
    const department = (await api('POST', '/api/departments', { name: 'Crianças' })).json();
    await api('POST', '/api/members', {
      name: 'Rute',
      position_id: position.id,
      department_ids: [department.id],
    });
    expect((await api('GET', `/api/positions/${position.id}`)).json().member_count).toBe(1);
    expect((await api('GET', `/api/departments/${department.id}`)).json().member_count).toBe(1);
    const p = await api('DELETE', `/api/positions/${position.id}`);
    expect(p.statusCode).toBe(409);
    expect(p.json().message).toBe(
      'Este cargo está em uso por 1 membro. Mude o cargo deles antes de excluí-lo.',
    );
    const d = await api('DELETE', `/api/departments/${department.id}`);
    expect(d.statusCode).toBe(409);
    expect(d.json().message).toMatch(/tem 1 membro/);
    const unused = (await api('POST', '/api/positions', { name: 'Auxiliar' })).json();
    expect((await api('DELETE', `/api/positions/${unused.id}`)).statusCode).toBe(200);
  });

  it('validates names, duplicates and choice options', async () => {
    expect((await api('POST', '/api/positions', { name: 'pastor' })).json().errors.name).toBe(
      'Já existe um cargo com este nome.',
    );
    expect((await api('POST', '/api/departments', { name: '' })).json().errors.name).toBe(
      'Informe o nome do departamento.',
    );
    expect(
      (await api('POST', '/api/departments', { name: 'X', leader_id: 999 })).json().errors
        .leader_id,
    ).toBe('Líder não encontrado.');
    const choice = await api('POST', '/api/custom_fields', {
      label: 'Escolha',
      field_type: 'choice',
      options: [],
    });
    expect(choice.json().errors.options).toBe('Informe ao menos uma opção.');
    const badType = await api('POST', '/api/custom_fields', { label: 'X', field_type: 'cor' });
    expect(badType.json().errors.field_type).toBe('Tipo de campo inválido.');
  });

  it('keeps a custom field key when its label changes, and refuses deleting one in use', async () => {
    const field = (
      await api('POST', '/api/custom_fields', { label: 'Célula', field_type: 'text' })
    ).json();
    expect(field.key).toBe('celula');
    const renamed = (
      await api('PUT', `/api/custom_fields/${field.id}`, { label: 'Grupo de célula' })
    ).json();
    expect(renamed.key).toBe('celula');
    await api('POST', '/api/members', { name: 'Marta', custom_fields: { celula: 'Centro' } });
    const refused = await api('DELETE', `/api/custom_fields/${field.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/desmarque “Ativo”/);
    const off = await api('PUT', `/api/custom_fields/${field.id}`, { active: false });
    expect(off.json().active).toBe(false);
  });

  it('the church: validated update, public view only name and logo', async () => {
    const bad = await api('PUT', '/api/church', {
      cnpj: '11.111.111/1111-11',
      credential_validity_months: 0,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      cnpj: 'CNPJ inválido.',
      credential_validity_months: 'A validade deve ser de 1 a 120 meses.',
    });
    const ok = await api('PUT', '/api/church', {
      name: 'Igreja Batista Central',
      cnpj: '12.ABC.345/01DE-35',
      phone: '(11) 3333-4444',
      state: 'SP',
      credential_validity_months: 24,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      cnpj: '12ABC34501DE35',
      phone: '1133334444',
      credential_validity_months: 24,
    });
    expect((await t.app.inject({ url: '/api/public/church' })).json()).toMatchObject({
      name: 'Igreja Batista Central',
      logo: null,
    });
  });
});

// @module-tag dates (npm test reruns this file with the clock pinned: see tests/run.ts)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addYears, todayIso } from '../../domain/dates.js';
import { REGISTRATIONS_PER_IP } from '../../server/modules/public/registration.js';
import { type SessionHeaders, type TestApp, createTestApp } from '../support/testApp.js';

const CPF = '52998224725';

describe('public self-registration and its review', () => {
  let t: TestApp;
  let secretary: SessionHeaders;
  let ipCount = 0;

  const api = (method: string, url: string, payload?: unknown) =>
    t.app.inject({ method: method as 'GET', url, headers: secretary, payload: payload as object });

  /** Each test its own address, so the per-IP limit only bites where it is tested. */
  const register = (payload: unknown, options: { ip?: string; headers?: object } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/public/registrations',
      payload: payload as object,
      remoteAddress: options.ip ?? `10.1.0.${++ipCount}`,
      headers: options.headers as Record<string, string>,
    });

  const newcomer = (extra: Record<string, unknown> = {}) => ({
    name: 'Ana Paula Ferreira',
    birth_date: '1995-06-15',
    sex: 'F',
    marital_status: 'single',
    email: 'ana.paula@exemplo.com',
    phone_mobile: '(81) 99876-5432',
    zip_code: '50.010-000',
    street: 'Rua da Aurora',
    number: '100',
    district: 'Boa Vista',
    city: 'Recife',
    state: 'PE',
    baptism_date: '2010-12-05',
    consent: true,
    website: '',
    ...extra,
  });

  const pendingByName = async (name: string) =>
    t.database.db
      .selectFrom('members')
      .selectAll()
      .where('name', '=', name)
      .where('status', '=', 'pending')
      .executeTakeFirst();

  beforeAll(async () => {
    t = await createTestApp();
    secretary = await t.userWithRoles(['secretary']);
    await api('POST', '/api/custom_fields', {
      label: 'Como conheceu a igreja',
      field_type: 'text',
      public_form: true,
    });
    // Internal fields of the secretary: never asked of (nor required from) a newcomer.
    await api('POST', '/api/custom_fields', { label: 'Dizimista', field_type: 'boolean' });
    await api('POST', '/api/custom_fields', {
      label: 'Número do rol',
      field_type: 'text',
      required: true,
    });
    await api('POST', '/api/custom_fields', {
      label: 'Antigo campo',
      field_type: 'text',
      active: false,
    });
  });
  afterAll(() => t.close());

  it('keeps each custom field’s public form choice (internal by default)', async () => {
    const fields = (await api('GET', '/api/custom_fields')).json() as {
      key: string;
      public_form: boolean;
    }[];
    const choice = Object.fromEntries(fields.map((field) => [field.key, field.public_form]));
    expect(choice).toEqual({
      como_conheceu_a_igreja: true,
      dizimista: false,
      numero_do_rol: false,
      antigo_campo: false,
    });
    const dizimista = fields.find((field) => field.key === 'dizimista') as unknown as {
      id: number;
    };
    const shown = await api('PUT', `/api/custom_fields/${dizimista.id}`, { public_form: true });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().public_form).toBe(true);
    const hidden = await api('PUT', `/api/custom_fields/${dizimista.id}`, { public_form: false });
    expect(hidden.json().public_form).toBe(false);
    const bad = await api('PUT', `/api/custom_fields/${dizimista.id}`, { public_form: 'sim' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.public_form).toBe('Informe Sim ou Não.');
  });

  it('lists only the active custom fields marked for the public form, without a session', async () => {
    const response = await t.app.inject({ url: '/api/public/custom_fields' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        key: 'como_conheceu_a_igreja',
        label: 'Como conheceu a igreja',
        field_type: 'text',
        options: [],
        required: false,
      },
    ]);
  });

  it('creates a pending member with the consent time and text version', async () => {
    const before = new Date().toISOString();
    const response = await register(
      newcomer({ cpf: '111.444.777-35', custom_fields: { como_conheceu_a_igreja: 'Um amigo' } }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toMatch(/Cadastro recebido/);
    expect(response.json()).not.toHaveProperty('id');
    const row = (await pendingByName('Ana Paula Ferreira'))!;
    expect(row).toMatchObject({
      cpf: '11144477735',
      phone_mobile: '81998765432',
      zip_code: '50010000',
      email: 'ana.paula@exemplo.com',
      consent_version: '1',
      guardian_name: null,
      duplicate_of: null,
    });
    expect(row.consent_at! >= before).toBe(true);
    expect(JSON.parse(row.custom_fields)).toEqual({ como_conheceu_a_igreja: 'Um amigo' });
  });

  it('takes no value for an internal custom field, and does not require one', async () => {
    const response = await register(
      newcomer({
        name: 'Quer Ser Dizimista',
        email: 'dizimista@exemplo.com',
        custom_fields: { dizimista: true, numero_do_rol: '123', como_conheceu_a_igreja: 'Rádio' },
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const row = (await pendingByName('Quer Ser Dizimista'))!;
    expect(JSON.parse(row.custom_fields)).toEqual({ como_conheceu_a_igreja: 'Rádio' });
    // The staff form still requires the internal field.
    const staff = await api('POST', '/api/members', { name: 'Pela Secretaria' });
    expect(staff.statusCode).toBe(422);
    expect(staff.json().errors['custom_fields.numero_do_rol']).toBe('Informe Número do rol.');
    const filter = encodeURIComponent(JSON.stringify({ status: 'pending' }));
    const list = await api('GET', `/api/members?filter=${filter}`);
    expect(list.json().map((m: { name: string }) => m.name)).toContain('Ana Paula Ferreira');
  });

  it('never answers 401, even with a signed-in user’s stale session headers', async () => {
    const response = await register(newcomer({ name: 'Com Sessão Velha', email: null }), {
      headers: { ...secretary, 'access-token': 'expirado' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const invalid = await register({}, { headers: { ...secretary, 'access-token': 'expirado' } });
    expect(invalid.statusCode).toBe(422);
  });

  it('requires the consent', async () => {
    for (const consent of [undefined, false, 'true']) {
      const response = await register(newcomer({ name: 'Sem Consentimento', consent }));
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.consent).toBe(
        'Para enviar o cadastro, marque a autorização de uso dos dados.',
      );
    }
    expect(await pendingByName('Sem Consentimento')).toBeUndefined();
  });

  it('validates like the staff form, with size limits on every field', async () => {
    const response = await register(
      newcomer({
        name: 'x'.repeat(151),
        cpf: '123.456.789-00',
        email: 'não-é-email',
        phone_mobile: '1234',
        zip_code: '123',
        state: 'XX',
        street: 'r'.repeat(151),
        birth_date: '2999-01-01',
      }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({
      name: 'Nome: no máximo 150 caracteres.',
      cpf: 'CPF inválido.',
      email: 'Informe um e-mail válido.',
      phone_mobile: 'Celular inválido: informe DDD e número.',
      zip_code: 'CEP inválido: informe os 8 dígitos.',
      state: 'UF inválida.',
      street: 'Logradouro: no máximo 150 caracteres.',
      birth_date: 'Data de nascimento não pode estar no futuro.',
    });
    const noBirth = await register(newcomer({ birth_date: '' }));
    expect(noBirth.json().errors.birth_date).toBe('Informe a data de nascimento.');
    const noContact = await register(newcomer({ email: '', phone_mobile: '' }));
    expect(noContact.json().errors.phone_mobile).toMatch(/celular ou um e-mail/);
    const longCustom = await register(
      newcomer({ custom_fields: { como_conheceu_a_igreja: 'z'.repeat(201) } }),
    );
    expect(longCustom.json().errors['custom_fields.como_conheceu_a_igreja']).toMatch(
      /no máximo 200/,
    );
    const huge = await register(newcomer({ notes: 'n'.repeat(40 * 1024) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('O conteúdo enviado é grande demais.');
  });

  it('a minor needs a guardian’s name and consent, both stored', async () => {
    const birth = addYears(todayIso(), -15);
    const without = await register(newcomer({ name: 'Menor Silva', birth_date: birth }));
    expect(without.statusCode).toBe(422);
    expect(without.json().errors).toMatchObject({
      guardian_name: 'Menores de 18 anos: informe o nome do responsável.',
      guardian_consent: 'Menores de 18 anos: o responsável precisa autorizar o cadastro.',
    });
    const withGuardian = await register(
      newcomer({
        name: 'Menor Silva',
        email: 'menor@exemplo.com',
        birth_date: birth,
        baptism_date: null,
        guardian_name: 'Mãe da Silva',
        guardian_consent: true,
      }),
    );
    expect(withGuardian.statusCode, withGuardian.body).toBe(201);
    const row = (await pendingByName('Menor Silva'))!;
    expect(row.guardian_name).toBe('Mãe da Silva');
    expect(row.guardian_consent_at).toBeTruthy();
    // Turning 18 today: an adult.
    const adult = await register(
      newcomer({
        name: 'Dezoito Hoje',
        email: 'dezoito@exemplo.com',
        birth_date: addYears(todayIso(), -18),
        baptism_date: null,
      }),
    );
    expect(adult.statusCode, adult.body).toBe(201);
  });

  it('a filled honeypot is told "received" and nothing is saved', async () => {
    const response = await register(
      newcomer({ name: 'Robô de Spam', website: 'http://spam.example' }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toMatch(/Cadastro recebido/);
    expect(await pendingByName('Robô de Spam')).toBeUndefined();
  });

  it('limits each IP address, with a 429 in Portuguese; other addresses go on', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < REGISTRATIONS_PER_IP; i++) {
      const response = await register(newcomer({ website: 'bot' }), { ip });
      expect(response.statusCode).toBe(201);
    }
    const blocked = await register(newcomer({ name: 'Bloqueado' }), { ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(
      /^Muitos cadastros enviados a partir desta conexão\. Tente novamente em \d+ minutos?\.$/,
    );
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await pendingByName('Bloqueado')).toBeUndefined();
    const other = await register(newcomer({ name: 'Outro Endereço', email: 'outro@exemplo.com' }));
    expect(other.statusCode).toBe(201);
  });

  describe('review', () => {
    let existingId = 0;

    beforeAll(async () => {
      const response = await api('POST', '/api/members', {
        name: 'Membro Antigo',
        cpf: CPF,
        email: 'antigo@exemplo.com',
        status: 'active',
        custom_fields: { numero_do_rol: '1' },
      });
      existingId = response.json().id;
    });

    const registrations = async () => {
      const response = await api('GET', '/api/registrations?range=[0,99]');
      expect(response.statusCode).toBe(200);
      return response.json() as Array<Record<string, unknown>>;
    };

    it('flags a repeated CPF or e-mail with the member it matches', async () => {
      expect(
        (await register(newcomer({ name: 'Repete CPF', cpf: CPF, email: null }))).statusCode,
      ).toBe(201);
      expect(
        (await register(newcomer({ name: 'Repete Email', email: 'Antigo@Exemplo.com' })))
          .statusCode,
      ).toBe(201);
      const rows = await registrations();
      const byCpf = rows.find((row) => row.name === 'Repete CPF')!;
      const byEmail = rows.find((row) => row.name === 'Repete Email')!;
      expect(byCpf).toMatchObject({
        duplicate_of: existingId,
        duplicate_reason: 'cpf',
        duplicate_name: 'Membro Antigo',
        cpf: null,
      });
      expect(byEmail).toMatchObject({
        duplicate_of: existingId,
        duplicate_reason: 'email',
        duplicate_name: 'Membro Antigo',
      });
      const fresh = rows.find((row) => row.name === 'Ana Paula Ferreira')!;
      expect(fresh.duplicate_of).toBeNull();
      expect(fresh.consent_version).toBe('1');
    });

    it('approval checks the position and admission date it is given', async () => {
      const rows = await registrations();
      const id = rows.find((row) => row.name === 'Repete Email')!.id;
      const unknown = await api('POST', `/api/registrations/${id}/approve`, {
        position_id: 999999,
      });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().errors.position_id).toBe('Cargo não encontrado.');
      const impossible = await api('POST', `/api/registrations/${id}/approve`, {
        admission_date: '2026-02-31',
      });
      expect(impossible.statusCode).toBe(422);
      expect(impossible.json().errors.admission_date).toBe('Data inválida: use DD/MM/AAAA.');
      const beforeBirth = await api('POST', `/api/registrations/${id}/approve`, {
        admission_date: '1990-01-01',
      });
      expect(beforeBirth.statusCode).toBe(422);
      expect(beforeBirth.json().errors.admission_date).toBe(
        'A data de admissão não pode ser anterior ao nascimento.',
      );
      expect((await api('GET', `/api/members/${id}`)).json().status).toBe('pending');
    });

    it('approve makes the member active with its position and admission date; reject deletes the registration', async () => {
      const rows = await registrations();
      const approveId = rows.find((row) => row.name === 'Repete Email')!.id;
      const rejectId = rows.find((row) => row.name === 'Repete CPF')!.id;
      const position = (
        await api('POST', '/api/positions', { name: 'Diaconisa', ministerial: true })
      ).json() as { id: number };
      const approved = await api('POST', `/api/registrations/${approveId}/approve`, {
        position_id: position.id,
        admission_date: '2026-03-08',
      });
      expect(approved.statusCode, approved.body).toBe(200);
      const member = (await api('GET', `/api/members/${approveId}`)).json();
      expect(member.status).toBe('active');
      expect(member.duplicate_of).toBeNull();
      expect(member.position_id).toBe(position.id);
      expect(member.admission_date).toBe('2026-03-08');
      // Without a date: the server's today (and no position).
      const plainId = rows.find((row) => row.name === 'Dezoito Hoje')!.id;
      const before = todayIso();
      const plain = await api('POST', `/api/registrations/${plainId}/approve`);
      expect(plain.statusCode, plain.body).toBe(200);
      const admitted = (await api('GET', `/api/members/${plainId}`)).json();
      expect([before, todayIso()]).toContain(admitted.admission_date);
      expect(admitted.position_id).toBeNull();
      expect((await api('POST', `/api/registrations/${approveId}/approve`)).statusCode).toBe(409);
      expect((await api('POST', `/api/registrations/${approveId}/reject`)).json().message).toBe(
        'Este cadastro já foi conferido.',
      );

      const rejected = await api('POST', `/api/registrations/${rejectId}/reject`);
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect((await api('GET', `/api/members/${rejectId}`)).statusCode).toBe(404);
      expect((await api('POST', '/api/registrations/999999/approve')).statusCode).toBe(404);
      const names = (await registrations()).map((row) => row.name);
      expect(names).not.toContain('Repete CPF');
      expect(names).not.toContain('Repete Email');
    });
  });

  it('a name sent as a formula reaches the secretary’s sheet as text', async () => {
    const name = "-2+3+cmd|' /C calc'!A0";
    const sent = await register(newcomer({ name, email: 'formula@exemplo.com' }));
    expect(sent.statusCode, sent.body).toBe(201);
    const pending = await pendingByName(name);
    const approved = await api('POST', `/api/registrations/${pending!.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const filter = encodeURIComponent(JSON.stringify({ id: [pending!.id] }));
    const exported = await api('GET', `/api/members/export?filter=${filter}`);
    expect(exported.statusCode, exported.body).toBe(200);
    const [header, line] = exported.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header.split(';')[0]).toBe('Nome');
    // An apostrophe first: the sheet shows the text and never runs it.
    expect(line.split(';')[0]).toBe("'-2+3+cmd|' /C calc'!A0");
  });
});

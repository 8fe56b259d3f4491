// Issue 28, the member's self-update: the secretary's personal link (hashed, expiring, single use
// even under two submissions at once, revocable), the public page with only the allowed fields,
// the review (approve applies and audits, reject leaves the record), scope, anonymization and the
// data export. Runs on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEDE_ID } from '../../domain/congregations.js';
import {
  SELF_UPDATE_LINK_EXPIRED,
  SELF_UPDATE_LINK_INVALID,
  SELF_UPDATE_LINK_REVOKED,
  SELF_UPDATE_LINK_USED,
  SELF_UPDATE_NOT_ALLOWED,
} from '../../domain/selfUpdate.js';
import { SELF_UPDATE_CALLS_PER_IP } from '../../server/modules/selfUpdates/publicRoutes.js';
import { pdfText } from '../support/pdf.js';
import { ADMIN, type SessionHeaders, type TestApp, createTestApp } from '../support/testApp.js';

type Json = Record<string, unknown>;

describe('the member’s self-update link and its review', () => {
  let t: TestApp;
  let admin: SessionHeaders;
  let secretary: SessionHeaders;
  let scopedA: SessionHeaders;
  let congregationA: number;
  let ipCount = 0;

  const call = (headers: SessionHeaders, method: string, url: string, payload?: unknown) =>
    t.app.inject({ method: method as 'GET', url, headers, payload: payload as object });
  /** Each call its own address, so the per-address limit bites only where it is tested. */
  const open = (token: string, ip = `10.28.0.${++ipCount % 250}`) =>
    t.app.inject({ method: 'GET', url: `/api/public/self_updates/${token}`, remoteAddress: ip });
  const submit = (token: string, payload: unknown, ip = `10.28.1.${++ipCount % 250}`) =>
    t.app.inject({
      method: 'POST',
      url: `/api/public/self_updates/${token}`,
      payload: payload as object,
      remoteAddress: ip,
    });

  let memberCount = 0;
  async function member(extra: Json = {}) {
    const response = await call(secretary, 'POST', '/api/members', {
      name: `Marta Ribeiro ${++memberCount}`,
      sex: 'F',
      birth_date: '1980-04-02',
      marital_status: 'single',
      email: `marta${memberCount}@exemplo.com`,
      phone_mobile: '81998765432',
      zip_code: '50010000',
      street: 'Rua da Aurora',
      number: '10',
      district: 'Boa Vista',
      city: 'Recife',
      state: 'PE',
      profession: 'Professora',
      status: 'active',
      congregation_id: SEDE_ID,
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { id: number }).id;
  }

  async function link(memberId: number, headers = secretary) {
    const response = await call(headers, 'POST', `/api/members/${memberId}/self_updates`);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as {
      id: number;
      token: string;
      url: string;
      expires_at: string;
      message: string;
      whatsapp_url: string | null;
    };
  }

  const stored = (id: number) =>
    t.database.db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  const newAddress = {
    zip_code: '01310-100',
    street: 'Avenida Paulista',
    number: '1000',
    complement: 'Apto 12',
    district: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
    phone_mobile: '(11) 91234-5678',
    consent: true,
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signIn(ADMIN.email, ADMIN.password);
    secretary = await t.userWithRoles(['secretary'], 'Secretária Geral');
    const now = new Date().toISOString();
    congregationA = (
      await t.database.db
        .insertInto('congregations')
        .values({
          name: 'Congregação Alfa',
          kind: 'congregacao',
          parent_id: SEDE_ID,
          slug: 'congregacao-alfa',
          search: 'congregacao alfa',
          active: true,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    scopedA = await t.userWithRoles(['secretary'], 'Secretária Alfa', [congregationA]);
  });
  afterAll(() => t.close());

  it('makes a link of 256 random bits, stored only as its digest, valid for the church’s days', async () => {
    const id = await member();
    const before = Date.now();
    const made = await link(id);
    expect(made.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(made.url).toMatch(new RegExp(`/atualizar_cadastro/${made.token}$`));
    expect(made.whatsapp_url).toMatch(/^https:\/\/wa\.me\/5581998765432\?text=/);
    expect(decodeURIComponent(made.whatsapp_url!.split('text=')[1])).toContain(made.url);
    const days = (Date.parse(made.expires_at) - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    const row = await t.database.db
      .selectFrom('self_updates')
      .selectAll()
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(row.token_digest).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(made.token);
    // The trail records the link, never its token.
    const trail = await t.database.db
      .selectFrom('audit_log')
      .select(['changes', 'details'])
      .where('resource', '=', 'self_updates')
      .where('record_id', '=', made.id)
      .execute();
    expect(trail).toHaveLength(1);
    expect(JSON.stringify(trail)).not.toContain(made.token);
  });

  it('shows the member’s own data of the allowed fields only, with the consent text', async () => {
    const id = await member({ cpf: '52998224725' });
    const made = await link(id);
    const response = await open(made.token);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as { values: Json; fields: string[]; consent: Json; name: string };
    expect(page.name).toMatch(/^Marta Ribeiro/);
    expect(page.values).toMatchObject({ street: 'Rua da Aurora', phone_mobile: '81998765432' });
    expect(page.fields).not.toContain('status');
    expect(page.values).not.toHaveProperty('cpf');
    expect(page.values).not.toHaveProperty('birth_date');
    expect(String(page.consent.text)).toContain('Igreja');
  });

  it('refuses bad values in Portuguese and fields the church does not allow, writing nothing', async () => {
    const id = await member();
    const made = await link(id);
    const bad = await submit(made.token, {
      phone_mobile: '1234',
      zip_code: '123',
      email: 'não-é-email',
      consent: true,
    });
    expect(bad.statusCode).toBe(422);
    expect((bad.json() as { errors: Json }).errors).toMatchObject({
      phone_mobile: 'Celular inválido: informe DDD e número.',
      zip_code: expect.stringContaining('CEP'),
      email: 'Informe um e-mail válido.',
    });
    const tampered = await submit(made.token, {
      ...newAddress,
      status: 'inactive',
      congregation_id: congregationA,
      admission_date: '2001-01-01',
    });
    expect(tampered.statusCode).toBe(422);
    expect((tampered.json() as { errors: Json }).errors).toMatchObject({
      status: SELF_UPDATE_NOT_ALLOWED,
      congregation_id: SELF_UPDATE_NOT_ALLOWED,
      admission_date: SELF_UPDATE_NOT_ALLOWED,
    });
    const noConsent = await submit(made.token, { ...newAddress, consent: false });
    expect(noConsent.statusCode).toBe(422);
    expect((noConsent.json() as { errors: Json }).errors.consent).toMatch(/autorização/);
    // Nothing was taken: the link still opens, the member is as he was.
    expect((await open(made.token)).statusCode).toBe(200);
    expect(await stored(id)).toMatchObject({ status: 'active', congregation_id: SEDE_ID });
  });

  it('keeps the changes for review, kills the link, and applies them only when approved', async () => {
    const id = await member();
    const made = await link(id);
    const consentsBefore = await t.database.db
      .selectFrom('member_consents')
      .select('id')
      .where('member_id', '=', id)
      .execute();
    const sent = await submit(made.token, newAddress);
    expect(sent.statusCode, sent.body).toBe(201);
    expect((sent.json() as { message: string }).message).toMatch(/secretaria/);
    // The record is untouched until the secretary approves.
    expect(await stored(id)).toMatchObject({ street: 'Rua da Aurora', zip_code: '50010000' });
    const consents = await t.database.db
      .selectFrom('member_consents')
      .selectAll()
      .where('member_id', '=', id)
      .execute();
    expect(consents).toHaveLength(consentsBefore.length + 1);
    expect(consents.at(-1)).toMatchObject({ action: 'grant', channel: 'form' });

    // Used: the page and a second submission say so.
    const again = await submit(made.token, newAddress);
    expect(again.statusCode).toBe(410);
    expect((again.json() as { message: string }).message).toBe(SELF_UPDATE_LINK_USED);
    expect((await open(made.token)).json()).toMatchObject({ message: SELF_UPDATE_LINK_USED });

    const links = (
      await call(secretary, 'GET', `/api/members/${id}/self_updates`)
    ).json() as Json[];
    expect(links[0]).toMatchObject({ id: made.id, state: 'pending' });
    expect(links[0].changes).toMatchObject({
      street: ['Rua da Aurora', 'Avenida Paulista'],
      zip_code: ['50010000', '01310100'],
      phone_mobile: ['81998765432', '11912345678'],
      complement: [null, 'Apto 12'],
    });
    // Unchanged fields are not in the diff.
    expect(links[0].changes).not.toHaveProperty('email');
    const pending = (await call(secretary, 'GET', '/api/self_updates')).json() as Json[];
    expect(pending.map((row) => row.id)).toContain(made.id);

    const approved = await call(secretary, 'POST', `/api/self_updates/${made.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await stored(id)).toMatchObject({
      street: 'Avenida Paulista',
      zip_code: '01310100',
      city: 'São Paulo',
      phone_mobile: '11912345678',
      status: 'active',
    });
    const update = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('resource', '=', 'members')
      .where('record_id', '=', id)
      .where('action', '=', 'update')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(update.changes)).toMatchObject({
      street: ['Rua da Aurora', 'Avenida Paulista'],
    });
    expect(update.user_name).toBe('Secretária Geral');
    const twice = await call(secretary, 'POST', `/api/self_updates/${made.id}/approve`);
    expect(twice.statusCode).toBe(409);
    expect((await call(secretary, 'GET', '/api/self_updates')).json()).not.toContainEqual(
      expect.objectContaining({ id: made.id }),
    );
  });

  it('leaves the member as he was when the secretary rejects', async () => {
    const id = await member();
    const made = await link(id);
    expect((await submit(made.token, { ...newAddress, profession: 'Enfermeira' })).statusCode).toBe(
      201,
    );
    const rejected = await call(secretary, 'POST', `/api/self_updates/${made.id}/reject`);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ state: 'rejected', changes: null });
    expect(await stored(id)).toMatchObject({ street: 'Rua da Aurora', profession: 'Professora' });
    expect((await call(secretary, 'POST', `/api/self_updates/${made.id}/approve`)).statusCode).toBe(
      409,
    );
  });

  it('takes one of two submissions sent at once; the other finds the link used', async () => {
    const id = await member();
    const made = await link(id);
    const answers = await Promise.all([
      submit(made.token, { ...newAddress, profession: 'Primeira' }),
      submit(made.token, { ...newAddress, profession: 'Segunda' }),
      submit(made.token, { ...newAddress, profession: 'Terceira' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 410, 410]);
    const rows = await t.database.db
      .selectFrom('self_updates')
      .selectAll()
      .where('member_id', '=', id)
      .execute();
    expect(rows).toHaveLength(1);
    const winner = answers.findIndex((answer) => answer.statusCode === 201);
    expect(JSON.parse(rows[0].changes!).profession[1]).toBe(
      ['Primeira', 'Segunda', 'Terceira'][winner],
    );
    const received = await t.database.db
      .selectFrom('audit_log')
      .select('id')
      .where('resource', '=', 'self_updates')
      .where('record_id', '=', made.id)
      .where('action', '=', 'submit')
      .execute();
    expect(received).toHaveLength(1);
  });

  it('refuses an unknown, expired or revoked link with a clear message', async () => {
    const unknown = await open('x'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect((unknown.json() as { message: string }).message).toBe(SELF_UPDATE_LINK_INVALID);
    expect((await open('curto')).statusCode).toBe(404);

    const id = await member();
    const expiring = await link(id);
    await t.database.db
      .updateTable('self_updates')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expiring.id)
      .execute();
    const expired = await submit(expiring.token, newAddress);
    expect(expired.statusCode).toBe(410);
    expect((expired.json() as { message: string }).message).toBe(SELF_UPDATE_LINK_EXPIRED);
    expect((await open(expiring.token)).statusCode).toBe(410);

    const revoking = await link(id);
    const revoked = await call(secretary, 'POST', `/api/self_updates/${revoking.id}/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ state: 'revoked' });
    const refused = await submit(revoking.token, newAddress);
    expect(refused.statusCode).toBe(410);
    expect((refused.json() as { message: string }).message).toBe(SELF_UPDATE_LINK_REVOKED);
    expect(
      (await call(secretary, 'POST', `/api/self_updates/${revoking.id}/revoke`)).statusCode,
    ).toBe(409);
    expect(await stored(id)).toMatchObject({ street: 'Rua da Aurora' });
    const states = (
      (await call(secretary, 'GET', `/api/members/${id}/self_updates`)).json() as Json[]
    ).map((row) => row.state);
    expect(states).toEqual(['revoked', 'expired']);
  });

  it('offers only the groups the church allows, and its days', async () => {
    expect((await call(secretary, 'GET', '/api/church/self_update')).statusCode).toBe(403);
    expect((await call(admin, 'GET', '/api/church/self_update')).json()).toEqual({
      self_update_days: 7,
      self_update_groups: ['address', 'phones', 'email', 'profession', 'marital_status'],
    });
    const bad = await call(admin, 'PUT', '/api/church/self_update', {
      self_update_days: 0,
      self_update_groups: [],
    });
    expect(bad.statusCode).toBe(422);
    expect((bad.json() as { errors: Json }).errors).toMatchObject({
      self_update_days: 'A validade do link deve ser de 1 a 60 dias.',
    });
    const saved = await call(admin, 'PUT', '/api/church/self_update', {
      self_update_days: 3,
      self_update_groups: ['email', 'phones'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const id = await member();
      const before = Date.now();
      const made = await link(id);
      expect((Date.parse(made.expires_at) - before) / 86_400_000).toBeCloseTo(3, 1);
      const page = (await open(made.token)).json() as { fields: string[] };
      expect(page.fields).toEqual(['phone_mobile', 'phone_home', 'email']);
      const street = await submit(made.token, { street: 'Outra rua', consent: true });
      expect(street.statusCode).toBe(422);
      expect((street.json() as { errors: Json }).errors).toEqual({
        street: SELF_UPDATE_NOT_ALLOWED,
      });
      expect(
        (await submit(made.token, { email: 'NOVO@exemplo.com', consent: true })).statusCode,
      ).toBe(201);
      const [row] = (
        await call(secretary, 'GET', `/api/members/${id}/self_updates`)
      ).json() as Json[];
      expect(row.changes).toEqual({
        email: [`marta${memberCount}@exemplo.com`, 'novo@exemplo.com'],
      });
    } finally {
      await call(admin, 'PUT', '/api/church/self_update', {
        self_update_days: 7,
        self_update_groups: ['address', 'phones', 'email', 'profession', 'marital_status'],
      });
    }
  });

  it('keeps a secretary of one congregation to its members', async () => {
    const outside = await member();
    const inside = await member({ congregation_id: congregationA });
    expect((await call(scopedA, 'POST', `/api/members/${outside}/self_updates`)).statusCode).toBe(
      403,
    );
    expect((await call(scopedA, 'GET', `/api/members/${outside}/self_updates`)).statusCode).toBe(
      404,
    );
    const theirs = await link(outside);
    expect((await submit(theirs.token, newAddress)).statusCode).toBe(201);
    const mine = await link(inside, scopedA);
    expect((await submit(mine.token, newAddress)).statusCode).toBe(201);
    const listed = ((await call(scopedA, 'GET', '/api/self_updates')).json() as Json[]).map(
      (row) => row.id,
    );
    expect(listed).toContain(mine.id);
    expect(listed).not.toContain(theirs.id);
    expect((await call(scopedA, 'POST', `/api/self_updates/${theirs.id}/approve`)).statusCode).toBe(
      403,
    );
    expect((await call(scopedA, 'POST', `/api/self_updates/${theirs.id}/revoke`)).statusCode).toBe(
      403,
    );
    expect(await stored(outside)).toMatchObject({ street: 'Rua da Aurora' });
    expect((await call(scopedA, 'POST', `/api/self_updates/${mine.id}/approve`)).statusCode).toBe(
      200,
    );
    expect(await stored(inside)).toMatchObject({ street: 'Avenida Paulista' });
  });

  it('exports the links and, on anonymization, revokes them and drops what was sent', async () => {
    const id = await member();
    const sentLink = await link(id);
    expect((await submit(sentLink.token, newAddress)).statusCode).toBe(201);
    const openLink = await link(id);
    const exported = (await call(admin, 'GET', `/api/members/${id}/data_export`)).json() as {
      self_updates: Json[];
    };
    expect(exported.self_updates.map((row) => row.state)).toEqual(['open', 'pending']);
    expect(exported.self_updates[1].changes).toMatchObject({
      street: ['Rua da Aurora', 'Avenida Paulista'],
    });
    const pdf = await call(admin, 'GET', `/api/members/${id}/data_export?format=pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('Atualizações de cadastro pelo membro');
    expect(text).toContain('Logradouro: Rua da Aurora » Avenida Paulista');
    const { name } = await stored(id);
    const anonymized = await call(admin, 'POST', `/api/members/${id}/anonymize`, {
      confirmation: name,
    });
    expect(anonymized.statusCode, anonymized.body).toBe(200);
    expect((await open(openLink.token)).statusCode).toBe(410);
    const rows = await t.database.db
      .selectFrom('self_updates')
      .selectAll()
      .where('member_id', '=', id)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => [row.review_status, row.changes])).toEqual([
      ['discarded', null],
      [null, null],
    ]);
    expect(rows[1].revoked_at).not.toBeNull();
    expect(JSON.stringify(rows)).not.toContain('Paulista');
  });

  it('limits the public calls per address', async () => {
    const ip = '10.28.9.9';
    for (let i = 0; i < SELF_UPDATE_CALLS_PER_IP; i++) {
      expect((await open('y'.repeat(43), ip)).statusCode).toBe(404);
    }
    const limited = await open('y'.repeat(43), ip);
    expect(limited.statusCode).toBe(429);
    expect((limited.json() as { message: string }).message).toMatch(/Muitas tentativas/);
  });
});

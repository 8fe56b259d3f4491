// Messages (issue 28, reaching people): the church's SMTP settings with a write-only password and
// a test e-mail; an audience from the member filters (congregation, department, cell, birthday
// month) and visitors with its preview; the queue delivering to a real SMTP server on 127.0.0.1
// with the rendered text, a bounce at RCPT TO, consent and the unsubscribe link honoured; the
// claim's lease and pace; the congregation scope; WhatsApp links; the birthday greeting; and
// 20,000 members queued in one statement.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../domain/dates.js';
import { deliverOne, queueBirthdayGreetings } from '../../server/modules/messages/index.js';
import { claimDelivery } from '../../server/modules/messages/index.js';
import { closeTransports } from '../../server/modules/messages/mailer.js';
import { birthdayKeys } from '../../server/modules/messages/birthdays.js';
import { newCongregation, newMember } from '../support/churchLife.js';
import { pdfText } from '../support/pdf.js';
import { type Api, apiAs, created, query } from '../support/finance.js';
import { type TestSmtp, startTestSmtp } from '../support/smtp.js';
import { ADMIN, type TestApp, createTestApp, usingPostgres } from '../support/testApp.js';

describe('messages by e-mail and WhatsApp', () => {
  let t: TestApp;
  let admin: Api;
  let smtp: TestSmtp;
  let sede: number;
  let norte: number;
  let sul: number;
  const ids: Record<string, number> = {};

  const db = () => t.database.db;
  const dialect = () => t.database.dialect;

  /** Runs the worker until nothing is due; how many deliveries it made. */
  async function drain(worker = 'w1') {
    let count = 0;
    while (await deliverOne(db(), dialect(), worker, { leaseMs: 60_000, idleMs: 0 })) count++;
    return count;
  }

  const audience = (fields: Record<string, unknown> = {}) => ({
    members: true,
    visitors: false,
    congregation_id: null,
    department_id: null,
    cell_id: null,
    status: ['active'],
    birth_month: null,
    ...fields,
  });

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp();
    admin = apiAs(t, await t.signIn(ADMIN.email, ADMIN.password));
    sede = (
      await db().selectFrom('congregations').select('id').orderBy('id').executeTakeFirstOrThrow()
    ).id;
    norte = await newCongregation(admin, 'Congregação Norte');
    sul = await newCongregation(admin, 'Congregação Sul');
    const dept = await created(admin, '/api/departments', {
      name: 'Louvor',
      congregation_id: null,
    });
    ids.dept = dept.id;
    ids.ana = await newMember(admin, 'Ana Beatriz Souza', norte, {
      email: 'ana@exemplo.org',
      phone_mobile: '11987654321',
      birth_date: '1990-03-15',
      department_ids: [dept.id],
    });
    ids.bruno = await newMember(admin, 'Bruno Lima', norte, { email: 'bruno@exemplo.org' });
    ids.carla = await newMember(admin, 'Carla Dias', norte, {});
    ids.davi = await newMember(admin, 'Davi Recusado', norte, { email: 'recusa@exemplo.org' });
    ids.elisa = await newMember(admin, 'Elisa Revogou', norte, { email: 'elisa@exemplo.org' });
    ids.inativo = await newMember(admin, 'Fábio Inativo', norte, {
      email: 'fabio@exemplo.org',
      status: 'inactive',
    });
    ids.gil = await newMember(admin, 'Gil do Sul', sul, {
      email: 'gil@exemplo.org',
      phone_mobile: '21987654321',
    });
    // Elisa revoked her consent: the church no longer writes to her.
    const version = await db().selectFrom('consent_versions').select('id').executeTakeFirst();
    const versionId =
      version?.id ??
      (
        await created(admin, '/api/consent_versions', {
          text: 'Autorizo a {igreja} a tratar meus dados.',
          guardian_text: 'Autorizo como responsável.',
        })
      ).id;
    const now = new Date().toISOString();
    await db()
      .insertInto('member_consents')
      .values([
        {
          member_id: ids.elisa,
          consent_version_id: versionId,
          action: 'grant',
          channel: 'staff',
          at: '2025-01-01T10:00:00.000Z',
          recorded_by: null,
          guardian_name: null,
          created_at: now,
        },
        {
          member_id: ids.elisa,
          consent_version_id: versionId,
          action: 'revoke',
          channel: 'staff',
          at: '2025-06-01T10:00:00.000Z',
          recorded_by: null,
          guardian_name: null,
          created_at: now,
        },
      ])
      .execute();
  });
  afterAll(async () => {
    closeTransports();
    await t?.close();
    await smtp?.close();
  });

  it('keeps the SMTP password write-only and audits the settings without it', async () => {
    const before = await admin('GET', '/api/message_settings');
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      smtp_host: null,
      smtp_password_set: false,
      rate_per_minute: 60,
    });
    expect(before.json()).not.toHaveProperty('smtp_password');

    const bad = await admin('PUT', '/api/message_settings', { smtp_port: 70000, from_email: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      smtp_port: 'Porta inválida.',
      from_email: 'Informe um e-mail válido.',
    });

    const saved = await admin('PUT', '/api/message_settings', {
      smtp_host: '127.0.0.1',
      smtp_port: smtp.port,
      smtp_security: 'none',
      smtp_user: 'igreja',
      smtp_password: 'segredo-smtp-123',
      from_name: 'Igreja do Teste',
      from_email: 'secretaria@igreja.org',
      rate_per_minute: 6000,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ smtp_password_set: true, smtp_host: '127.0.0.1' });
    expect(JSON.stringify(saved.json())).not.toContain('segredo-smtp-123');
    // A save without the password keeps it.
    const kept = await admin('PUT', '/api/message_settings', {
      from_name: 'Igreja Evangélica do Teste',
    });
    expect(kept.json().smtp_password_set).toBe(true);
    const stored = await db()
      .selectFrom('message_settings')
      .select('smtp_password')
      .executeTakeFirstOrThrow();
    expect(stored.smtp_password).toBe('segredo-smtp-123');
    const trail = await db()
      .selectFrom('audit_log')
      .select(['changes', 'details'])
      .where('resource', '=', 'message_settings')
      .execute();
    expect(trail.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(trail)).not.toContain('segredo-smtp-123');
    expect(JSON.stringify(trail)).toContain('smtp_password_replaced');

    // A secretary limited to one congregation does not change the church's e-mail.
    const limited = apiAs(t, await t.userWithRoles(['secretary'], 'Sec Norte', [norte]));
    expect(
      (await limited('PUT', '/api/message_settings', { rate_per_minute: 10 })).statusCode,
    ).toBe(403);
    const financial = apiAs(t, await t.userWithRoles(['financial']));
    expect((await financial('GET', '/api/message_settings')).statusCode).toBe(403);
  });

  it('sends a test e-mail to the SMTP server, and says in Portuguese why one fails', async () => {
    const sent = await admin('POST', '/api/message_settings/test', { to: 'teste@exemplo.org' });
    expect(sent.statusCode, sent.body).toBe(200);
    await expect
      .poll(() => smtp.received.filter((m) => m.to === 'teste@exemplo.org').length)
      .toBe(1);
    expect(smtp.received.find((m) => m.to === 'teste@exemplo.org')!.subject).toBe(
      'Teste de e-mail do Adam',
    );
    const tested = await db()
      .selectFrom('audit_log')
      .select(['user_name', 'details'])
      .where('action', '=', 'send_test')
      .execute();
    expect(tested).toEqual([{ user_name: 'Administrador', details: '{"to":"teste@exemplo.org"}' }]);
    expect((await admin('POST', '/api/message_settings/test', { to: 'nada' })).statusCode).toBe(
      422,
    );
    const refused = await admin('POST', '/api/message_settings/test', { to: 'recusa@exemplo.org' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/^O servidor SMTP recusou o envio: 550/);
  });

  it('previews an audience: counts by state, the first people and the text for one person', async () => {
    const preview = await admin('POST', '/api/messages/preview', {
      channel: 'email',
      subject: 'Olá, {primeiro_nome}',
      body: 'Paz, {nome}! Culto especial na {congregacao} da {igreja}.',
      audience: audience({ congregation_id: norte }),
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json();
    // Ana, Bruno, Davi queued; Carla has no e-mail; Elisa revoked; Fábio is inactive (not in the filter).
    expect(body.counts).toEqual({ queued: 3, no_address: 1, no_consent: 1 });
    expect(body.total).toBe(5);
    expect(body.people.map((p: { name: string }) => p.name)).toEqual([
      'Ana Beatriz Souza',
      'Bruno Lima',
      'Carla Dias',
      'Davi Recusado',
      'Elisa Revogou',
    ]);
    expect(body.sample).toEqual({
      name: 'Ana Beatriz Souza',
      subject: 'Olá, Ana',
      body: 'Paz, Ana Beatriz Souza! Culto especial na Congregação Norte da Igreja Evangélica do Teste.',
    });
    // The list's other filters: a department, a birthday month, a status.
    const byDept = await admin('POST', '/api/messages/preview', {
      channel: 'email',
      subject: 'x',
      body: 'y',
      audience: audience({ department_id: ids.dept }),
    });
    expect(byDept.json().total).toBe(1);
    const byMonth = await admin('POST', '/api/messages/preview', {
      channel: 'email',
      subject: 'x',
      body: 'y',
      audience: audience({ birth_month: 3 }),
    });
    expect(byMonth.json().people.map((p: { name: string }) => p.name)).toEqual([
      'Ana Beatriz Souza',
    ]);
    const inactive = await admin('POST', '/api/messages/preview', {
      channel: 'email',
      subject: 'x',
      body: 'y',
      audience: audience({ status: ['inactive'] }),
    });
    expect(inactive.json().people.map((p: { name: string }) => p.name)).toEqual(['Fábio Inativo']);
    // Bad input: 422 in Portuguese, never a 500.
    const bad = await admin('POST', '/api/messages/preview', {
      channel: 'fax',
      body: '',
      audience: { members: false, visitors: false, birth_month: 13 },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      channel: 'Escolha e-mail ou WhatsApp.',
      body: 'Escreva a mensagem.',
    });
  });

  it('delivers to the SMTP server with the rendered text, records a bounce, and keeps one Message-ID per delivery', async () => {
    smtp.received.length = 0;
    const message = await created(admin, '/api/messages', {
      channel: 'email',
      subject: 'Convite para {primeiro_nome}',
      body: 'Querido(a) {nome}, venha ao culto de Santa Ceia na {congregacao}.',
      audience: audience({ congregation_id: norte }),
    });
    expect(message.counts).toEqual({ queued: 3, no_address: 1, no_consent: 1 });
    expect(await drain()).toBe(3);
    expect(await drain()).toBe(0);

    const mails = smtp.received.filter((m) => m.to !== 'recusa@exemplo.org');
    expect(mails.map((m) => m.to).sort()).toEqual(['ana@exemplo.org', 'bruno@exemplo.org']);
    const ana = mails.find((m) => m.to === 'ana@exemplo.org')!;
    expect(ana.subject).toBe('Convite para Ana');
    expect(ana.text).toContain(
      'Querido(a) Ana Beatriz Souza, venha ao culto de Santa Ceia na Congregação Norte.',
    );
    expect(ana.text).toMatch(/Descadastre-se: http:\/\/localhost:80\/descadastrar\/[0-9a-f]{32}/);
    expect(ana.headers).toMatch(
      /List-Unsubscribe: <http:\/\/localhost:80\/descadastrar\/[0-9a-f]{32}>/,
    );
    const deliveries = await admin(
      'GET',
      `/api/messages/${message.id}/deliveries?${query({ sort: ['name', 'ASC'] })}`,
    );
    expect(deliveries.statusCode).toBe(200);
    const log = deliveries.json() as Array<{
      id: number;
      name: string;
      status: string;
      error: string | null;
    }>;
    expect(log.map((row) => [row.name, row.status])).toEqual([
      ['Ana Beatriz Souza', 'sent'],
      ['Bruno Lima', 'sent'],
      ['Carla Dias', 'no_address'],
      ['Davi Recusado', 'bounced'],
      ['Elisa Revogou', 'no_consent'],
    ]);
    expect(log[3].error).toBe('O servidor recusou o destinatário: 550 Caixa postal inexistente');
    const anaRow = log[0];
    expect(ana.messageId).toBe(`<adam.m${message.id}.d${anaRow.id}@igreja.org>`);

    const shown = await admin('GET', `/api/messages/${message.id}`);
    expect(shown.json().counts).toEqual({ sent: 2, bounced: 1, no_address: 1, no_consent: 1 });
    const list = await admin('GET', '/api/messages');
    expect(list.json()[0]).toMatchObject({ id: message.id, total: 5, counts: { sent: 2 } });
    const trail = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('resource', '=', 'messages')
      .where('record_id', '=', message.id)
      .execute();
    expect(trail.map((row) => row.action)).toEqual(['create']);
  });

  it('honours the unsubscribe link: the public page, then the person skipped and shown as such', async () => {
    const token = /descadastrar\/([0-9a-f]{32})/.exec(
      smtp.received.find((m) => m.to === 'bruno@exemplo.org')!.text,
    )![1];
    const anonymous = (method: 'GET' | 'POST', url: string) => t.app.inject({ method, url });
    expect((await anonymous('GET', '/api/public/unsubscribe/abc')).statusCode).toBe(404);
    expect((await anonymous('GET', `/api/public/unsubscribe/${'0'.repeat(32)}`)).statusCode).toBe(
      404,
    );
    const info = await anonymous('GET', `/api/public/unsubscribe/${token}`);
    expect(info.json()).toEqual({
      first_name: 'Bruno',
      church: 'Igreja Evangélica do Teste',
      unsubscribed: false,
    });
    expect((await anonymous('POST', `/api/public/unsubscribe/${token}`)).statusCode).toBe(200);
    expect((await anonymous('POST', `/api/public/unsubscribe/${token}`)).json()).toEqual({
      unsubscribed: true,
    });
    expect((await anonymous('GET', `/api/public/unsubscribe/${token}`)).json().unsubscribed).toBe(
      true,
    );

    const next = await created(admin, '/api/messages', {
      channel: 'email',
      subject: 'Aviso',
      body: 'Aviso geral',
      audience: audience({ congregation_id: norte }),
    });
    expect(next.counts).toEqual({ queued: 2, unsubscribed: 1, no_address: 1, no_consent: 1 });
    const trail = await db()
      .selectFrom('audit_log')
      .select(['member_id', 'user_id'])
      .where('resource', '=', 'message_opt_outs')
      .execute();
    expect(trail).toEqual([{ member_id: ids.bruno, user_id: null }]);
    await drain();
  });

  it('leases a claim: another worker waits for the lease, then takes it over with the same Message-ID; the pace holds', async () => {
    const message = await created(admin, '/api/messages', {
      channel: 'email',
      subject: 'Lease',
      body: 'Texto',
      audience: audience({ congregation_id: sul }),
    });
    const first = await claimDelivery(db(), dialect(), 'morto', 30_000);
    expect(first?.delivery).toMatchObject({
      message_id: message.id,
      status: 'sending',
      attempts: 1,
      leased_by: 'morto',
    });
    // Its worker died: nobody else takes it while the lease runs.
    expect(await claimDelivery(db(), dialect(), 'vivo', 30_000)).toBeNull();
    const later = Date.now() + 31_000;
    const again = await claimDelivery(db(), dialect(), 'vivo', 30_000, later);
    expect(again?.delivery).toMatchObject({
      id: first!.delivery.id,
      attempts: 2,
      leased_by: 'vivo',
    });
    // The dead worker's late answer changes nothing: the delivery is the new worker's.
    await db()
      .updateTable('message_deliveries')
      .set({ lease_until: new Date(0).toISOString() })
      .where('id', '=', first!.delivery.id)
      .execute();
    expect(await drain('vivo')).toBe(1);
    const gil = smtp.received.filter((m) => m.to === 'gil@exemplo.org');
    expect(gil).toHaveLength(1);
    expect(gil[0].messageId).toBe(`<adam.m${message.id}.d${first!.delivery.id}@igreja.org>`);

    // The pace: at 2 a minute, a third claim within the minute waits.
    await admin('PUT', '/api/message_settings', { rate_per_minute: 2 });
    await db()
      .updateTable('message_deliveries')
      .set({ sent_at: new Date(Date.now() - 120_000).toISOString() })
      .execute();
    await created(admin, '/api/messages', {
      channel: 'email',
      subject: 'Ritmo',
      body: 'Texto',
      audience: audience({ congregation_id: norte }),
    });
    expect(await drain()).toBe(2);
    const left = await db()
      .selectFrom('message_deliveries')
      .select('id')
      .where('status', '=', 'queued')
      .execute();
    expect(left).toHaveLength(0);
    await admin('PUT', '/api/message_settings', { rate_per_minute: 6000 });
  });

  it('puts a delivery back in the queue when the SMTP server cannot be reached, with the reason in Portuguese', async () => {
    await admin('PUT', '/api/message_settings', { smtp_port: 9 });
    const message = await created(admin, '/api/messages', {
      channel: 'email',
      subject: 'Sem servidor',
      body: 'Texto',
      audience: audience({ congregation_id: sul }),
    });
    expect(await drain()).toBe(1);
    const [row] = await db()
      .selectFrom('message_deliveries')
      .selectAll()
      .where('message_id', '=', message.id)
      .execute();
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row.error).toMatch(/^Não foi possível conectar ao servidor SMTP \(.*ECONNREFUSED/);
    expect(Date.parse(row.available_at!)).toBeGreaterThan(Date.now() + 50_000);
    await admin('PUT', '/api/message_settings', { smtp_port: smtp.port });
    await db()
      .updateTable('message_deliveries')
      .set({ available_at: new Date().toISOString() })
      .where('id', '=', row.id)
      .execute();
    expect(await drain()).toBe(1);
    expect((await admin('GET', `/api/messages/${message.id}`)).json().counts).toEqual({ sent: 1 });
  });

  it('keeps a secretary of one congregation to its members and messages', async () => {
    const limited = apiAs(t, await t.userWithRoles(['secretary'], 'Secretária Sul', [sul]));
    const outside = await limited('POST', '/api/messages/preview', {
      channel: 'email',
      subject: 'x',
      body: 'y',
      audience: audience({ congregation_id: norte }),
    });
    expect(outside.statusCode).toBe(403);
    const own = await limited('POST', '/api/messages/preview', {
      channel: 'email',
      subject: 'x',
      body: 'y',
      audience: audience(),
    });
    expect(own.json().people.map((p: { name: string }) => p.name)).toEqual(['Gil do Sul']);
    const mine = await created(limited, '/api/messages', {
      channel: 'email',
      subject: 'Sul',
      body: 'Só o sul',
      audience: audience(),
    });
    expect(mine).toMatchObject({ congregation_id: sul, total: 1 });
    // The admin's messages to the Norte are not the Sul secretary's to read.
    const listed = (await limited('GET', '/api/messages')).json() as Array<{
      id: number;
      congregation_id: number | null;
    }>;
    expect(listed.every((m) => m.congregation_id === sul)).toBe(true);
    const norteMessage = await db()
      .selectFrom('messages')
      .select('id')
      .where('congregation_id', '=', norte)
      .executeTakeFirstOrThrow();
    expect((await limited('GET', `/api/messages/${norteMessage.id}`)).statusCode).toBe(404);
    expect((await limited('GET', `/api/messages/${norteMessage.id}/deliveries`)).statusCode).toBe(
      404,
    );
    const leader = apiAs(t, await t.userWithRoles(['leader'], 'Líder'));
    expect((await leader('GET', '/api/messages')).statusCode).toBe(403);
    await drain();
  });

  it('sends a member the self-update link by e-mail through the queue, only with the link’s own token', async () => {
    smtp.received.length = 0;
    const link = await created(admin, `/api/members/${ids.ana}/self_updates`, {});
    const url = `/api/self_updates/${link.id}/email`;
    // Only the token the screen was shown opens the link's e-mail.
    const wrong = await admin('POST', url, { token: 'x'.repeat(43) });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.token).toContain('não é o código deste link');
    expect((await admin('POST', url, {})).statusCode).toBe(422);
    // A secretary of another congregation does not write to Ana (Norte).
    const sulSecretary = apiAs(t, await t.userWithRoles(['secretary'], 'Sec do Sul', [sul]));
    expect((await sulSecretary('POST', url, { token: link.token })).statusCode).toBe(403);

    const sent = await admin('POST', url, { token: link.token });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'queued', status_label: 'Na fila' });
    expect(await drain()).toBe(1);
    expect(smtp.received.map((mail) => mail.to)).toEqual(['ana@exemplo.org']);
    expect(smtp.received[0].text).toContain(`/atualizar_cadastro/${link.token}`);
    expect(smtp.received[0].text).toContain('Olá, Ana!');
    // The trail names the message, never the token.
    const trail = await db()
      .selectFrom('audit_log')
      .select(['changes', 'details'])
      .where('resource', '=', 'messages')
      .where('member_id', '=', ids.ana)
      .execute();
    expect(trail.length).toBe(1);
    expect(JSON.stringify(trail)).not.toContain(link.token);

    // Who revoked consent, or unsubscribed, is not written to: the answer says so.
    for (const [member, status] of [
      [ids.elisa, 'no_consent'],
      [ids.bruno, 'unsubscribed'],
    ] as const) {
      const other = await created(admin, `/api/members/${member}/self_updates`, {});
      const refused = await admin('POST', `/api/self_updates/${other.id}/email`, {
        token: other.token,
      });
      expect(refused.json()).toMatchObject({ status });
    }
    expect(await drain()).toBe(0);

    // A revoked link is not sent.
    expect((await admin('POST', `/api/self_updates/${link.id}/revoke`)).statusCode).toBe(200);
    const revoked = await admin('POST', url, { token: link.token });
    expect(revoked.statusCode).toBe(409);
    expect(revoked.json().message).toContain('não pode mais ser enviado');
  });

  it('lists WhatsApp links with the text filled in, each marked as sent when clicked', async () => {
    const visitor = await created(admin, '/api/visitors', {
      name: 'Helena Visitante',
      congregation_id: norte,
      phone: '11912345678',
      contact_consent: true,
    });
    await created(admin, '/api/visitors', {
      name: 'Ivo Sem Consentimento',
      congregation_id: norte,
    });
    const message = await created(admin, '/api/messages', {
      channel: 'whatsapp',
      body: 'Olá, {primeiro_nome}! Esperamos você no domingo na {congregacao}.',
      audience: audience({ congregation_id: norte, visitors: true }),
    });
    // Ana and Helena have a phone; Carla and Davi none; Bruno unsubscribed; Elisa and Ivo no consent.
    expect(message.counts).toEqual({ pending: 2, no_address: 2, unsubscribed: 1, no_consent: 2 });
    const rows = (
      await admin(
        'GET',
        `/api/messages/${message.id}/deliveries?${query({ filter: { status: 'pending' } })}`,
      )
    ).json();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ name: 'Ana Beatriz Souza', address: '11987654321' });
    expect(rows[0].whatsapp_url).toBe(
      `https://wa.me/5511987654321?text=${encodeURIComponent('Olá, Ana! Esperamos você no domingo na Congregação Norte.')}`,
    );
    const all = (await admin('GET', `/api/messages/${message.id}/deliveries`)).json() as Array<{
      name: string;
      status: string;
      visitor_id: number | null;
    }>;
    expect(all.find((row) => row.visitor_id === visitor.id)).toMatchObject({ status: 'pending' });
    const clicked = await admin(
      'POST',
      `/api/messages/${message.id}/deliveries/${rows[0].id}/sent`,
    );
    expect(clicked.statusCode, clicked.body).toBe(200);
    expect((await admin('GET', `/api/messages/${message.id}`)).json().counts.sent).toBe(1);
    const noPhone = all.find((row) => row.name === 'Bruno Lima') as unknown as { id: number };
    expect(
      (await admin('POST', `/api/messages/${message.id}/deliveries/${noPhone.id}/sent`)).statusCode,
    ).toBe(400);
    // WhatsApp rows never reach the e-mail worker.
    expect(await drain()).toBe(0);
  });

  it('greets the day’s birthdays once, when the church opted in', async () => {
    const today = todayIso();
    const year = Number(today.slice(0, 4));
    await newMember(admin, 'Joana Aniversariante', norte, {
      email: 'joana@exemplo.org',
      birth_date: `${year - 30}${today.slice(4)}`,
    });
    // Off by default: nothing queued, and the day is not used up.
    expect(await queueBirthdayGreetings(db(), dialect(), 'http://igreja.test', today)).toBeNull();
    await admin('PUT', '/api/message_settings', { birthday_enabled: true });
    const id = await queueBirthdayGreetings(db(), dialect(), 'http://igreja.test', today);
    expect(id).not.toBeNull();
    expect(await queueBirthdayGreetings(db(), dialect(), 'http://igreja.test', today)).toBeNull();
    const rows = await db()
      .selectFrom('message_deliveries')
      .select(['name', 'status'])
      .where('message_id', '=', id!)
      .execute();
    expect(rows.filter((row) => row.name === 'Joana Aniversariante')).toEqual([
      { name: 'Joana Aniversariante', status: 'queued' },
    ]);
    smtp.received.length = 0;
    await drain();
    const mail = smtp.received.find((m) => m.to === 'joana@exemplo.org')!;
    expect(mail.subject).toBe('Feliz aniversário, Joana!');
    expect(mail.text).toContain('A Igreja Evangélica do Teste celebra com você');
    expect(birthdayKeys('2027-02-28')).toEqual([228, 229]);
    expect(birthdayKeys('2028-02-28')).toEqual([228]);
  });

  it('reaches a cell’s members', async () => {
    const cell = await created(admin, '/api/cells', {
      name: 'Célula Esperança',
      congregation_id: norte,
    });
    const put = await admin('PUT', `/api/cells/${cell.id}/members`, {
      member_ids: [ids.ana, ids.carla],
    });
    expect(put.statusCode, put.body).toBe(200);
    const preview = await admin('POST', '/api/messages/preview', {
      channel: 'whatsapp',
      body: 'Oi, {primeiro_nome}',
      audience: audience({ cell_id: cell.id }),
    });
    expect(
      preview.json().people.map((p: { name: string; status: string }) => [p.name, p.status]),
    ).toEqual([
      ['Ana Beatriz Souza', 'pending'],
      ['Carla Dias', 'no_address'],
    ]);
  });

  it('puts the messages in the data subject’s export, and anonymization erases their address', async () => {
    const exported = await admin('GET', `/api/members/${ids.ana}/data_export`);
    expect(exported.statusCode).toBe(200);
    const { messages } = exported.json();
    expect(messages.unsubscribed_at).toBeNull();
    expect(messages.deliveries.length).toBeGreaterThanOrEqual(3);
    expect(messages.deliveries).toContainEqual(
      expect.objectContaining({
        subject: 'Convite para {primeiro_nome}',
        address: 'ana@exemplo.org',
        status: 'sent',
        status_label: 'Enviada',
        channel_label: 'E-mail',
      }),
    );
    const pdf = await admin('GET', `/api/members/${ids.ana}/data_export?format=pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Mensagens');
    expect(text).toContain('ana@exemplo.org');
    expect(
      (await admin('GET', `/api/members/${ids.bruno}/data_export`)).json().messages.unsubscribed_at,
    ).not.toBeNull();

    const done = await admin('POST', `/api/members/${ids.ana}/anonymize`, {
      confirmation: 'Ana Beatriz Souza',
    });
    expect(done.statusCode, done.body).toBe(200);
    const rows = await db()
      .selectFrom('message_deliveries')
      .select(['name', 'address', 'status'])
      .where('member_id', '=', ids.ana)
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(
      rows.every((row) => row.address === null && row.name.startsWith('Titular anonimizado')),
    ).toBe(true);
    expect(rows.some((row) => row.status === 'sent')).toBe(true);
  });

  it(
    'queues a message to 20,000 members in one statement, within 5 seconds',
    { timeout: 120_000 },
    async () => {
      const now = new Date().toISOString();
      const rows = Array.from({ length: 20_000 }, (_, i) => ({
        name: `Membro ${i}`,
        sort_name: `membro ${i}`,
        search: `membro ${i}`,
        email: `m${i}@massa.org`,
        has_photo: usingPostgres ? false : 0,
        holy_spirit_baptism: usingPostgres ? false : 0,
        status: 'active',
        congregation_id: sede,
        created_at: now,
        updated_at: now,
      }));
      for (let i = 0; i < rows.length; i += 500) {
        await db()
          .insertInto('members')
          .values(rows.slice(i, i + 500) as never)
          .execute();
      }
      const started = performance.now();
      const message = await created(admin, '/api/messages', {
        channel: 'email',
        subject: 'Todos',
        body: 'Para a igreja toda',
        audience: audience({ congregation_id: sede }),
      });
      const ms = performance.now() - started;
      console.log(`20.000 membros na fila em ${Math.round(ms)} ms (${t.database.dialect.name})`);
      expect(message.counts.queued).toBe(20_000);
      expect(ms).toBeLessThan(5_000);
      await db().deleteFrom('message_deliveries').where('message_id', '=', message.id).execute();
    },
  );
});

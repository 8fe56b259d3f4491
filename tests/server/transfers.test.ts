// Issue 28, the two-phase transfer: a transfer letter opens an outgoing transfer (requested →
// sent → confirmed, or cancelled), the member stays on the roll "em transferência" until the
// receiving church confirms through the public page with the letter's code; incoming transfers;
// scope; the migration of the transfer letters issued before.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../domain/dates.js';
import { TRANSFER_CODE_REFUSED, formatTransferCode } from '../../domain/transfers.js';
import { TRANSFER_CHECKS_PER_WINDOW } from '../../server/modules/transfers/routes.js';
import { pdfText } from '../support/pdf.js';
import { withMigrationDatabase } from '../support/migrations.js';
import {
  type SessionHeaders,
  TEST_CHURCH,
  type TestApp,
  createTestApp,
  usingPostgres,
} from '../support/testApp.js';

describe('transfers between churches', () => {
  let t: TestApp;
  let secretary: SessionHeaders;
  let ipCount = 0;
  const year = Number(todayIso().slice(0, 4));

  const call = (headers: SessionHeaders, method: string, url: string, payload?: unknown) =>
    t.app.inject({ method: method as 'GET', url, headers, payload: payload as object });
  const api = (method: string, url: string, payload?: unknown) =>
    call(secretary, method, url, payload);
  /** The public page's calls, each from an address of its own unless one is given. */
  const publicCall = (path: string, payload: unknown, ip = `10.28.0.${++ipCount}`) =>
    t.app.inject({
      method: 'POST',
      url: `/api/public/transfers/${path}`,
      payload: payload as object,
      remoteAddress: ip,
    });

  const member = async (name: string, extra: Record<string, unknown> = {}) => {
    const response = await api('POST', '/api/members', { name, status: 'active', ...extra });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  };
  const transferLetter = async (memberId: number) => {
    const response = await api('POST', '/api/letters', {
      member_id: memberId,
      letter_type: 'transfer',
      destination_church: 'Igreja Batista Central',
      destination_city: 'Natal/RN',
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as {
      id: number;
      number_text: string;
      transfer_id: number;
      transfer_state: string;
      confirmation_code: string;
    };
  };
  const statusOf = async (id: number) => (await api('GET', `/api/members/${id}`)).json().status;
  const byStatus = async () =>
    (await api('GET', '/api/dashboard')).json().members.by_status as Record<string, number>;
  const transfer = async (id: number) => (await api('GET', `/api/transfers/${id}`)).json();

  beforeAll(async () => {
    t = await createTestApp();
    secretary = await t.userWithRoles(['secretary'], 'Secretária Ana');
  });
  afterAll(() => t.close());

  it('letter → em transferência → sent → confirmed by the receiving church; the roll counts follow', async () => {
    const id = await member('Transferência Completa');
    const card = (await api('POST', '/api/credentials', { member_id: id })).json();
    const before = await byStatus();

    const letter = await transferLetter(id);
    expect(letter.transfer_state).toBe('requested');
    expect(formatTransferCode(letter.confirmation_code)).toMatch(/^([0-9A-Z]{4}-){3}[0-9A-Z]{4}$/);
    expect(await statusOf(id)).toBe('transferring');
    // Still on the roll, card still valid, until the receiving church confirms.
    let counts = await byStatus();
    expect(counts.active).toBe(before.active - 1);
    expect(counts.transferring).toBe(before.transferring + 1);
    expect(counts.transferred).toBe(before.transferred);
    expect(
      (await t.app.inject({ url: `/api/public/credentials/${card.code}` })).json().status,
    ).toBe('valid');
    // The report of the roll counts the same way (its totals row).
    const roll = (await api('GET', '/api/reports/members_by_congregation')).json();
    expect(roll.at(-1)).toMatchObject({ is_total: true, transferring: counts.transferring });
    expect(roll.at(-1).active).toBe(counts.active);
    // The code is stored only as its hash.
    const stored = await t.database.db
      .selectFrom('transfers')
      .selectAll()
      .where('id', '=', letter.transfer_id)
      .executeTakeFirstOrThrow();
    expect(stored.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(letter.confirmation_code);

    const sent = await api('POST', `/api/transfers/${letter.transfer_id}/sent`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ state: 'sent', sent_by: 'Secretária Ana' });
    expect((await api('POST', `/api/transfers/${letter.transfer_id}/sent`)).statusCode).toBe(409);
    counts = await byStatus();
    expect(counts.transferring).toBe(before.transferring + 1);

    // What the letter shows, and nothing else; typed with dashes, spaces and lower case.
    const typed = formatTransferCode(letter.confirmation_code).toLowerCase().replace('-', ' ');
    const lookup = await publicCall('lookup', { code: typed });
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect(lookup.json()).toEqual({
      member_name: 'Transferência Completa',
      origin_church: TEST_CHURCH.name,
      origin_city: expect.any(String),
      letter_number: letter.number_text,
      letter_date: todayIso(),
    });

    const missing = await publicCall('confirm', { code: letter.confirmation_code });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      receiving_church: 'Informe o nome da igreja que recebe o membro.',
      confirmed_by: 'Informe o seu nome.',
    });
    expect(await statusOf(id)).toBe('transferring');

    const confirmed = await publicCall('confirm', {
      code: letter.confirmation_code,
      receiving_church: 'Igreja Batista Central de Natal',
      confirmed_by: 'Pr. Marcos Lima',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().message).toMatch(/^Transferência confirmada\./);
    expect(await statusOf(id)).toBe('transferred');
    expect((await api('GET', `/api/credentials/${card.id}`)).json().state).toBe('revoked');
    counts = await byStatus();
    expect(counts.transferring).toBe(before.transferring);
    expect(counts.transferred).toBe(before.transferred + 1);
    expect(counts.active).toBe(before.active - 1);

    // The sending church sees who confirmed and when.
    expect(await transfer(letter.transfer_id)).toMatchObject({
      state: 'confirmed',
      receiving_church: 'Igreja Batista Central de Natal',
      confirmed_by_name: 'Pr. Marcos Lima',
      confirmed_by: null,
      confirmed_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      church: 'Igreja Batista Central',
      letter_number: letter.number_text,
    });
    const report = await api(
      'GET',
      `/api/reports/issued_letters?filter=${encodeURIComponent(JSON.stringify({ letter_type: 'transfer' }))}`,
    );
    expect(report.json().find((row: { id: number }) => row.id === letter.id)).toMatchObject({
      transfer_state: 'confirmed',
      receiving_church: 'Igreja Batista Central de Natal',
    });

    // Every step in the trail, with who.
    const trail = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'resource', 'user_name'])
      .where('member_id', '=', id)
      .orderBy('id')
      .execute();
    expect(trail.filter((row) => row.resource === 'transfers')).toEqual([
      { action: 'create', resource: 'transfers', user_name: 'Secretária Ana' },
      { action: 'send', resource: 'transfers', user_name: 'Secretária Ana' },
      { action: 'confirm', resource: 'transfers', user_name: null },
    ]);

    // A used code is refused, and nothing changes.
    for (const path of ['lookup', 'confirm']) {
      const again = await publicCall(path, {
        code: letter.confirmation_code,
        receiving_church: 'Outra',
        confirmed_by: 'Outro',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(TRANSFER_CODE_REFUSED.confirmed);
    }
    expect((await api('POST', `/api/transfers/${letter.transfer_id}/cancel`)).statusCode).toBe(409);
    expect((await transfer(letter.transfer_id)).receiving_church).toBe(
      'Igreja Batista Central de Natal',
    );
  });

  it('a cancelled transfer returns the member to the roll as before, and its code is refused', async () => {
    const id = await member('Transferência Cancelada');
    const before = await byStatus();
    const letter = await transferLetter(id);
    const cancelled = await api('POST', `/api/transfers/${letter.transfer_id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ state: 'cancelled', cancelled_by: 'Secretária Ana' });
    expect(await statusOf(id)).toBe('active');
    expect(await byStatus()).toEqual(before);
    const refused = await publicCall('confirm', {
      code: letter.confirmation_code,
      receiving_church: 'Igreja X',
      confirmed_by: 'Fulano',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(TRANSFER_CODE_REFUSED.cancelled);
    expect(await statusOf(id)).toBe('active');
    const twice = await api('POST', `/api/transfers/${letter.transfer_id}/cancel`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/foi cancelada/);
  });

  it('two confirmations of one code at once: one confirms, the other is refused', async () => {
    const id = await member('Confirmação Dupla');
    const letter = await transferLetter(id);
    const inTransfer = await api(
      'GET',
      `/api/members?filter=${encodeURIComponent(JSON.stringify({ status: 'transferring' }))}`,
    );
    expect(inTransfer.json().map((row: { id: number }) => row.id)).toContain(id);
    const answers = await Promise.all(
      ['Igreja Um', 'Igreja Dois'].map((church) =>
        publicCall('confirm', {
          code: letter.confirmation_code,
          receiving_church: church,
          confirmed_by: 'Alguém',
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const confirmations = await t.database.db
      .selectFrom('audit_log')
      .select('id')
      .where('resource', '=', 'transfers')
      .where('action', '=', 'confirm')
      .where('record_id', '=', letter.transfer_id)
      .execute();
    expect(confirmations).toHaveLength(1);
    expect(await statusOf(id)).toBe('transferred');
  });

  it('refuses bad codes with one message, and limits each address', async () => {
    for (const code of ['', 'abc', 'ABCD-EFGH-JKMN-PQRS-TVWX', 'ABCD-EFGH-JKMN-PQR!', 42]) {
      const response = await publicCall('lookup', { code });
      expect(response.statusCode, String(code)).toBe(404);
      expect(response.json().message).toBe(TRANSFER_CODE_REFUSED.unknown);
    }
    const unknown = await publicCall('confirm', {
      code: '0000-0000-0000-0000',
      receiving_church: 'Igreja',
      confirmed_by: 'Alguém',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(TRANSFER_CODE_REFUSED.unknown);

    const ip = '203.0.113.28';
    for (let i = 0; i < TRANSFER_CHECKS_PER_WINDOW; i++) {
      expect((await publicCall('lookup', { code: 'x' }, ip)).statusCode).toBe(404);
    }
    const id = await member('Código Bloqueado');
    const letter = await transferLetter(id);
    const blocked = await publicCall(
      'confirm',
      { code: letter.confirmation_code, receiving_church: 'Igreja', confirmed_by: 'Alguém' },
      ip,
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(
      /^Muitas tentativas a partir desta conexão\. Tente novamente em \d+ minutos?\.$/,
    );
    expect(await statusOf(id)).toBe('transferring');
    expect((await publicCall('lookup', { code: letter.confirmation_code })).statusCode).toBe(200);
  });

  it('"em transferência" is given and taken only by a transfer', async () => {
    const id = await member('Situação Travada');
    const set = await api('PUT', `/api/members/${id}`, { status: 'transferring' });
    expect(set.statusCode).toBe(422);
    expect(set.json().errors.status).toMatch(/vem de uma carta de transferência/);
    const created = await api('POST', '/api/members', { name: 'Nova', status: 'transferring' });
    expect(created.statusCode).toBe(422);
    await transferLetter(id);
    const unset = await api('PUT', `/api/members/${id}`, { status: 'active' });
    expect(unset.statusCode).toBe(422);
    expect(unset.json().errors.status).toMatch(/confirme ou cancele a transferência/);
    const other = await member('Outro da Seleção');
    const bulk = await api('POST', '/api/members/bulk', {
      ids: [other, id],
      action: 'set_status',
      status: 'inactive',
    });
    expect(bulk.statusCode).toBe(422);
    expect(await statusOf(other)).toBe('active');
    expect(await statusOf(id)).toBe('transferring');
    // Still on the roll: found by the culto's check-in until the receiving church confirms.
    const { congregation_id } = (await api('GET', `/api/members/${id}`)).json();
    const culto = await api('POST', '/api/gatherings', {
      name: 'Culto de domingo',
      congregation_id,
      date: todayIso(),
    });
    expect(culto.statusCode, culto.body).toBe(201);
    const people = await api('GET', `/api/gatherings/${culto.json().id}/people?q=travada`);
    expect(people.json().map((person: { id: number }) => person.id)).toContain(id);
    // Other fields of a member in transfer are still edited.
    const phone = await api('PUT', `/api/members/${id}`, { phone_mobile: '11987654321' });
    expect(phone.statusCode, phone.body).toBe(200);
  });

  it('prints the letter with its code and QR code; a new print gets a new code', async () => {
    const id = await member('Carta Com Código');
    const letter = await transferLetter(id);
    const print = (code?: string) =>
      api('POST', `/api/letters/${letter.id}/pdf`, code === undefined ? {} : { code });
    const same = await print(letter.confirmation_code);
    expect(same.statusCode, same.body).toBe(200);
    expect(same.headers['content-type']).toBe('application/pdf');
    const text = (await pdfText(same.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain(formatTransferCode(letter.confirmation_code));
    expect(text).toContain('Confirmação do recebimento');
    expect(text).toContain('/confirmar-transferencia');

    const wrong = await print('0000-0000-0000-0000');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code).toBe('Este não é o código desta carta.');
    // The plain print carries no code.
    const plain = await api('GET', `/api/letters/${letter.id}/pdf`);
    expect(await pdfText(plain.rawPayload)).not.toContain('Confirmação do recebimento');

    const renewed = await print();
    expect(renewed.statusCode).toBe(200);
    const renewedText = (await pdfText(renewed.rawPayload)).replace(/\s+/g, ' ');
    const newCode = renewedText.match(/([0-9A-Z]{4}-){3}[0-9A-Z]{4}/)![0];
    expect(newCode).not.toBe(formatTransferCode(letter.confirmation_code));
    expect((await publicCall('lookup', { code: letter.confirmation_code })).statusCode).toBe(404);
    expect((await publicCall('lookup', { code: newCode })).statusCode).toBe(200);
  });

  it('records an incoming transfer: a new member or an existing one, admitted by letter', async () => {
    const fresh = await api('POST', '/api/transfers', {
      name: 'Chegou Por Carta',
      origin_church: 'Assembleia de Deus em Olinda',
      origin_city: 'Olinda/PE',
      letter_number: '45/2026',
      letter_date: '2026-01-10',
      admission_date: '2026-02-01',
    });
    expect(fresh.statusCode, fresh.body).toBe(201);
    expect(fresh.json()).toMatchObject({
      direction: 'incoming',
      state: 'confirmed',
      church: 'Assembleia de Deus em Olinda',
      city: 'Olinda/PE',
      letter_number: '45/2026',
      letter_date: '2026-01-10',
      member_name: 'Chegou Por Carta',
    });
    const admitted = (await api('GET', `/api/members/${fresh.json().member_id}`)).json();
    expect(admitted).toMatchObject({
      status: 'active',
      admission_type: 'transfer_letter',
      admission_date: '2026-02-01',
      origin_church: 'Assembleia de Deus em Olinda',
    });

    const returning = await member('Voltou Por Carta', { status: 'inactive' });
    const existing = await api('POST', '/api/transfers', {
      member_id: returning,
      origin_church: 'Igreja Presbiteriana de Recife',
      origin_city: 'Recife/PE',
      letter_number: '7',
      letter_date: '2026-03-01',
      admission_date: '2026-03-05',
    });
    expect(existing.statusCode, existing.body).toBe(201);
    expect(await statusOf(returning)).toBe('active');
    // The admission by letter is each member's reception on the timeline (issue 28's marcos).
    for (const [memberId, date, church] of [
      [fresh.json().member_id, '2026-02-01', 'Assembleia de Deus em Olinda'],
      [returning, '2026-03-05', 'Igreja Presbiteriana de Recife'],
    ]) {
      const timeline = (await api('GET', `/api/members/${memberId}/milestones`)).json();
      expect(timeline).toEqual([
        expect.objectContaining({
          kind: 'reception',
          date,
          admission_type: 'transfer_letter',
          origin_church: church,
        }),
      ]);
    }

    const invalid = await api('POST', '/api/transfers', {
      origin_church: ' ',
      letter_date: '2999-01-01',
      admission_date: 'ontem',
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toMatchObject({
      origin_church: 'Informe a igreja de origem.',
      origin_city: 'Informe a cidade de origem.',
      letter_number: 'Informe o número da carta.',
      letter_date: 'Data da carta não pode estar no futuro.',
      admission_date: 'Data inválida: use DD/MM/AAAA.',
    });
    const list = await api(
      'GET',
      `/api/transfers?filter=${encodeURIComponent(JSON.stringify({ direction: 'incoming' }))}`,
    );
    expect(list.json().map((row: { member_name: string }) => row.member_name)).toEqual(
      expect.arrayContaining(['Chegou Por Carta', 'Voltou Por Carta']),
    );
    // A member with a transfer on record is not deleted.
    const deleted = await api('DELETE', `/api/members/${fresh.json().member_id}`);
    expect(deleted.statusCode).toBe(409);
  });

  it("the data export lists the transfers; anonymization kills an open one's code", async () => {
    const id = await member('Titular Em Transferência');
    const letter = await transferLetter(id);
    const admin = await t.userWithRoles(['admin']);
    const exported = await call(admin, 'GET', `/api/members/${id}/data_export?format=json`);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json().transfers).toEqual([
      expect.objectContaining({
        direction: 'outgoing',
        state: 'requested',
        state_label: 'Solicitada',
        church: 'Igreja Batista Central',
        letter_number: letter.number_text,
      }),
    ]);
    const erased = await call(admin, 'POST', `/api/members/${id}/anonymize`, {
      confirmation: 'Titular Em Transferência',
    });
    expect(erased.statusCode, erased.body).toBe(200);
    const lookup = await publicCall('lookup', { code: letter.confirmation_code });
    expect(lookup.statusCode).toBe(404);
    expect(lookup.json().message).toBe(TRANSFER_CODE_REFUSED.unknown);
  });

  it('keeps each secretary inside her congregations', async () => {
    const congregation = (
      await call(await t.userWithRoles(['admin']), 'POST', '/api/congregations', {
        name: 'Congregação Transferências',
        kind: 'congregacao',
      })
    ).json();
    expect(congregation.id).toBeGreaterThan(0);
    const local = await t.userWithRoles(['secretary'], 'Secretária Local', [congregation.id]);
    const id = await member('Da Sede Em Transferência');
    const letter = await transferLetter(id);
    const list = await call(local, 'GET', '/api/transfers');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((row: { id: number }) => row.id)).not.toContain(letter.transfer_id);
    // Outside her congregations, it does not exist for her.
    expect((await call(local, 'GET', `/api/transfers/${letter.transfer_id}`)).statusCode).toBe(404);
    for (const step of ['sent', 'cancel']) {
      const response = await call(local, 'POST', `/api/transfers/${letter.transfer_id}/${step}`);
      expect(response.statusCode).toBe(403);
    }
    const confirm = await call(local, 'POST', `/api/transfers/${letter.transfer_id}/confirm`, {
      receiving_church: 'Igreja',
      confirmed_by: 'Alguém',
    });
    expect(confirm.statusCode).toBe(403);
    expect((await call(local, 'POST', `/api/letters/${letter.id}/pdf`, {})).statusCode).toBe(403);
    const outside = await call(local, 'POST', '/api/transfers', {
      member_id: id,
      origin_church: 'Igreja',
      origin_city: 'Cidade',
      letter_number: '1',
      letter_date: '2026-01-01',
      admission_date: '2026-01-02',
    });
    expect(outside.statusCode).toBe(403);
    expect(await statusOf(id)).toBe('transferring');
    // The treasurer has no business with transfers.
    const treasurer = await t.userWithRoles(['financial']);
    expect((await call(treasurer, 'GET', '/api/transfers')).statusCode).toBe(403);
    expect(year).toBeGreaterThan(2000);
  });
});

describe('migration 0051 on a database with letters', () => {
  it('makes each transfer letter issued in Adam a confirmed transfer; paper letters stay', async () => {
    await withMigrationDatabase(async (database, migrator) => {
      expect((await migrator.migrateTo('0048_folded_presence')).error).toBeUndefined();
      const old = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      const bool = (value: boolean) => (usingPostgres ? value : Number(value));
      const now = '2026-05-04T13:00:00.000Z';
      const memberOf = async (name: string, status: string) =>
        Number(
          (
            await old
              .insertInto('members')
              .values({
                name,
                sort_name: name.toLowerCase(),
                search: name.toLowerCase(),
                custom_fields: '{}',
                holy_spirit_baptism: bool(false),
                has_photo: bool(false),
                status,
                congregation_id: 1,
                created_at: now,
                updated_at: now,
              })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        );
      const letterOf = async (memberId: number, type: string, number: number, paper: boolean) =>
        Number(
          (
            await old
              .insertInto('letters')
              .values({
                member_id: memberId,
                letter_type: type,
                year: 2026,
                number,
                issued_on: '2026-05-04',
                destination_church: 'Igreja Destino',
                destination_city: 'Cidade',
                issued_on_paper: bool(paper),
                created_at: now,
              })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        );
      const gone = await memberOf('Já Transferido', 'transferred');
      const issued = await letterOf(gone, 'transfer', 1, false);
      const paperMember = await memberOf('Transferido no Papel', 'transferred');
      await letterOf(paperMember, 'transfer', 2, true);
      const recommended = await memberOf('Recomendado', 'active');
      await letterOf(recommended, 'recommendation', 3, false);

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const transfers = await old.selectFrom('transfers').selectAll().execute();
      expect(transfers).toHaveLength(1);
      expect(transfers[0]).toMatchObject({
        direction: 'outgoing',
        state: 'confirmed',
        member_id: gone,
        letter_id: issued,
        code_hash: null,
      });
      expect(new Date(String(transfers[0].confirmed_at)).toISOString()).toBe(now);
      const statuses = await old.selectFrom('members').select(['id', 'status']).execute();
      expect(statuses.find((row) => row.id === gone)?.status).toBe('transferred');

      const down = await migrator.migrateTo('0048_folded_presence');
      expect(down.error).toBeUndefined();
    });
  });
});

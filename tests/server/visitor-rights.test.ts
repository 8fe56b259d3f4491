// Issue 26, a visitor's rights under LGPD: a visitor who never became a member — with a phone, a
// note, who invited them, a consent and a visit — is exported whole (JSON and a PDF) by those who
// read visitors in the visitor's congregation, then anonymized by an admin: afterwards every
// column of every table is searched for the old name, phone and note and none is found, while the
// culto's counts, the visit and the consent facts stay. A converted visitor belongs to the member's
// record: both routes answer 409 and point there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPhone } from '../../domain/formats.js';
import {
  ANONYMIZED_VISITOR_LOCKED,
  VISITOR_CONFIRMATION_MISMATCH,
  VISITOR_IS_MEMBER,
} from '../../domain/subjectRights.js';
import { databaseCellsHolding } from '../support/databaseCells.js';
import { type Api, apiAs, created } from '../support/finance.js';
import { flatPdfText } from '../support/pdf.js';
import { ADMIN, type TestApp, createTestApp } from '../support/testApp.js';

const NAME = 'Hermenegildo Pimpão Visitante';
const PHONE = '11976543210';
const NOTE = 'Veio com a prima Eulália Trindade';

describe("a visitor's rights: export and anonymization", () => {
  let t: TestApp;
  let admin: Api;
  let secretaryB: Api;
  let treasurer: Api;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    admin = apiAs(t, await t.signIn(ADMIN.email, ADMIN.password));
    const congregation = async (name: string) =>
      (await created(admin, '/api/congregations', { name, kind: 'congregacao' })).id as number;
    ids.A = await congregation('Congregação Betel');
    ids.B = await congregation('Congregação Siloé');
    ids.ana = (
      await created(admin, '/api/members', {
        name: 'Ana Betel',
        congregation_id: ids.A,
        status: 'active',
      })
    ).id;
    const service = await created(admin, '/api/worship_services', {
      name: 'Culto de domingo',
      congregation_id: ids.A,
      weekday: 0,
      time: '19:00',
    });
    const culto = await admin('POST', `/api/worship_services/${service.id}/open`, {
      date: '2026-11-01',
    });
    ids.culto = culto.json().id;
    const visitor = await created(admin, '/api/visitors', {
      name: NAME,
      phone: PHONE,
      invited_by_id: ids.ana,
      first_visit: true,
      contact_consent: true,
      gathering_id: ids.culto,
    });
    ids.visitor = visitor.id;
    const edit = await admin('PUT', `/api/visitors/${ids.visitor}`, { notes: NOTE });
    expect(edit.statusCode, edit.body).toBe(200);
    const secretary = await t.userWithRoles(['secretary'], 'Secretária Siloé');
    await t.database.db
      .updateTable('users')
      .set({ congregation_ids: JSON.stringify([ids.B]) })
      .where('id', '=', secretary.id)
      .execute();
    secretaryB = apiAs(t, secretary);
    treasurer = apiAs(t, await t.userWithRoles(['financial'], 'Tesoureiro'));
  });
  afterAll(() => t?.close());

  it('exports the whole record as JSON and as a PDF, audited', async () => {
    const response = await admin('GET', `/api/visitors/${ids.visitor}/data_export`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain('dados-do-visitante-');
    const file = response.json();
    expect(file).not.toHaveProperty('church');
    expect(file.visitor).toMatchObject({
      name: NAME,
      phone: PHONE,
      notes: NOTE,
      invited_by_name: 'Ana Betel',
      congregation_name: 'Congregação Betel',
      contact_consent: true,
      first_visit: true,
    });
    expect(file.visitor.consents).toHaveLength(1);
    expect(file.visitor.consents[0]).toMatchObject({ action: 'grant', action_label: 'Consentimento dado' });
    expect(file.visitor.consents[0].text.length).toBeGreaterThan(20);
    expect(file.visitor.visits).toEqual([{ name: 'Culto de domingo', date: '2026-11-01' }]);
    // The trail: the record's creation and edit, and the check-in.
    expect(file.audit_entries.length).toBeGreaterThanOrEqual(3);

    const pdf = await admin('GET', `/api/visitors/${ids.visitor}/data_export?format=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const text = await flatPdfText(pdf.rawPayload);
    for (const part of ['Dados do visitante', NAME, formatPhone(PHONE), 'Ana Betel', 'Visitas']) {
      expect(text).toContain(part);
    }

    const bad = await admin('GET', `/api/visitors/${ids.visitor}/data_export?format=xml`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Formato inválido: use json ou pdf.');

    const exports = await t.database.db
      .selectFrom('audit_log')
      .select(['details'])
      .where('resource', '=', 'visitors')
      .where('record_id', '=', ids.visitor)
      .where('action', '=', 'export')
      .execute();
    expect(exports).toHaveLength(2);
  });

  it('only for those who read the visitor: outside the congregation 404, finance 403', async () => {
    const outside = await secretaryB('GET', `/api/visitors/${ids.visitor}/data_export`);
    expect(outside.statusCode).toBe(404);
    expect(outside.json().message).not.toContain(NAME);
    expect((await treasurer('GET', `/api/visitors/${ids.visitor}/data_export`)).statusCode).toBe(
      403,
    );
    const missing = await admin('GET', '/api/visitors/99999999/data_export');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Visitante não encontrado.');
    // Anonymizing is the admins'; outside the congregations is a refusal too.
    for (const api of [secretaryB, treasurer]) {
      const refused = await api('POST', `/api/visitors/${ids.visitor}/anonymize`, {
        confirmation: NAME,
      });
      expect(refused.statusCode).toBe(403);
    }
  });

  it('anonymizes: no trace of the name, phone or note anywhere; visits and consents stay', async () => {
    const values = [NAME, PHONE, formatPhone(PHONE), NOTE];
    expect((await databaseCellsHolding(t.database.db, values)).length).toBeGreaterThan(3);
    const before = (await admin('GET', `/api/gatherings/${ids.culto}`)).json();

    const wrong = await admin('POST', `/api/visitors/${ids.visitor}/anonymize`, {
      confirmation: 'hermenegildo pimpão visitante',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.confirmation).toBe(VISITOR_CONFIRMATION_MISMATCH);

    const done = await admin('POST', `/api/visitors/${ids.visitor}/anonymize`, {
      confirmation: `  ${NAME.replace(/ /g, '   ')} `,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().name).toMatch(/^Visitante anonimizado nº \d+$/);

    expect(await databaseCellsHolding(t.database.db, values)).toEqual([]);
    const visitor = (await admin('GET', `/api/visitors/${ids.visitor}`)).json();
    expect(visitor).toMatchObject({
      name: done.json().name,
      phone: null,
      notes: null,
      invited_by_id: null,
      visit_count: 1,
    });
    expect(visitor.anonymized_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(visitor.consents).toHaveLength(1);
    const after = (await admin('GET', `/api/gatherings/${ids.culto}`)).json();
    expect(after.totals).toEqual(before.totals);

    // The anonymization's own entry names the fields that held a value, never the value.
    const entry = await t.database.db
      .selectFrom('audit_log')
      .select(['changes'])
      .where('resource', '=', 'visitors')
      .where('action', '=', 'anonymize')
      .executeTakeFirstOrThrow();
    expect(Object.keys(JSON.parse(entry.changes)).sort()).toEqual([
      'invited_by_id',
      'name',
      'notes',
      'phone',
    ]);

    // Done for good: no second time, no new personal data, no consent, no conversion.
    const again = await admin('POST', `/api/visitors/${ids.visitor}/anonymize`, {
      confirmation: done.json().name,
    });
    expect(again.statusCode).toBe(409);
    for (const [method, url, body] of [
      ['PUT', `/api/visitors/${ids.visitor}`, { name: NAME, notes: NOTE }],
      ['POST', `/api/visitors/${ids.visitor}/consents`, { action: 'grant' }],
      ['POST', `/api/visitors/${ids.visitor}/convert`, {}],
    ] as const) {
      const locked = await admin(method, url, body);
      expect(locked.statusCode, url).toBe(409);
      expect(locked.json().message).toBe(ANONYMIZED_VISITOR_LOCKED);
    }
    expect(await databaseCellsHolding(t.database.db, values)).toEqual([]);
    // The export still answers, with what is left.
    const file = (await admin('GET', `/api/visitors/${ids.visitor}/data_export`)).json();
    expect(file.visitor.name).toBe(done.json().name);
    expect(file.visitor.visits).toHaveLength(1);
  });

  it("a visitor who became a member: the member's record answers for them", async () => {
    const visitor = await created(admin, '/api/visitors', {
      name: 'Clemente Convertido',
      congregation_id: ids.A,
    });
    const converted = await admin('POST', `/api/visitors/${visitor.id}/convert`, {});
    expect(converted.statusCode, converted.body).toBe(201);
    for (const [method, url, body] of [
      ['GET', `/api/visitors/${visitor.id}/data_export`, undefined],
      ['POST', `/api/visitors/${visitor.id}/anonymize`, { confirmation: 'Clemente Convertido' }],
    ] as const) {
      const refused = await admin(method, url, body);
      expect(refused.statusCode, url).toBe(409);
      expect(refused.json().message).toBe(VISITOR_IS_MEMBER);
    }
  });
});

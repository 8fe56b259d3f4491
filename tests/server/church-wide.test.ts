// Church-wide settings (issue 22): the audit trail's retention, the privacy notice's block, a
// custom field's "visible to every role" and the consent texts reach every congregation, so only
// an admin of the whole church changes them (domain/access.ts CHURCH_WIDE_SETTINGS). A secretary
// limited to one congregation once set the retention to one year — and the daily purge then
// deleted the trail —, renamed the encarregado on the public notice and showed a "Dizimista"
// field to users without any role.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../domain/access.js';
import { type Api, type Row, apiAs, created } from '../support/finance.js';
import { ADMIN, type TestApp, createTestApp } from '../support/testApp.js';

describe('church-wide settings belong to admins of the whole church', () => {
  let t: TestApp;
  let admin: Api;
  let congregation = 0;
  const users: Record<string, Api> = {};

  const userOf = async (roles: Role[], congregations: number[]) =>
    apiAs(t, await t.userWithRoles(roles, undefined, congregations));
  const church = async () =>
    t.database.db.selectFrom('church').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp();
    admin = apiAs(t, await t.signIn(ADMIN.email, ADMIN.password));
    congregation = (
      await created(admin, '/api/congregations', { name: 'Congregação Leste', kind: 'congregacao' })
    ).id;
    users.scopedSecretary = await userOf(['secretary'], [congregation]);
    users.secretary = await userOf(['secretary'], []);
    users.scopedAdmin = await userOf(['admin'], [congregation]);
  });
  afterAll(() => t?.close());

  it('refuses the retention and the privacy block to anyone but a whole-church admin', async () => {
    const before = await church();
    const changes: Array<[object, string]> = [
      [{ audit_retention_years: 1 }, 'a guarda do registro de auditoria'],
      [{ dpo_name: 'Encarregado Trocado' }, 'o nome do encarregado'],
      [{ dpo_email: 'outro@exemplo.org' }, 'o e-mail do encarregado'],
      [
        { privacy_retention: 'Guardamos para sempre.' },
        'o prazo de guarda do aviso de privacidade',
      ],
      [{ privacy_sharing: 'Vendemos a todos.' }, 'o compartilhamento do aviso de privacidade'],
    ];
    for (const who of ['scopedSecretary', 'secretary', 'scopedAdmin']) {
      for (const [body, words] of changes) {
        const response = await users[who]('PUT', '/api/church', body);
        expect(response.statusCode, `${who} ${JSON.stringify(body)}`).toBe(403);
        expect(response.json().message).toBe(
          `Só um administrador sem limite de congregação pode alterar ${words}: valem para a igreja toda.`,
        );
      }
    }
    expect(await church()).toEqual(before);
    // Several at once are named together.
    const both = await users.scopedSecretary('PUT', '/api/church', {
      audit_retention_years: 1,
      dpo_name: 'X',
    });
    expect(both.json().message).toBe(
      'Só um administrador sem limite de congregação pode alterar a guarda do registro de ' +
        'auditoria e o nome do encarregado: valem para a igreja toda.',
    );
  });

  it('keeps the rest of the church form for a secretary of the whole church, the whole record sent back', async () => {
    const record = (await users.secretary('GET', '/api/church')).json() as Row;
    const saved = await users.secretary('PUT', '/api/church', {
      ...record,
      id: undefined,
      updated_at: undefined,
      phone: '3133334444',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().phone).toBe('3133334444');
  });

  // Issue 24: a secretary limited to one congregation renamed the church, changed its logo,
  // address and the cards' validity for every congregation.
  it("refuses any change of the church's data to a user limited to congregations", async () => {
    const before = await church();
    const record = (await users.scopedSecretary('GET', '/api/church')).json() as Row;
    const logo = `data:image/png;base64,${'iVBORw0KGgo'.padEnd(40, 'A')}`;
    const changes: object[] = [
      { name: 'Igreja Renomeada' },
      { logo },
      { street: 'Rua Trocada', city: 'Outra Cidade' },
      { credential_validity_months: 6 },
      // The whole record sent back unchanged would still confirm the cards' validity.
      { ...record, id: undefined, updated_at: undefined },
    ];
    for (const who of ['scopedSecretary', 'scopedAdmin']) {
      for (const body of changes) {
        const response = await users[who]('PUT', '/api/church', body);
        expect(response.statusCode, `${who} ${JSON.stringify(body).slice(0, 80)}`).toBe(403);
        expect(response.json().message).toBe(
          'Os dados da igreja valem para todas as congregações: só um usuário sem limite de ' +
            'congregação pode alterá-los.',
        );
      }
    }
    expect(await church()).toEqual(before);
  });

  it('lets a whole-church admin change them', async () => {
    const saved = await admin('PUT', '/api/church', {
      audit_retention_years: 7,
      dpo_name: 'Ana Encarregada',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await church()).toMatchObject({ audit_retention_years: 7, dpo_name: 'Ana Encarregada' });
  });

  it('a custom field reaches every role only by a whole-church admin', async () => {
    const refused = await users.scopedSecretary('POST', '/api/custom_fields', {
      label: 'Dizimista',
      field_type: 'boolean',
      visible_to_all: true,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('“Visível para todos os perfis”');
    const field = await created(users.scopedSecretary, '/api/custom_fields', {
      label: 'Dizimista',
      field_type: 'boolean',
    });
    expect(field.visible_to_all).toBe(false);
    for (const who of ['scopedSecretary', 'secretary', 'scopedAdmin']) {
      const widened = await users[who]('PUT', `/api/custom_fields/${field.id}`, {
        visible_to_all: true,
      });
      expect(widened.statusCode, who).toBe(403);
    }
    // Its other settings stay the secretary's, the flag sent back unchanged.
    const renamed = await users.scopedSecretary('PUT', `/api/custom_fields/${field.id}`, {
      ...field,
      label: 'Dizimista fiel',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const widened = await admin('PUT', `/api/custom_fields/${field.id}`, { visible_to_all: true });
    expect(widened.statusCode).toBe(200);
    expect(widened.json().visible_to_all).toBe(true);
    // And back: narrowing is church-wide too.
    expect(
      (await users.secretary('PUT', `/api/custom_fields/${field.id}`, { visible_to_all: false }))
        .statusCode,
    ).toBe(403);
  });

  it('the consent texts are saved by a whole-church admin only', async () => {
    const texts = {
      text: 'Autorizo a {igreja} a guardar os meus dados de membro (revisão da congregação).',
      guardian_text: 'Sou responsável legal por esta pessoa e autorizo o cadastro dela.',
    };
    const refused = await users.scopedAdmin('POST', '/api/consent_versions', texts);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Só um administrador sem limite de congregação pode alterar os textos de consentimento: ' +
        'valem para a igreja toda.',
    );
    expect((await admin('POST', '/api/consent_versions', texts)).statusCode).toBe(201);
  });
});

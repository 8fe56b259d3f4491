// The privacy notice's facts (issue 13): the encarregado and the church's wording are church
// settings (PUT /api/church; church-wide, so an admin of the whole church's since issue 22),
// answered without login by GET /api/public/privacy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SessionHeaders, type TestApp, createTestApp } from '../support/testApp.js';

describe('privacy notice settings', () => {
  let t: TestApp;
  let admin: SessionHeaders;
  let secretary: SessionHeaders;
  let financial: SessionHeaders;

  beforeAll(async () => {
    // A new installation: the church's name is still the placeholder.
    t = await createTestApp({ blankChurch: true });
    admin = await t.userWithRoles(['admin']);
    secretary = await t.userWithRoles(['secretary']);
    financial = await t.userWithRoles(['financial']);
  });
  afterAll(async () => {
    await t?.close();
  });

  const put = (session: SessionHeaders, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/church', headers: session, payload });
  const publicPrivacy = () => t.app.inject({ method: 'GET', url: '/api/public/privacy' });

  it('starts empty: no encarregado, the standard wording', async () => {
    const response = await publicPrivacy();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Minha Igreja',
      dpo_name: null,
      dpo_email: null,
      privacy_retention: null,
      privacy_sharing: null,
    });
  });

  it('saves the encarregado and the wording from the church form and publishes them', async () => {
    const saved = await put(admin, {
      name: 'Igreja Batista Esperança',
      cnpj: '11.222.333/0001-81',
      street: 'Rua da Paz',
      number: '100',
      city: 'Recife',
      state: 'PE',
      dpo_name: 'Débora Encarregada',
      dpo_email: 'LGPD@Esperanca.org.br',
      privacy_retention: 'Guardamos por 5 anos após o desligamento.',
      privacy_sharing: '   ',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      dpo_name: 'Débora Encarregada',
      dpo_email: 'lgpd@esperanca.org.br',
      privacy_sharing: null,
    });
    const response = await publicPrivacy();
    expect(response.json()).toEqual({
      name: 'Igreja Batista Esperança',
      cnpj: '11222333000181',
      email: null,
      phone: null,
      street: 'Rua da Paz',
      number: '100',
      complement: null,
      district: null,
      city: 'Recife',
      state: 'PE',
      zip_code: null,
      dpo_name: 'Débora Encarregada',
      dpo_email: 'lgpd@esperanca.org.br',
      privacy_retention: 'Guardamos por 5 anos após o desligamento.',
      privacy_sharing: null,
    });
    // Nothing else of the church's settings, and no session needed.
    expect(response.json()).not.toHaveProperty('logo');
  });

  it('refuses a bad e-mail and an overlong text in Portuguese, and the treasurer', async () => {
    const bad = await put(secretary, {
      dpo_email: 'não é e-mail',
      privacy_retention: 'x'.repeat(1501),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      dpo_email: 'Informe um e-mail válido.',
      privacy_retention: 'Prazo de guarda: no máximo 1500 caracteres.',
    });
    expect((await put(financial, { dpo_name: 'Outro' })).statusCode).toBe(403);
  });
});

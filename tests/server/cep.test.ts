// GET /api/cep/:cep and /api/public/cep/:cep against a fake ViaCEP and BrasilAPI on 127.0.0.1:
// the first service that knows the CEP answers, a CEP no service knows is a 404, services down
// or slow are a 503 in Portuguese, and answers are cached.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PUBLIC_CEP_LOOKUPS_PER_IP } from '../../server/modules/cep/routes.js';
import { type FakeCep, startFakeCep } from '../support/fakeCep.js';
import { type SessionHeaders, type TestApp, createTestApp } from '../support/testApp.js';

const SE = { street: 'Praça da Sé', district: 'Sé', city: 'São Paulo', state: 'SP' };
const COPACABANA = {
  street: 'Avenida Atlântica',
  district: 'Copacabana',
  city: 'Rio de Janeiro',
  state: 'RJ',
};

describe('CEP lookup', () => {
  let fake: FakeCep;
  let t: TestApp;
  let secretary: SessionHeaders;
  let financial: SessionHeaders;

  beforeAll(async () => {
    fake = await startFakeCep();
    // Each service gets 1 s: a machine busy with other suites answers a local request in far
    // less, and a "slow" fake takes ten times that. Node loads its fetch on first use, which on a
    // busy machine took over 300 ms; one request beforehand takes that out of the first test.
    t = await createTestApp({
      cep: { viaCepUrl: fake.viaCepUrl, brasilApiUrl: fake.brasilApiUrl, timeoutMs: 1_000 },
    });
    await fetch(fake.viaCepUrl.replace('{cep}', '00000000'));
    secretary = await t.userWithRoles(['secretary']);
    financial = await t.userWithRoles(['financial']);
    fake.viaCep.addresses.set('01001000', SE);
    fake.brasilApi.addresses.set('22021001', COPACABANA);
    fake.brasilApi.addresses.set('01001000', { ...SE, street: 'Outra' });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.viaCep.behaviour = 'answer';
    fake.brasilApi.behaviour = 'answer';
    fake.viaCep.hits.length = 0;
    fake.brasilApi.hits.length = 0;
  });

  const get = (url: string, headers: Record<string, string> = secretary) =>
    t.app.inject({ method: 'GET', url, headers });

  it('answers the address ViaCEP knows, for any signed-in user, and keeps it', async () => {
    const response = await get('/api/cep/01001-000');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      zip_code: '01001000',
      street: 'Praça da Sé',
      district: 'Sé',
      city: 'São Paulo',
      state: 'SP',
    });
    expect(fake.viaCep.hits).toEqual(['01001000']);
    expect(fake.brasilApi.hits).toEqual([]);
    // The second lookup (another user, another spelling) comes from the cache.
    const again = await get('/api/cep/01.001-000', financial);
    expect(again.json().city).toBe('São Paulo');
    expect(fake.viaCep.hits).toEqual(['01001000']);
  });

  it('asks BrasilAPI when ViaCEP does not know the CEP or is down', async () => {
    const response = await get('/api/cep/22021001');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ district: 'Copacabana', state: 'RJ' });
    expect(fake.viaCep.hits).toEqual(['22021001']);
    expect(fake.brasilApi.hits).toEqual(['22021001']);

    fake.viaCep.behaviour = 'down';
    fake.brasilApi.addresses.set('30130010', {
      street: 'Avenida Afonso Pena',
      district: 'Centro',
      city: 'Belo Horizonte',
      state: 'MG',
    });
    const fallback = await get('/api/cep/30130010');
    expect(fallback.statusCode).toBe(200);
    expect(fallback.json().city).toBe('Belo Horizonte');
  });

  it('a CEP no service knows is a 404 in Portuguese (and is remembered)', async () => {
    const response = await get('/api/cep/99999999');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(
      'CEP não encontrado. Confira o número ou preencha o endereço.',
    );
    expect(fake.viaCep.hits).toEqual(['99999999']);
    expect(fake.brasilApi.hits).toEqual(['99999999']);
    expect((await get('/api/cep/99999999')).statusCode).toBe(404);
    expect(fake.viaCep.hits).toHaveLength(1);
  });

  it('refuses a malformed CEP with a 400 in Portuguese, asking no service', async () => {
    for (const cep of ['123', '010010001', 'abcdefgh', '01001-00x', '%20']) {
      const response = await get(`/api/cep/${cep}`);
      expect(response.statusCode, cep).toBe(400);
      expect(response.json().message).toBe('CEP inválido: informe os 8 dígitos.');
    }
    expect(fake.viaCep.hits).toEqual([]);
  });

  it('services down or too slow: a 503 in Portuguese, not cached', async () => {
    fake.viaCep.behaviour = 'down';
    fake.brasilApi.behaviour = 'down';
    const down = await get('/api/cep/04538133');
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toMatch(/^Não foi possível consultar o CEP agora\./);

    fake.viaCep.behaviour = 'slow';
    fake.brasilApi.behaviour = 'slow';
    const started = Date.now();
    const slow = await get('/api/cep/04538133');
    expect(slow.statusCode).toBe(503);
    // Two timeouts of 1 s, not the services' 10 s.
    expect(Date.now() - started).toBeLessThan(5_000);

    // Back up: the failure was not remembered.
    fake.viaCep.behaviour = 'answer';
    fake.viaCep.addresses.set('04538133', {
      street: 'Avenida Brigadeiro Faria Lima',
      district: 'Itaim Bibi',
      city: 'São Paulo',
      state: 'SP',
    });
    const back = await get('/api/cep/04538133');
    expect(back.statusCode).toBe(200);
    expect(back.json().district).toBe('Itaim Bibi');
  });

  it('needs a session at /api/cep; the public page has its own route, limited per IP', async () => {
    expect((await get('/api/cep/01001000', {})).statusCode).toBe(401);
    const open = await get('/api/public/cep/01001000', {});
    expect(open.statusCode).toBe(200);
    expect(open.json().street).toBe('Praça da Sé');
    expect((await get('/api/public/cep/1', {})).statusCode).toBe(400);
    // Every request here comes from the same address: spend the rest of its budget.
    let last = open;
    for (let i = 2; i <= PUBLIC_CEP_LOOKUPS_PER_IP + 1; i += 1) {
      last = await get('/api/public/cep/01001000', {});
    }
    expect(last.statusCode).toBe(429);
    expect(last.json().message).toMatch(/^Muitas consultas de CEP/);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    // Signed-in users are not limited by it.
    expect((await get('/api/cep/01001000')).statusCode).toBe(200);
  });

  it('is described in the OpenAPI document', async () => {
    const { id: _id, ...admin } = await t.userWithRoles(['admin']);
    const { paths } = (await get('/api/openapi.json', admin)).json();
    expect(paths['/api/cep/{cep}'].get.description).toBe('Papéis: admin, secretary, financial.');
    expect(paths['/api/public/cep/{cep}'].get.description).toBe('Sem login.');
    expect(paths['/api/cep/{cep}'].get.parameters[0]).toMatchObject({ in: 'path', name: 'cep' });
  });
});

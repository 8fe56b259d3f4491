// The session protocol (SPEC §3, §4, §7, §8; DESIGN §4, §6) as seen through the providers,
// against an msw stand-in for the API.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { HttpError } from 'react-admin';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SignInError, authProvider } from '../../src/providers/authProvider';
import { dataProvider } from '../../src/providers/dataProvider';
import { camelCaseKeys, snakeCaseKeys } from '../../src/providers/case';

const SESSION_KEY = 'adamSession';
const CURRENT_USER_KEY = 'adamCurrentUser';

/** msw pattern for an API path; the app fetches relative URLs resolved against jsdom's location. */
const api = (path: string) => `*/api/${path}`;

const server = setupServer();

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());

const STORED_SESSION = {
  'access-token': 'token-old',
  client: 'client-1',
  uid: 'ana@igreja.org.br',
  expiry: '1900000000',
  'token-type': 'Bearer',
};

const SIGN_IN_HEADERS = {
  'access-token': 'token-new',
  client: 'client-1',
  uid: 'ana@igreja.org.br',
  expiry: '1900000100',
  'token-type': 'Bearer',
};

const USER_ON_THE_WIRE = {
  id: 1,
  name: 'Ana Souza',
  email: 'ana@igreja.org.br',
  roles: ['admin'],
  created_at: '2024-03-01T12:00:00.000Z',
  allow_password_change: false,
};

function storeSession(session: Record<string, string> = STORED_SESSION): void {
  localStorage.setItem(SESSION_KEY, JSON.stringify(session));
}

function storedSession(): Record<string, string> | null {
  const text = localStorage.getItem(SESSION_KEY);
  return text ? (JSON.parse(text) as Record<string, string>) : null;
}

function storedUser(): Record<string, unknown> | null {
  const text = localStorage.getItem(CURRENT_USER_KEY);
  return text ? (JSON.parse(text) as Record<string, unknown>) : null;
}

/** Runs `promise` expecting it to reject, and hands back what it rejected with. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

/** Answers GET /api/dashboard with `init` and records the request headers. */
function dashboardAnswering(init: { status?: number; headers?: Record<string, string> }) {
  const seen: Headers[] = [];
  server.use(
    http.get(api('dashboard'), ({ request }) => {
      seen.push(request.headers);
      return HttpResponse.json(
        init.status && init.status >= 400 ? { errors: ['Negado.'] } : { members: 3 },
        init,
      );
    }),
  );
  return seen;
}

describe('sign-in', () => {
  it('posts the e-mail and password as JSON and stores the five session headers and the camelCased user', async () => {
    const requests: { method: string; contentType: string | null; body: unknown }[] = [];
    server.use(
      http.post(api('auth/sign_in'), async ({ request }) => {
        requests.push({
          method: request.method,
          contentType: request.headers.get('content-type'),
          body: await request.json(),
        });
        return HttpResponse.json(
          { data: USER_ON_THE_WIRE },
          { headers: { ...SIGN_IN_HEADERS, 'cache-control': 'no-store', 'x-request-id': 'abc' } },
        );
      }),
    );

    await authProvider.login({ email: 'ana@igreja.org.br', password: 'segredo123' });

    expect(requests).toEqual([
      {
        method: 'POST',
        contentType: 'application/json',
        body: { email: 'ana@igreja.org.br', password: 'segredo123' },
      },
    ]);
    expect(storedSession()).toEqual(SIGN_IN_HEADERS);
    expect(storedUser()).toEqual({
      id: 1,
      name: 'Ana Souza',
      email: 'ana@igreja.org.br',
      roles: ['admin'],
      createdAt: '2024-03-01T12:00:00.000Z',
      allowPasswordChange: false,
    });
  });

  it('makes checkAuth resolve only once signed in', async () => {
    server.use(
      http.post(api('auth/sign_in'), () =>
        HttpResponse.json({ data: USER_ON_THE_WIRE }, { headers: SIGN_IN_HEADERS }),
      ),
    );

    expect(await rejection(authProvider.checkAuth({}))).toMatchObject({ redirectTo: '/login' });
    await authProvider.login({ email: 'ana@igreja.org.br', password: 'segredo123' });
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
  });

  it('exposes the signed-in user as identity and roles as permissions', async () => {
    server.use(
      http.post(api('auth/sign_in'), () =>
        HttpResponse.json({ data: USER_ON_THE_WIRE }, { headers: SIGN_IN_HEADERS }),
      ),
    );
    await authProvider.login({ email: 'ana@igreja.org.br', password: 'segredo123' });

    await expect(authProvider.getIdentity!()).resolves.toEqual({
      id: 1,
      fullName: 'Ana Souza',
      email: 'ana@igreja.org.br',
    });
    await expect(authProvider.getPermissions!({})).resolves.toEqual(['admin']);
  });

  it('rejects with the server errors as the message and stores nothing when the credentials are wrong', async () => {
    server.use(
      http.post(api('auth/sign_in'), () =>
        HttpResponse.json(
          { success: false, errors: ['E-mail ou senha inválidos.'] },
          { status: 401 },
        ),
      ),
    );

    const error = await rejection(
      authProvider.login({ email: 'ana@igreja.org.br', password: 'errada' }),
    );

    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('E-mail ou senha inválidos.');
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(localStorage.getItem(CURRENT_USER_KEY)).toBeNull();
    await expect(authProvider.checkAuth({})).rejects.toBeDefined();
  });

  it("sends the second factor's code, and says when the server asks for one (issue 22)", async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(api('auth/sign_in'), async ({ request }) => {
        const body = (await request.json()) as { otp_code?: string };
        sent.push(body);
        return body.otp_code === '123456'
          ? HttpResponse.json({ data: USER_ON_THE_WIRE }, { headers: SIGN_IN_HEADERS })
          : HttpResponse.json(
              { success: false, errors: ['Informe o código.'], two_factor_required: true },
              { status: 401 },
            );
      }),
    );
    const error = await rejection(
      authProvider.login({ email: 'ana@igreja.org.br', password: 'segredo123' }),
    );
    expect(error).toBeInstanceOf(SignInError);
    expect(error).toMatchObject({ message: 'Informe o código.', needs: 'code' });
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();

    await authProvider.login({
      email: 'ana@igreja.org.br',
      password: 'segredo123',
      otpCode: '123456',
    });
    expect(sent).toEqual([
      { email: 'ana@igreja.org.br', password: 'segredo123' },
      { email: 'ana@igreja.org.br', password: 'segredo123', otp_code: '123456' },
    ]);
    expect(JSON.parse(localStorage.getItem(SESSION_KEY)!)['access-token']).toBe('token-new');
  });

  it("says when the church requires the second factor's setup before signing in", async () => {
    server.use(
      http.post(api('auth/sign_in'), () =>
        HttpResponse.json(
          { success: false, errors: ['Configure.'], two_factor_setup_required: true },
          { status: 401 },
        ),
      ),
    );
    const error = await rejection(
      authProvider.login({ email: 'ana@igreja.org.br', password: 'segredo123' }),
    );
    expect(error).toMatchObject({ message: 'Configure.', needs: 'setup' });
  });

  it('passes on the raw HttpError when the failure carries no errors array', async () => {
    server.use(
      http.post(api('auth/sign_in'), () =>
        HttpResponse.json({ message: 'Falha interna.' }, { status: 500 }),
      ),
    );

    const error = await rejection(
      authProvider.login({ email: 'ana@igreja.org.br', password: 'segredo123' }),
    );

    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 500,
      message: 'Falha interna.',
      body: { message: 'Falha interna.' },
    });
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(localStorage.getItem(CURRENT_USER_KEY)).toBeNull();
  });

  it('passes on the raw network error when the server cannot be reached', async () => {
    server.use(http.post(api('auth/sign_in'), () => HttpResponse.error()));

    const error = await rejection(
      authProvider.login({ email: 'ana@igreja.org.br', password: 'segredo123' }),
    );

    expect(error).toBeInstanceOf(TypeError);
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('does not create a session when the sign-in response carries no access-token', async () => {
    const withoutToken = Object.fromEntries(
      Object.entries(SIGN_IN_HEADERS).filter(([name]) => name !== 'access-token'),
    );
    server.use(
      http.post(api('auth/sign_in'), () =>
        HttpResponse.json({ data: USER_ON_THE_WIRE }, { headers: withoutToken }),
      ),
    );

    await authProvider.login({ email: 'ana@igreja.org.br', password: 'segredo123' });

    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    await expect(authProvider.checkAuth({})).rejects.toBeDefined();
  });
});

describe('session headers', () => {
  it('sends the stored access-token, client and uid with every request', async () => {
    storeSession();
    const seen: Headers[] = [];
    server.use(
      http.get(api('dashboard'), ({ request }) => {
        seen.push(request.headers);
        return HttpResponse.json({ members: 3 });
      }),
      http.get(api('users'), ({ request }) => {
        seen.push(request.headers);
        return HttpResponse.json([], { headers: { 'Content-Range': 'users 0-0/0' } });
      }),
      http.put(api('auth/password'), ({ request }) => {
        seen.push(request.headers);
        return HttpResponse.json({ message: 'Senha alterada.' });
      }),
    );

    await dataProvider.getDashboard();
    await dataProvider.getList('configuracoes/usuarios', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    await dataProvider.changePassword({
      currentPassword: 'segredo123',
      password: 'novaSenha123',
      passwordConfirmation: 'novaSenha123',
    });

    expect(seen).toHaveLength(3);
    for (const headers of seen) {
      expect(headers.get('access-token')).toBe('token-old');
      expect(headers.get('client')).toBe('client-1');
      expect(headers.get('uid')).toBe('ana@igreja.org.br');
      expect(headers.get('accept')).toBe('application/json');
    }
  });

  it('sends no session headers when signed out', async () => {
    const seen = dashboardAnswering({});

    await dataProvider.getDashboard();

    expect(seen[0].has('access-token')).toBe(false);
    expect(seen[0].has('client')).toBe(false);
    expect(seen[0].has('uid')).toBe(false);
  });

  it('keeps the session unchanged when a response carries no access-token', async () => {
    storeSession();
    dashboardAnswering({
      headers: { client: 'client-2', uid: 'outro@igreja.org.br', expiry: '1900009999' },
    });

    await dataProvider.getDashboard();

    expect(storedSession()).toEqual(STORED_SESSION);
  });
});

describe('token rotation', () => {
  it('replaces the stored token when a response carries a new access-token and a newer expiry', async () => {
    storeSession();
    dashboardAnswering({
      headers: {
        'access-token': 'token-rotated',
        client: 'client-1',
        uid: 'ana@igreja.org.br',
        expiry: '1900000500',
        'token-type': 'Bearer',
      },
    });

    await dataProvider.getDashboard();

    expect(storedSession()).toEqual({
      ...STORED_SESSION,
      'access-token': 'token-rotated',
      expiry: '1900000500',
    });
  });

  it('sends the rotated token with the next request', async () => {
    storeSession();
    const seen = dashboardAnswering({
      headers: { 'access-token': 'token-rotated', expiry: '1900000500' },
    });

    await dataProvider.getDashboard();
    await dataProvider.getDashboard();

    expect(seen.map((headers) => headers.get('access-token'))).toEqual([
      'token-old',
      'token-rotated',
    ]);
    expect(seen[1].get('client')).toBe('client-1');
    expect(seen[1].get('uid')).toBe('ana@igreja.org.br');
  });

  it('accepts a new token whose expiry equals the stored one', async () => {
    storeSession();
    dashboardAnswering({
      headers: { 'access-token': 'token-same-second', expiry: STORED_SESSION.expiry },
    });

    await dataProvider.getDashboard();

    expect(storedSession()?.['access-token']).toBe('token-same-second');
  });

  it.each([
    ['a blank expiry', ' '],
    ['a newer expiry', '1900000500'],
  ])('ignores the blank access-token of a batch response with %s', async (_case, expiry) => {
    storeSession();
    dashboardAnswering({
      headers: {
        'access-token': ' ',
        client: 'client-1',
        uid: 'ana@igreja.org.br',
        expiry,
        'token-type': 'Bearer',
      },
    });

    await dataProvider.getDashboard();

    expect(storedSession()).toEqual(STORED_SESSION);
  });

  it('ignores a response whose expiry is older than the stored one', async () => {
    storeSession();
    dashboardAnswering({
      headers: {
        'access-token': 'token-stale',
        client: 'client-1',
        uid: 'ana@igreja.org.br',
        expiry: '1899999999',
        'token-type': 'Bearer',
      },
    });

    await dataProvider.getDashboard();

    expect(storedSession()).toEqual(STORED_SESSION);
  });

  it.each([422, 403])('saves the new token carried by a %i error response', async (status) => {
    storeSession();
    dashboardAnswering({
      status,
      headers: { 'access-token': `token-after-${status}`, expiry: '1900000700' },
    });

    const error = await rejection(dataProvider.getDashboard());

    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status, message: 'Negado.', body: { errors: ['Negado.'] } });
    expect(storedSession()).toEqual({
      ...STORED_SESSION,
      'access-token': `token-after-${status}`,
      expiry: '1900000700',
    });
  });

  it('does not recreate the session from a response that arrives after sign-out', async () => {
    storeSession();
    localStorage.setItem(CURRENT_USER_KEY, JSON.stringify({ id: 1, name: 'Ana Souza' }));
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    let requestArrived!: () => void;
    const arrived = new Promise<void>((resolve) => {
      requestArrived = resolve;
    });
    server.use(
      http.get(api('dashboard'), async () => {
        requestArrived();
        await answered;
        return HttpResponse.json(
          { members: 3 },
          {
            headers: {
              'access-token': 'token-late',
              client: 'client-1',
              uid: 'ana@igreja.org.br',
              expiry: '1900000900',
              'token-type': 'Bearer',
            },
          },
        );
      }),
      http.delete(api('auth/sign_out'), () => HttpResponse.json({ success: true })),
    );

    const late = dataProvider.getDashboard();
    await arrived;
    await authProvider.logout({});
    answer();
    await late;

    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    await expect(authProvider.checkAuth({})).rejects.toBeDefined();
  });
});

describe('checkError', () => {
  it('rejects on 401 so that react-admin logs out and goes to /login', async () => {
    const error = await rejection(authProvider.checkError({ status: 401 }));

    expect(error).toMatchObject({ redirectTo: '/login' });
    expect((error as { logoutUser?: boolean }).logoutUser).not.toBe(false);
  });

  it('rejects on 403 without logging out and sends the user home', async () => {
    localStorage.setItem(CURRENT_USER_KEY, JSON.stringify({ id: 1, roles: ['secretary'] }));
    const error = await rejection(authProvider.checkError({ status: 403 }));
    expect(error).toMatchObject({ logoutUser: false, redirectTo: '/visao_geral' });
    // A líder's home is his cells (issue 26): the dashboard is not his.
    localStorage.setItem(CURRENT_USER_KEY, JSON.stringify({ id: 2, roles: ['leader'] }));
    const leader = await rejection(authProvider.checkError({ status: 403 }));
    expect(leader).toMatchObject({ logoutUser: false, redirectTo: '/igreja/celulas' });
  });

  it.each([400, 404, 409, 422, 500, undefined])('resolves for status %s', async (status) => {
    await expect(authProvider.checkError({ status })).resolves.toBeUndefined();
  });
});

describe('sign-out', () => {
  function signOutAnswering(respond: () => Response) {
    const seen: { method: string; headers: Headers }[] = [];
    server.use(
      http.delete(api('auth/sign_out'), ({ request }) => {
        seen.push({ method: request.method, headers: request.headers });
        return respond();
      }),
    );
    return seen;
  }

  function storeSignedIn() {
    storeSession();
    localStorage.setItem(
      CURRENT_USER_KEY,
      JSON.stringify({ id: 1, name: 'Ana Souza', roles: ['admin'] }),
    );
  }

  it('sends DELETE /api/auth/sign_out with the session headers, clears both entries and returns /login', async () => {
    storeSignedIn();
    const seen = signOutAnswering(() => HttpResponse.json({ success: true }));

    const redirect = await authProvider.logout({});

    expect(seen).toHaveLength(1);
    expect(seen[0].method).toBe('DELETE');
    expect(seen[0].headers.get('uid')).toBe('ana@igreja.org.br');
    expect(seen[0].headers.get('client')).toBe('client-1');
    expect(seen[0].headers.get('access-token')).toBe('token-old');
    expect(redirect).toBe('/login');
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(localStorage.getItem(CURRENT_USER_KEY)).toBeNull();
  });

  it('clears both entries when the server no longer knows the session (404)', async () => {
    storeSignedIn();
    const seen = signOutAnswering(() =>
      HttpResponse.json({ success: false, errors: ['Usuário não encontrado.'] }, { status: 404 }),
    );

    await expect(authProvider.logout({})).resolves.toBe('/login');

    expect(seen).toHaveLength(1);
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(localStorage.getItem(CURRENT_USER_KEY)).toBeNull();
  });

  it('clears both entries when the network fails', async () => {
    storeSignedIn();
    const seen = signOutAnswering(() => HttpResponse.error());

    await expect(authProvider.logout({})).resolves.toBe('/login');

    expect(seen).toHaveLength(1);
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(localStorage.getItem(CURRENT_USER_KEY)).toBeNull();
  });

  it('does not call the server when no session is stored', async () => {
    localStorage.setItem(CURRENT_USER_KEY, JSON.stringify({ id: 1 }));
    const seen = signOutAnswering(() => HttpResponse.json({ success: true }));

    await expect(authProvider.logout({})).resolves.toBe('/login');

    expect(seen).toHaveLength(0);
    expect(localStorage.getItem(CURRENT_USER_KEY)).toBeNull();
  });
});

describe('dataProvider', () => {
  it('lists /configuracoes/usuarios from GET /api/users with snake_case sort and filters and camelCased records', async () => {
    storeSession();
    const urls: URL[] = [];
    server.use(
      http.get(api('users'), ({ request }) => {
        urls.push(new URL(request.url));
        return HttpResponse.json(
          [
            { ...USER_ON_THE_WIRE, id: 1 },
            { ...USER_ON_THE_WIRE, id: 2, name: 'Bruno Lima', last_sign_in_at: null },
          ],
          { headers: { 'Content-Range': 'users 0-1/319' } },
        );
      }),
    );

    const result = await dataProvider.getList('configuracoes/usuarios', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'createdAt', order: 'ASC' },
      filter: { q: 'ana', createdAt_gte: '2024-01-01', allowPasswordChange: false },
    });

    expect(urls).toHaveLength(1);
    expect(urls[0].pathname).toBe('/api/users');
    expect(JSON.parse(urls[0].searchParams.get('sort')!)).toEqual(['created_at', 'ASC']);
    expect(JSON.parse(urls[0].searchParams.get('range')!)).toEqual([0, 24]);
    expect(JSON.parse(urls[0].searchParams.get('filter')!)).toEqual({
      q: 'ana',
      created_at_gte: '2024-01-01',
      allow_password_change: false,
    });
    expect(result.total).toBe(319);
    expect(result.data).toEqual([
      {
        id: 1,
        name: 'Ana Souza',
        email: 'ana@igreja.org.br',
        roles: ['admin'],
        createdAt: '2024-03-01T12:00:00.000Z',
        allowPasswordChange: false,
      },
      {
        id: 2,
        name: 'Bruno Lima',
        email: 'ana@igreja.org.br',
        roles: ['admin'],
        createdAt: '2024-03-01T12:00:00.000Z',
        allowPasswordChange: false,
        lastSignInAt: null,
      },
    ]);
  });

  it('creates with a snake_case body and returns the camelCased record', async () => {
    storeSession();
    const bodies: unknown[] = [];
    server.use(
      http.post(api('users'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ ...USER_ON_THE_WIRE, id: 7 }, { status: 201 });
      }),
    );

    const result = await dataProvider.create('configuracoes/usuarios', {
      data: {
        name: 'Ana Souza',
        email: 'ana@igreja.org.br',
        roles: ['admin'],
        password: 'segredo123',
        passwordConfirmation: 'segredo123',
      },
    });

    expect(bodies).toEqual([
      {
        name: 'Ana Souza',
        email: 'ana@igreja.org.br',
        roles: ['admin'],
        password: 'segredo123',
        password_confirmation: 'segredo123',
      },
    ]);
    expect(result.data).toMatchObject({
      id: 7,
      createdAt: '2024-03-01T12:00:00.000Z',
      allowPasswordChange: false,
    });
    expect(result.data).not.toHaveProperty('created_at');
  });

  it('updates with PUT /api/users/:id and a snake_case body', async () => {
    storeSession();
    const requests: { pathname: string; body: unknown }[] = [];
    server.use(
      http.put(api('users/:id'), async ({ request }) => {
        requests.push({ pathname: new URL(request.url).pathname, body: await request.json() });
        return HttpResponse.json({ ...USER_ON_THE_WIRE, id: 7, name: 'Ana S.' });
      }),
    );

    const result = await dataProvider.update('configuracoes/usuarios', {
      id: 7,
      data: { id: 7, name: 'Ana S.', allowPasswordChange: true },
      previousData: { id: 7, name: 'Ana Souza', allowPasswordChange: false },
    });

    expect(requests).toEqual([
      { pathname: '/api/users/7', body: { id: 7, name: 'Ana S.', allow_password_change: true } },
    ]);
    expect(result.data).toMatchObject({
      id: 7,
      name: 'Ana S.',
      createdAt: '2024-03-01T12:00:00.000Z',
    });
  });

  it('rejects a 422 with an HttpError whose field errors are keyed in camelCase', async () => {
    storeSession();
    server.use(
      http.post(api('users'), () =>
        HttpResponse.json(
          { errors: { password_confirmation: 'não confere com a senha', email: 'já está em uso' } },
          { status: 422 },
        ),
      ),
    );

    const error = await rejection(
      dataProvider.create('configuracoes/usuarios', {
        data: { name: 'Ana', email: 'ana@igreja.org.br', password: 'a', passwordConfirmation: 'b' },
      }),
    );

    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(422);
    expect((error as HttpError).body).toEqual({
      errors: { passwordConfirmation: 'não confere com a senha', email: 'já está em uso' },
    });
  });
});

describe('camelCaseKeys and snakeCaseKeys', () => {
  const wire = {
    member_id: 1,
    full_name: 'Ana',
    custom_fields: [{ field_name: 'blood_type', field_value: 'O+' }],
    address: { zip_code: '01001-000', street_name: 'Praça da Sé' },
    tag_names: ['first_tag', 'second_tag'],
    issued_at: null,
  };
  const app = {
    memberId: 1,
    fullName: 'Ana',
    customFields: [{ fieldName: 'blood_type', fieldValue: 'O+' }],
    address: { zipCode: '01001-000', streetName: 'Praça da Sé' },
    tagNames: ['first_tag', 'second_tag'],
    issuedAt: null,
  };

  it('converts keys of nested objects and arrays, never values', () => {
    expect(camelCaseKeys(wire)).toEqual(app);
    expect(snakeCaseKeys(app)).toEqual(wire);
  });

  it('round-trips nested objects and arrays', () => {
    expect(snakeCaseKeys(camelCaseKeys(wire))).toEqual(wire);
    expect(camelCaseKeys(snakeCaseKeys(app))).toEqual(app);
    expect(camelCaseKeys([[{ a_b: [{ c_d: 1 }] }]])).toEqual([[{ aB: [{ cD: 1 }] }]]);
  });

  it('leaves dates, null and other non-plain values alone', () => {
    const date = new Date('2024-03-01T12:00:00.000Z');
    const file = new Blob(['x']);
    const converted = camelCaseKeys<{ createdAt: Date; logoFile: Blob; endedAt: null }>({
      created_at: date,
      logo_file: file,
      ended_at: null,
    });

    expect(converted.createdAt).toBe(date);
    expect(converted.logoFile).toBe(file);
    expect(converted.endedAt).toBeNull();
    expect(snakeCaseKeys(date)).toBe(date);
    expect(camelCaseKeys(null)).toBeNull();
    expect(snakeCaseKeys(undefined)).toBeUndefined();
    expect(camelCaseKeys('some_text')).toBe('some_text');
    expect(snakeCaseKeys(42)).toBe(42);
  });
});

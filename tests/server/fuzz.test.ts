// Malformed input over every operation of GET /api/openapi.json: bodies, ids and queries from a
// seeded generator (the same requests on every run), about 10,000 in all. No answer may be a 5xx;
// every refusal carries a Portuguese message; afterwards the database is whole (integrity check,
// the rows of each simple resource equal to what the successful writes made, the ledger equal
// to its movements).
import { writeFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeCep, startFakeCep } from '../support/fakeCep.js';
import { defaultCepSettings } from '../../server/config.js';
import { seedFinance } from '../../server/seed/finance/index.js';
import { seedDatabase } from '../../server/seed/index.js';
import {
  type SessionHeaders,
  type TestApp,
  createTestApp,
  usingPostgres,
} from '../support/testApp.js';

const SEED = 20261115;
/** Requests per operation (a few operations, such as PDFs, get fewer: see weightOf). */
const PER_OPERATION = 90;
const TIME_LIMIT_MS = 90_000;
/** Reads in flight at once. */
const CONCURRENCY = 4;

// ---------------------------------------------------------------------------------------------
// A small seeded generator (mulberry32): the same sequence of requests on every run.
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    chance: (p: number) => next() < p,
    pick<T>(items: readonly T[]): T {
      return items[Math.floor(next() * items.length)];
    },
  };
}
type Random = ReturnType<typeof generator>;

// JSON text that JSON.stringify cannot write (numbers past a double, Infinity once parsed):
// written as a marker string and replaced in the text afterwards.
const RAW = (text: string) => `\u0001RAW${text}\u0001`;
const toJson = (value: unknown) =>
  JSON.stringify(value).replace(/"\\u0001RAW([^\\]*)\\u0001"/g, (_, text: string) => text);
/** An object with an own key JSON.stringify would otherwise treat as the prototype. */
const own = (key: string, value: unknown) =>
  JSON.parse(`{${JSON.stringify(key)}:${toJson(value)}}`);

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'Maria\u0000',
  '%00',
  '\uD800',
  '\uFFFF',
  "'; drop table members; --",
  '" or 1=1 --',
  '\\',
  '<script>alert(1)</script>',
  "-2+3+cmd|' /C calc'!A0",
  '=HYPERLINK("http://x")',
  '@SUM(1)',
  '\t=1',
  'ç'.repeat(300),
  'x'.repeat(6000),
  '1e20',
  '1e400',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '2147483648',
  '9007199254740993',
  '99999999999999999999',
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '9999-12-31',
  '2026-1-1',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  '[]',
  '{}',
  'null',
  'true',
  '\r\n',
  '*',
  '"',
  '(',
  'NEAR(a b)',
  'a OR b',
  '😀',
];

const NASTY_NUMBERS: unknown[] = [
  0,
  -1,
  -0.5,
  0.5,
  1.5,
  1e20,
  -1e20,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  Number.MAX_VALUE,
  1e-300,
  123456789012,
  RAW('1e400'),
  RAW('-1e400'),
  RAW('123456789012345678901234567890'),
  RAW('1.0'),
  RAW('-0'),
];

const NASTY_OTHERS = (): unknown[] => [
  null,
  true,
  false,
  [],
  [1, 2],
  ['\u0000'],
  [null],
  [2 ** 31],
  {},
  { toString: 'x' },
  { toString: {} },
  { valueOf: 1, toString: 1 },
  own('__proto__', { admin: true }),
  own('constructor', 1),
  { $gt: '' },
  [[[[[[[[[[[]]]]]]]]]]],
  Array.from({ length: 2000 }, (_, i) => i),
];

const NASTY_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  '',
  '\u0000',
];

function nasty(random: Random): unknown {
  const kind = random.int(10);
  if (kind < 4) return random.pick(NASTY_STRINGS);
  if (kind < 7) return random.pick(NASTY_NUMBERS);
  return random.pick(NASTY_OTHERS());
}

// ---------------------------------------------------------------------------------------------
// Plausible values, so that a body with one bad field reaches the service behind the schema.
type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  minimum?: number;
};

function plausible(random: Random, name: string, schema: JsonSchema | undefined): unknown {
  const choices = schema?.enum ?? schema?.anyOf?.find((s) => s.enum)?.enum;
  if (choices) return random.pick(choices);
  if (schema?.type === 'array' && schema.items?.properties) {
    return [plausibleObject(random, schema.items.properties)];
  }
  if (name.endsWith('_ids') || name === 'ids') return [1 + random.int(5)];
  if (name.endsWith('_id')) return 1 + random.int(5);
  if (name.endsWith('_cents')) return 100 + random.int(100000);
  if (name.endsWith('date') || name.endsWith('_on') || name === 'date') {
    return `20${10 + random.int(15)}-0${1 + random.int(9)}-1${random.int(10)}`;
  }
  if (name === 'email' || name === 'uid') return `fuzz${random.int(1e6)}@teste.org`;
  if (name.includes('password')) return 'senha-fuzz-123';
  if (name === 'cpf') return random.pick(['529.982.247-25', '111.444.777-35', '']);
  if (name === 'cnpj' || name === 'document') return '11.222.333/0001-81';
  if (name === 'installments' || name === 'sort_order') return 1 + random.int(3);
  if (name === 'state') return 'SP';
  if (name === 'zip_code') return '01001-000';
  if (name.startsWith('phone')) return '(11) 98765-4321';
  if (name === 'custom_fields') return {};
  if (name === 'consent' || name === 'guardian_consent') return true;
  const type = Array.isArray(schema?.type) ? schema?.type[0] : schema?.type;
  if (type === 'boolean' || name === 'active' || name === 'required') return random.chance(0.5);
  if (type === 'integer' || type === 'number') return 1 + random.int(10);
  return `Fuzz ${random.int(1e6)}`;
}

function plausibleObject(random: Random, properties: Record<string, JsonSchema>) {
  return Object.fromEntries(
    Object.entries(properties).map(([name, schema]) => [name, plausible(random, name, schema)]),
  );
}

// ---------------------------------------------------------------------------------------------
type Operation = {
  method: string;
  path: string;
  queryNames: string[];
  bodyProperties: Record<string, JsonSchema> | null;
};

const FILTER_KEYS = [
  'q',
  'id',
  'status',
  'kind',
  'active',
  'member_id',
  'position_id',
  'department_id',
  'leader_id',
  'category_id',
  'bank_account_id',
  'donor_id',
  'vendor_id',
  'credit_card_id',
  'sex',
  'marital_status',
  'birth_month',
  'age_gte',
  'age_lte',
  'admission_date_gte',
  'admission_date_lte',
  'has_photo',
  'ministerial',
  'letter_type',
  'period',
  'days',
  'scope',
  'from',
  'to',
  'date_gte',
  'date_lte',
  'due_date_gte',
  'due_date_lte',
  'issued_on_gte',
  'issued_on_lte',
  'created_at_gte',
  'created_at_lte',
  'month',
  'user_id',
  'action',
  'resource',
  'payment_method',
];

const SORTS = (random: Random): unknown[] => [
  ['name', 'ASC'],
  ['id', 'DESC'],
  [random.pick(FILTER_KEYS), 'ASC'],
  ['name', 'UP'],
  ['__proto__', 'ASC'],
  ['constructor', 'DESC'],
  ['name'],
  [1, 'ASC'],
  [{}, 'ASC'],
  ['name', { toString: 'x' }],
  ['name\u0000', 'ASC'],
  'name',
  {},
  null,
];

const RANGES: unknown[] = [
  [0, 9],
  [1e20, 1e20],
  [0, 1e20],
  [2 ** 53, 2 ** 53 + 5],
  [2 ** 31, 2 ** 31 + 5],
  [-1, 5],
  [5, 0],
  [0.5, 3],
  ['0', '5'],
  [0, 999999],
  [null, null],
  [0],
  [0, 1, 2],
  RAW('[1e400,1e400]'),
  RAW('[1e308,1e308]'),
  { 0: 0, 1: 5 },
  'x',
];

const IDS = [
  '1',
  '2',
  '3',
  '4',
  '0',
  '-1',
  '01',
  '1.5',
  '1e3',
  '2147483647',
  '2147483648',
  '4294967296',
  '9007199254740991',
  '9007199254740992',
  '99999999999999999999',
  'abc',
  '%00',
  '1%00',
  '%20',
  'null',
  '__proto__',
  'constructor',
  '%F0%9F%98%80',
  'x'.repeat(300),
];

/** Percent-encoded text; a lone surrogate goes as the bytes of its invalid UTF-8. */
const uri = (text: string) =>
  text
    .split(/([\uD800-\uDFFF])/)
    .map((part) => (/^[\uD800-\uDFFF]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');
const jsonParam = (value: unknown) => uri(toJson(value));

function filterValue(random: Random): unknown {
  if (random.chance(0.15)) return own(random.pick(NASTY_KEYS), nasty(random));
  const filter: Record<string, unknown> = {};
  const key = random.pick(FILTER_KEYS);
  filter[key] = random.chance(0.8) ? nasty(random) : plausible(random, key, undefined);
  if (random.chance(0.2)) filter.q = random.pick(NASTY_STRINGS);
  return filter;
}

function queryOf(random: Random, names: string[]): string {
  const parts: string[] = [];
  for (const name of names) {
    if (!random.chance(0.6)) continue;
    let text: string;
    if (name === 'sort') text = jsonParam(random.pick(SORTS(random)));
    else if (name === 'range') text = jsonParam(random.pick(RANGES));
    else if (name === 'filter') {
      text = random.chance(0.1)
        ? uri(random.pick(['{', '[]', 'null', '1', '"x"', '{"q":1e400}']))
        : jsonParam(filterValue(random));
    } else if (random.chance(0.5)) text = uri(String(random.pick(NASTY_STRINGS)));
    else text = jsonParam(random.chance(0.5) ? nasty(random) : [random.int(9), '\u0000']);
    parts.push(`${name}=${text}`);
    if (random.chance(0.05)) parts.push(`${name}=${text}`); // the same parameter twice
  }
  if (random.chance(0.05)) parts.push(`${random.pick(NASTY_KEYS)}=1`);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

type Payload = { text: string; contentType: string } | null;

function bodyOf(random: Random, properties: Record<string, JsonSchema> | null): Payload {
  const json = (value: unknown): Payload => ({
    text: toJson(value),
    contentType: 'application/json',
  });
  const roll = random.int(20);
  if (roll === 0) {
    return json(random.pick([null, 1, 'x', [], true, [{}], RAW('1e400'), '\u0000']));
  }
  if (roll === 1) {
    return {
      text: random.pick(['{', '', '{"a":1}{', '\u0000', '{"name":"a\\u0000"}']),
      contentType: random.pick([
        'application/json',
        'text/plain',
        'application/x-www-form-urlencoded',
      ]),
    };
  }
  const names = Object.keys(properties ?? {});
  const body: Record<string, unknown> =
    roll < 16 && properties ? plausibleObject(random, properties) : {};
  const touched = 1 + random.int(3);
  for (let i = 0; i < touched; i += 1) {
    const name =
      names.length > 0 && random.chance(0.85) ? random.pick(names) : random.pick(NASTY_KEYS);
    if (name === '__proto__' || name === 'constructor')
      Object.assign(body, own(name, nasty(random)));
    else body[name] = nasty(random);
  }
  if (names.includes('custom_fields') && random.chance(0.3)) {
    body.custom_fields = own(random.pick(NASTY_KEYS), nasty(random));
  }
  return json(body);
}

function weightOf(operation: Operation): number {
  if (/\/pdf$|\/csv$|\/export$/.test(operation.path)) return Math.round(PER_OPERATION / 3);
  if (operation.path === '/api/users' && operation.method === 'POST') return PER_OPERATION / 2;
  return PER_OPERATION;
}

// ---------------------------------------------------------------------------------------------
const ENGLISH =
  /\b(invalid|expected|received|required|must|should|unrecognized|too (big|small|long|short)|not found|error|unexpected|cannot|body)\b/i;

function portugueseProblem(body: string): string | null {
  let json: { message?: unknown; errors?: Record<string, unknown> | unknown[] };
  try {
    json = JSON.parse(body);
  } catch {
    return 'a resposta não é JSON';
  }
  // The devise_token_auth answers (sign-in, session) say it in `errors`, a list of sentences.
  const texts = Array.isArray(json.errors)
    ? json.errors
    : [json.message, ...Object.values(json.errors ?? {})];
  if (texts.length === 0 || texts[0] === undefined) return 'sem mensagem';
  for (const text of texts) {
    if (typeof text !== 'string' || text.trim() === '') return 'mensagem vazia';
    if (ENGLISH.test(text)) return `mensagem em inglês: ${text}`;
  }
  return null;
}

/** The tables whose rows only the writes of rowsChanged add and take away. */
const COUNTED = [
  'positions',
  'departments',
  'custom_fields',
  'vendors',
  'donors',
  'finance_categories',
  'credit_cards',
  'bank_accounts',
  'users',
  'letters',
  'members',
] as const;

/** The tables and the rows a successful (2xx) answer of `operation` added or took away. */
function rowsChanged(operation: Operation, payload: Payload): Array<[string, number]> {
  const { method, path } = operation;
  // Public self-registrations are pending members; a filled honeypot is told "received" only.
  if (method === 'POST' && path === '/api/public/registrations') {
    const body = JSON.parse(payload?.text || 'null') as { website?: unknown } | null;
    return body?.website ? [] : [['members', 1]];
  }
  // Rejecting a registration deletes that pending member.
  if (method === 'POST' && path === '/api/registrations/{id}/reject') return [['members', -1]];
  const resource = path.split('/')[2];
  if (!(COUNTED as readonly string[]).includes(resource)) return [];
  const sign = method === 'POST' && path === `/api/${resource}` ? 1 : 0;
  const change = sign || (method === 'DELETE' && path === `/api/${resource}/{id}` ? -1 : 0);
  if (change === 0) return [];
  // A bank account comes and goes with its asset account in the plano de contas (issue 27).
  if (resource === 'bank_accounts') {
    return [
      ['bank_accounts', change],
      ['finance_categories', change],
    ];
  }
  return [[resource, change]];
}

async function countRows(t: TestApp, table: string): Promise<number> {
  const { count } = await t.database.db
    .selectFrom(table as 'members')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Every operation of GET /api/openapi.json, with its query parameters and body properties. */
async function operationsOf(t: TestApp, headers: SessionHeaders): Promise<Operation[]> {
  const document = (await t.app.inject({ url: '/api/openapi.json', headers })).json();
  return Object.entries(
    document.paths as Record<string, Record<string, Record<string, never>>>,
  ).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const parameters = (operation.parameters ?? []) as Array<{ in: string; name: string }>;
      const body = (operation.requestBody as { content?: Record<string, { schema?: JsonSchema }> })
        ?.content?.['application/json']?.schema;
      const objectSchema = body?.anyOf?.find((s) => s.properties) ?? body;
      return {
        method: method.toUpperCase(),
        path,
        queryNames: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        bodyProperties: body ? (objectSchema?.properties ?? {}) : null,
      };
    }),
  );
}

describe('malformed input over every route', () => {
  let t: TestApp;
  let cep: FakeCep;
  let admin: SessionHeaders & { id: number };
  let operations: Operation[];

  beforeAll(async () => {
    // The CEP services answer (a CEP they do not know is a 404): a 503 there would be an
    // upstream outage, not the malformed input this test is about. They get the product's own
    // timeout: the fuzz run keeps the processor busy, and a fake that answers at once must not
    // time out behind it.
    cep = await startFakeCep();
    t = await createTestApp({
      cep: {
        viaCepUrl: cep.viaCepUrl,
        brasilApiUrl: cep.brasilApiUrl,
        timeoutMs: defaultCepSettings.timeoutMs,
      },
    });
    await seedDatabase(t.database, { members: 40, seed: 15 });
    await seedFinance(t.database, { transactions: 200, years: 1, seed: 15 });
    admin = await t.userWithRoles(['admin'], 'Fuzz');
    operations = await operationsOf(t, admin);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await cep?.close();
  });

  it('answers about 10,000 malformed requests with no 5xx and Portuguese refusals', async () => {
    const random = generator(SEED);
    const before: Record<string, number> = {};
    for (const table of COUNTED) before[table] = await countRows(t, table);
    const written: Record<string, number> = {};
    const failures: string[] = [];
    const english: string[] = [];
    let sent = 0;
    const started = performance.now();

    expect(operations.length).toBeGreaterThan(100);
    const session: SessionHeaders = {
      'access-token': admin['access-token'],
      client: admin.client,
      uid: admin.uid,
    };
    for (const operation of operations) {
      // Ending the fuzzer's own session would make the rest of the run a row of 401s.
      const signOut = operation.path === '/api/auth/sign_out';
      // The operation's requests, drawn in order (the same on every run), then sent a few at a
      // time as a browser would.
      const requests = Array.from({ length: weightOf(operation) }, () => {
        let url = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
          const id = random.pick(IDS);
          // The fuzzer's own user keeps its e-mail, password and roles.
          if (operation.path.startsWith('/api/users/') && id === String(admin.id)) return '1';
          return name === 'id' ? id : uri(random.pick(NASTY_STRINGS)) || 'x';
        });
        url += queryOf(random, operation.queryNames);
        const payload =
          operation.bodyProperties !== null || random.chance(0.1)
            ? bodyOf(random, operation.bodyProperties)
            : null;
        const anonymous = signOut || random.chance(0.03);
        const headers: Record<string, string> = anonymous ? {} : { ...session };
        if (payload) headers['content-type'] = payload.contentType;
        return { url, payload, headers };
      });
      // Reads go a few at a time; writes one by one, so that what they leave is the same on every
      // run (two parallel deletes of one record would both be told it was deleted).
      const inFlight = operation.method === 'GET' ? CONCURRENCY : 1;
      for (let first = 0; first < requests.length; first += inFlight) {
        const batch = requests.slice(first, first + inFlight);
        const responses = await Promise.all(
          batch.map(({ url, payload, headers }) =>
            t.app.inject({
              method: operation.method as 'GET',
              url,
              headers,
              ...(payload ? { payload: payload.text } : {}),
            }),
          ),
        );
        responses.forEach((response, index) => {
          const { url, payload } = batch[index];
          sent += 1;
          const where = `${operation.method} ${url.slice(0, 300)} ${payload?.text.slice(0, 300) ?? ''}`;
          if (response.statusCode >= 500) {
            failures.push(`${response.statusCode} ${where} -> ${response.body.slice(0, 300)}`);
          } else if (response.statusCode >= 400 && response.statusCode !== 405) {
            const problem = portugueseProblem(response.body);
            if (problem) english.push(`${response.statusCode} ${problem} ${where}`);
          } else if (response.statusCode < 300) {
            for (const [table, rows] of rowsChanged(operation, payload)) {
              written[table] = (written[table] ?? 0) + rows;
            }
          }
        });
      }
    }
    const elapsed = performance.now() - started;
    console.info(
      `fuzz (${usingPostgres ? 'PostgreSQL' : 'SQLite'}): ${sent} requests over ` +
        `${operations.length} operations, ${failures.length} answers ≥ 500, ` +
        `${(elapsed / 1000).toFixed(1)} s; rows written: ${JSON.stringify(written)}`,
    );
    // FUZZ_REPORT=file: every failure and every refusal not in Portuguese, for a closer look.
    if (process.env.FUZZ_REPORT) {
      writeFileSync(process.env.FUZZ_REPORT, [...failures, ...english].join('\n'));
    }
    expect(sent).toBeGreaterThan(9000);
    expect(failures.slice(0, 40), `${failures.length} answers ≥ 500`).toEqual([]);
    expect(english.slice(0, 40), `${english.length} refusals without Portuguese`).toEqual([]);
    expect(elapsed).toBeLessThan(TIME_LIMIT_MS);

    // Each counted table has the rows the successful writes made, and no others.
    for (const table of COUNTED) {
      expect(await countRows(t, table), table).toBe(before[table] + (written[table] ?? 0));
    }
  }, 240_000);

  it('leaves a whole database: integrity, references and the ledger', async () => {
    const { db } = t.database;
    if (!usingPostgres) {
      const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
      expect(integrity.rows).toEqual([{ integrity_check: 'ok' }]);
      const references = await sql`pragma foreign_key_check`.execute(db);
      expect(references.rows).toEqual([]);
    }
    // Each account's balance is its opening balance plus its movements, month by month too.
    const accounts = await db
      .selectFrom('bank_accounts')
      .select(['id', 'opening_balance_cents', 'balance_cents'])
      .execute();
    for (const account of accounts) {
      const { total } = await db
        .selectFrom('transactions')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('total'))
        .where('bank_account_id', '=', account.id)
        .executeTakeFirstOrThrow();
      expect(Number(account.balance_cents), `conta ${account.id}`).toBe(
        Number(account.opening_balance_cents) + Number(total),
      );
    }
    const months = await db
      .selectFrom('transactions')
      .select((eb) => [
        'bank_account_id',
        eb.fn.sum<number>('amount_cents').as('total'),
        eb.fn.countAll<number>().as('count'),
      ])
      .groupBy('bank_account_id')
      .execute();
    const totals = await db
      .selectFrom('finance_month_totals')
      .select((eb) => [
        'bank_account_id',
        eb.fn.sum<number>('total_cents').as('total'),
        eb.fn.sum<number>('count').as('count'),
      ])
      .groupBy('bank_account_id')
      .execute();
    const byAccount = (rows: typeof months) =>
      Object.fromEntries(
        rows.map((row) => [row.bank_account_id, [Number(row.total), Number(row.count)]]),
      );
    const booked = byAccount(totals);
    for (const [account, figures] of Object.entries(byAccount(months))) {
      expect(booked[account], `totais da conta ${account}`).toEqual(figures);
    }
  });
});

// Issue 22: `[[[…]]]` thousands deep once overflowed the stack of the NUL walk (a 500) and, under
// the walk above, took the process to its heap limit. Every route, signed in and anonymous, with
// such a body and such a query parameter: a Portuguese 400 (a 413 past the route's body limit,
// a 401 where the guard refuses an anonymous caller before the body is read).
describe('deeply nested JSON on every route', () => {
  let t: TestApp;
  let admin: SessionHeaders;
  let operations: Operation[];
  let publicPaths: Set<string>;

  const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.userWithRoles(['admin'], 'Profundo');
    operations = await operationsOf(t, admin);
    publicPaths = new Set(
      t.app.apiRoutes
        .filter((route) => route.access === 'public')
        .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`),
    );
  });
  afterAll(() => t?.close());

  it('answers bodies and query parameters 5,000 to 120,000 deep with Portuguese 400s', async () => {
    const problems: string[] = [];
    const statuses: Record<string, number> = {};
    let refusedAsTooDeep = 0;
    for (const operation of operations) {
      const url = operation.path.replace(/\{\w+\}/g, '1');
      const open = publicPaths.has(`${operation.method} ${operation.path}`);
      const takesBody = operation.method !== 'GET';
      const takesJsonQuery = operation.queryNames.some((name) => ['filter', 'sort'].includes(name));
      if (!takesBody && !takesJsonQuery) continue;
      for (const [depth, anonymous] of [
        [5_000, true],
        [5_000, false],
        [20_000, false],
        [120_000, false],
      ] as const) {
        const deep = nested(depth);
        const response = await t.app.inject({
          method: operation.method as 'POST',
          url: takesBody ? url : `${url}?filter=${encodeURIComponent(`{"q":${deep}}`)}`,
          headers: {
            ...(anonymous ? {} : admin),
            ...(takesBody ? { 'content-type': 'application/json' } : {}),
          },
          ...(takesBody ? { payload: `{"notes":${deep},"name":"Fundo"}` } : {}),
        });
        const where = `${operation.method} ${operation.path} ${depth}${anonymous ? ' anônimo' : ''}`;
        statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
        const problem = portugueseProblem(response.body);
        const allowed = anonymous && !open ? [400, 401, 413] : [400, 413];
        // A read of one record looks for it before it reads the query: record 1 may not exist.
        if (!takesBody && operation.path.includes('{')) allowed.push(404);
        if (!allowed.includes(response.statusCode) || problem) {
          problems.push(
            `${response.statusCode} ${problem ?? ''} ${where}: ${response.body.slice(0, 200)}`,
          );
        }
        if (response.statusCode === 400 && response.body.includes('aninhados demais')) {
          refusedAsTooDeep += 1;
        }
      }
    }
    expect(problems.slice(0, 30), `${problems.length} answers`).toEqual([]);
    // The refusals say why; most routes read a 10 KB body, so most answers are that 400.
    expect(refusedAsTooDeep).toBeGreaterThan(operations.length);
    expect(statuses[400]).toBeGreaterThan((statuses[413] ?? 0) + (statuses[401] ?? 0));
    // The public self-registration of the issue: anonymous, 10 KB, under its 16 KB limit.
    const registration = await t.app.inject({
      method: 'POST',
      url: '/api/public/registrations',
      headers: { 'content-type': 'application/json' },
      payload: `{"name":"Fundo","notes":${nested(5_000)}}`,
    });
    expect(registration.statusCode).toBe(400);
    expect(registration.json().message).toBe(
      'O JSON enviado tem níveis aninhados demais (no máximo 32).',
    );
    // A health check answers at once afterwards: the process is whole.
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  }, 120_000);

  it('keeps ordinary nesting: a filter a few levels deep is read as before', async () => {
    const filter = encodeURIComponent(JSON.stringify({ q: 'Maria', congregation_id: [1] }));
    const response = await t.app.inject({
      url: `/api/members?filter=${filter}`,
      headers: admin,
    });
    expect(response.statusCode).toBe(200);
  });
});

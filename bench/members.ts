// The members' side of the benchmark: the list's shapes (first page, searches common and rare,
// a CPF fragment, filters, another sort, a deep page) and one member's detail, with values read
// from the seeded data (a department, a CPF).
import type { AppDatabase } from '../server/db/index.js';
import { MEMBERS, type Scenario } from './config.js';

function listPath(sort: [string, string], range: [number, number], filter: object) {
  const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
  return `/api/members?sort=${q(sort)}&range=${q(range)}&filter=${q(filter)}`;
}

export async function memberScenarios(
  database: AppDatabase,
): Promise<{ lists: Scenario[]; detail: Scenario }> {
  const { db } = database;
  const department =
    (await db
      .selectFrom('departments')
      .select('id')
      .where('name', '=', 'Ministério de Louvor')
      .executeTakeFirst()) ??
    (await db.selectFrom('departments').select('id').orderBy('id').executeTakeFirstOrThrow());
  const middle = await db
    .selectFrom('members')
    .select(['id', 'cpf'])
    .where('cpf', 'is not', null)
    .orderBy('id')
    .offset(Math.floor(MEMBERS / 2))
    .limit(1)
    .executeTakeFirstOrThrow();
  const deep = Math.min(100_000, Math.max(0, MEMBERS - 25));
  const lists: Scenario[] = [
    {
      name: 'List, first page (by name)',
      path: listPath(['name', 'ASC'], [0, 24], {}),
      kind: 'list',
    },
    {
      name: 'Search "silva" (common)',
      path: listPath(['name', 'ASC'], [0, 24], { q: 'silva' }),
      kind: 'list',
    },
    {
      name: 'Search "joao"',
      path: listPath(['name', 'ASC'], [0, 24], { q: 'joao' }),
      kind: 'list',
    },
    {
      name: 'Search "kowalski" (rare)',
      path: listPath(['name', 'ASC'], [0, 24], { q: 'kowalski' }),
      kind: 'list',
    },
    {
      name: 'Search CPF fragment (8 digits)',
      path: listPath(['name', 'ASC'], [0, 24], { q: middle.cpf!.slice(0, 8) }),
      kind: 'list',
    },
    {
      name: 'Department + status',
      path: listPath(['name', 'ASC'], [0, 24], {
        department_id: department.id,
        status: 'active',
      }),
      kind: 'list',
    },
    {
      name: 'Status, sorted by birth date',
      path: listPath(['birth_date', 'DESC'], [0, 24], { status: 'active' }),
      kind: 'list',
    },
    {
      name: `Deep page (offset ${deep.toLocaleString('en')})`,
      path: listPath(['name', 'ASC'], [deep, deep + 24], {}),
      kind: 'list',
    },
  ];
  return {
    lists,
    detail: { name: 'Member detail', path: `/api/members/${middle.id}`, kind: 'detail' },
  };
}

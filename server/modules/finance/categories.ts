// /api/finance_categories: income and expense categories (a few dozen rows).
import type { FastifyInstance } from 'fastify';
import { CATEGORY_KINDS } from '../../../domain/finance/labels.js';
import { categorySchema } from '../../../domain/finance/schemas.js';
import { resourceByApi } from '../../../domain/resources.js';
import { searchText } from '../../../domain/search.js';
import { fieldErrors } from '../../../domain/validation.js';
import { invalid } from '../../plugins/errors.js';
import { parseId, parseListParams, sendList } from '../../http/simpleRest.js';
import { actorOf, audit } from './audit.js';
import { plural } from '../../../domain/text.js';
import { asBool, boolFilter, choiceFilter, filtersOf, idsFilter } from './query.js';
import { deleteUnlessInUse, findRecord, referenceCount } from './references.js';
import type { Db } from './types.js';

type Category = { id: number; name: string; kind: string; active: boolean };

const toApi = (row: { id: number; name: string; kind: string; active: unknown }): Category => ({
  ...row,
  active: asBool(row.active),
});

/** How many incomes and expenses use the category (their movements and instalments follow them). */
async function usage(db: Db, id: number): Promise<number> {
  const counts = await Promise.all(
    (['incomes', 'expenses'] as const).map((table) => referenceCount(db, table, 'category_id', id)),
  );
  return counts.reduce((sum, count) => sum + count, 0);
}

export async function categoriesRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const access = resourceByApi('finance_categories');
  const url = '/api/finance_categories';

  const find = async (id: number, on: Db = db) =>
    toApi(await findRecord(on, 'finance_categories', id, 'Categoria não encontrada.'));

  const prepare = async (body: Record<string, unknown>, id?: number) => {
    const parsed = categorySchema.safeParse(body);
    if (!parsed.success) throw invalid(fieldErrors(parsed.error));
    const category = parsed.data;
    const twins = await db
      .selectFrom('finance_categories')
      .select(['id', 'name'])
      .where('kind', '=', category.kind)
      .execute();
    if (twins.some((row) => row.id !== id && searchText(row.name) === searchText(category.name))) {
      throw invalid({ name: 'Já existe uma categoria com este nome.' });
    }
    if (id) {
      const existing = await find(id);
      if (existing.kind !== category.kind && (await usage(db, id)) > 0) {
        throw invalid({
          kind: 'Esta categoria já tem lançamentos: não é possível trocar receita por despesa.',
        });
      }
    }
    return category;
  };

  app.get(url, { config: { access: access.read } }, async (request, reply) => {
    const { sort, range, filter } = parseListParams(request.query as Record<string, unknown>, {
      sortable: ['name', 'kind', 'active', 'id'],
      defaultSort: { field: 'name', order: 'asc' },
    });
    const filters = filtersOf(filter, ['q', 'id', 'kind', 'active']);
    let rows = (await db.selectFrom('finance_categories').selectAll().execute()).map(toApi);
    if (filters.q !== undefined) {
      const words = searchText(String(filters.q)).split(' ');
      rows = rows.filter((row) => words.every((word) => searchText(row.name).includes(word)));
    }
    if (filters.id !== undefined) {
      const ids = idsFilter(filters.id);
      rows = rows.filter((row) => ids.includes(row.id));
    }
    if (filters.kind !== undefined) {
      const kind = choiceFilter(filters.kind, 'kind', CATEGORY_KINDS);
      rows = rows.filter((row) => row.kind === kind);
    }
    if (filters.active !== undefined) {
      const active = boolFilter(filters.active, 'active');
      rows = rows.filter((row) => row.active === active);
    }
    const key = sort.field as keyof Category;
    const direction = sort.order === 'asc' ? 1 : -1;
    rows.sort((a, b) => {
      const x = typeof a[key] === 'string' ? searchText(String(a[key])) : Number(a[key]);
      const y = typeof b[key] === 'string' ? searchText(String(b[key])) : Number(b[key]);
      return direction * (x < y ? -1 : x > y ? 1 : a.id - b.id);
    });
    const page = rows.slice(range.offset, range.offset + range.limit);
    return sendList(reply, 'finance_categories', range.offset, page, rows.length);
  });

  app.get(`${url}/:id`, { config: { access: access.read } }, async (request) =>
    find(parseId((request.params as { id: string }).id)),
  );

  app.post(url, { config: { access: access.write } }, async (request, reply) => {
    const category = await prepare((request.body ?? {}) as Record<string, unknown>);
    const record = await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('finance_categories')
        .values(category)
        .returning('id')
        .executeTakeFirstOrThrow();
      const after = await find(id, trx);
      await audit(trx, actorOf(request), {
        action: 'create',
        resource: 'finance_categories',
        record_id: id,
        after,
      });
      return after;
    });
    reply.code(201);
    return record;
  });

  app.put(`${url}/:id`, { config: { access: access.write } }, async (request) => {
    const id = parseId((request.params as { id: string }).id);
    const existing = await find(id);
    const category = await prepare(
      { ...existing, ...((request.body ?? {}) as Record<string, unknown>) },
      id,
    );
    return db.transaction().execute(async (trx) => {
      await trx.updateTable('finance_categories').set(category).where('id', '=', id).execute();
      const after = await find(id, trx);
      await audit(trx, actorOf(request), {
        action: 'update',
        resource: 'finance_categories',
        record_id: id,
        before: existing,
        after,
      });
      return after;
    });
  });

  app.delete(`${url}/:id`, { config: { access: access.write } }, async (request) =>
    deleteUnlessInUse(
      db,
      actorOf(request),
      'finance_categories',
      parseId((request.params as { id: string }).id),
      {
        find,
        async inUse(trx, id) {
          const used = await usage(trx, id);
          return used > 0
            ? `Esta categoria está em uso (${plural(used, 'lançamento', 'lançamentos')}): ` +
                'não pode ser excluída. Para deixar de usá-la, desmarque “Ativa”.'
            : null;
        },
      },
    ),
  );
}

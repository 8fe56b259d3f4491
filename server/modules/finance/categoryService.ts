// Income and expense categories beneath their routes: a few dozen rows, so the list filters,
// sorts and pages in memory; a name used once per kind; the kind fixed once in use.
import { CATEGORY_KINDS } from '../../../domain/finance/labels.js';
import { type CategoryInput, categorySchema } from '../../../domain/finance/schemas.js';
import { searchText } from '../../../domain/search.js';
import type { ListParams } from '../../http/simpleRest.js';
import { invalid, validated } from '../../plugins/errors.js';
import { type Actor, audit } from '../../audit/trail.js';
import { plural } from '../../../domain/text.js';
import {
  asBool,
  boolFilter,
  choiceFilter,
  filtersOf,
  idsFilter,
  textFilter,
} from '../../http/listFilters.js';
import { deleteUnlessInUse, findRecord, referenceCount } from './references.js';
import { inTransaction } from '../../db/executor.js';
import type { Db } from './types.js';

type Category = { id: number; name: string; kind: string; active: boolean; is_tithe: boolean };

export const CATEGORY_SORTS = ['name', 'kind', 'active', 'is_tithe', 'id'];

const toApi = (row: {
  id: number;
  name: string;
  kind: string;
  active: unknown;
  is_tithe: unknown;
}): Category => ({
  ...row,
  active: asBool(row.active),
  is_tithe: asBool(row.is_tithe),
});

/** How many incomes and expenses use the category (their movements and instalments follow them). */
async function usage(db: Db, id: number): Promise<number> {
  const counts = await Promise.all(
    (['incomes', 'expenses'] as const).map((table) => referenceCount(db, table, 'category_id', id)),
  );
  return counts.reduce((sum, count) => sum + count, 0);
}

export function categoryService(db: Db) {
  const find = async (id: number, on: Db = db) =>
    toApi(await findRecord(on, 'finance_categories', id, 'Categoria não encontrada.'));

  const check = async (category: CategoryInput, id?: number) => {
    if (category.is_tithe && category.kind !== 'income') {
      throw invalid({ is_tithe: 'Só uma categoria de receita pode ser de dízimos.' });
    }
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
  };

  return {
    find: (id: number) => find(id),

    async list({ sort, range, filter }: ListParams) {
      const filters = filtersOf(filter, ['q', 'id', 'kind', 'active', 'is_tithe']);
      let rows = (await db.selectFrom('finance_categories').selectAll().execute()).map(toApi);
      if (filters.q !== undefined) {
        const words = searchText(textFilter(filters.q, 'q')).split(' ');
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
      if (filters.is_tithe !== undefined) {
        const tithe = boolFilter(filters.is_tithe, 'is_tithe');
        rows = rows.filter((row) => row.is_tithe === tithe);
      }
      const key = sort.field as keyof Category;
      const direction = sort.order === 'asc' ? 1 : -1;
      rows.sort((a, b) => {
        const x = typeof a[key] === 'string' ? searchText(String(a[key])) : Number(a[key]);
        const y = typeof b[key] === 'string' ? searchText(String(b[key])) : Number(b[key]);
        return direction * (x < y ? -1 : x > y ? 1 : a.id - b.id);
      });
      return { rows: rows.slice(range.offset, range.offset + range.limit), total: rows.length };
    },

    async create(actor: Actor, category: CategoryInput) {
      await check(category);
      return inTransaction(db, async (trx) => {
        const { id } = await trx
          .insertInto('finance_categories')
          .values(category)
          .returning('id')
          .executeTakeFirstOrThrow();
        const after = await find(id, trx);
        await audit(trx, actor, {
          action: 'create',
          resource: 'finance_categories',
          record_id: id,
          after,
        });
        return after;
      });
    },

    /** `changes` merged with the stored category, validated as a whole. */
    async update(actor: Actor, id: number, changes: Record<string, unknown>) {
      const existing = await find(id);
      const category = validated(categorySchema, { ...existing, ...changes });
      await check(category, id);
      return inTransaction(db, async (trx) => {
        await trx.updateTable('finance_categories').set(category).where('id', '=', id).execute();
        const after = await find(id, trx);
        await audit(trx, actor, {
          action: 'update',
          resource: 'finance_categories',
          record_id: id,
          before: existing,
          after,
        });
        return after;
      });
    },

    remove: (actor: Actor, id: number) =>
      deleteUnlessInUse(db, actor, 'finance_categories', id, {
        find,
        async inUse(trx, id) {
          const used = await usage(trx, id);
          if (used > 0) {
            return (
              `Esta categoria está em uso (${plural(used, 'lançamento', 'lançamentos')}): ` +
              'não pode ser excluída. Para deixar de usá-la, desmarque “Ativa”.'
            );
          }
          // A budget (issue 27) names it too: its plan would be lost with it.
          const { count } = await trx
            .selectFrom('budgets')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .where('category_id', '=', id)
            .executeTakeFirstOrThrow();
          return Number(count) > 0
            ? 'Esta categoria está no orçamento: não pode ser excluída. ' +
                'Para deixar de usá-la, desmarque “Ativa”.'
            : null;
        },
      }),
  };
}

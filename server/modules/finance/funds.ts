// /api/finance_funds: the funds an income or expense may belong to (issue 27). A restricted fund
// (Missões, Obra de construção) keeps its balance apart from the free resources; a fund in use
// is deactivated, not deleted. The simple-rest CRUD and its audit are the small tables'.
import type { FastifyInstance } from 'fastify';
import { fundSchema } from '../../../domain/finance/schemas.js';
import { plural } from '../../../domain/text.js';
import { searchText } from '../../../domain/search.js';
import { type SmallTableDefinition, smallTableRoutes } from '../../http/smallTable.js';
import { asBool } from '../../http/listFilters.js';
import { conflict, invalid } from '../../plugins/errors.js';

export const fundsTable: SmallTableDefinition<'finance_funds', typeof fundSchema> = {
  api: 'finance_funds',
  table: 'finance_funds',
  schema: fundSchema,
  notFound: 'Fundo não encontrado.',
  sortable: ['id', 'name', 'restricted', 'active'],
  defaultSort: { field: 'name', order: 'asc' },
  searchable: (record) => `${String(record.name)} ${String(record.description ?? '')}`,
  filters: { restricted: 'bool', active: 'bool' },
  async toApi(rows) {
    return rows.map((row) => ({
      ...row,
      restricted: asBool(row.restricted),
      active: asBool(row.active),
    }));
  },
  async columns(fund, db, id) {
    const rows = await db.selectFrom('finance_funds').select(['id', 'name']).execute();
    if (rows.some((row) => row.id !== id && searchText(row.name) === searchText(fund.name))) {
      throw invalid({ name: 'Já existe um fundo com este nome.' });
    }
    return fund;
  },
  async assertDeletable(db, id) {
    let used = 0;
    for (const table of ['incomes', 'expenses'] as const) {
      const { count } = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('fund_id', '=', id)
        .executeTakeFirstOrThrow();
      used += Number(count);
    }
    if (used > 0) {
      throw conflict(
        `Este fundo está em uso (${plural(used, 'lançamento', 'lançamentos')}): não pode ser ` +
          'excluído. Para deixar de usá-lo, desmarque “Ativo”.',
      );
    }
  },
};

export async function fundsRoutes(app: FastifyInstance) {
  smallTableRoutes(app, fundsTable);
}

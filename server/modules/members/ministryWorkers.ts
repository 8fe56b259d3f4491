// /api/ministry_workers: members whose position is ministerial (read-only view).
import type { FastifyInstance } from 'fastify';
import { resourceByApi } from '../../../domain/resources.js';
import { searchWords } from '../../../domain/search.js';
import { badRequest } from '../../plugins/errors.js';
import { parseListParams, sendList } from '../../http/simpleRest.js';

const SORTS = {
  name: 'members.sort_name',
  consecration_date: 'members.consecration_date',
} as const;

export async function ministryWorkersRoutes(app: FastifyInstance) {
  const { db, dialect } = app.database;
  const access = resourceByApi('ministry_workers');

  app.get('/api/ministry_workers', { config: { access: access.read } }, async (request, reply) => {
    const { sort, range, filter } = parseListParams(request.query as Record<string, unknown>, {
      sortable: Object.keys(SORTS),
      defaultSort: { field: 'name', order: 'asc' },
    });
    let query = db
      .selectFrom('members')
      .innerJoin('positions', 'positions.id', 'members.position_id')
      .where('positions.ministerial', '=', true);
    for (const [key, value] of Object.entries(filter)) {
      if (value === undefined || value === null || value === '') continue;
      if (key === 'q' && typeof value === 'string') {
        const words = searchWords(value);
        if (words.length > 0) query = query.where(dialect.textSearch('members', 'search', words));
      } else if (key === 'position_id' && Number.isSafeInteger(Number(value))) {
        query = query.where('members.position_id', '=', Number(value));
      } else if (key === 'id' && Array.isArray(value)) {
        query = query.where('members.id', 'in', value.map(Number).filter(Number.isSafeInteger));
      } else {
        throw badRequest(`Filtro ${key} inválido.`);
      }
    }
    const [rows, total] = await Promise.all([
      query
        .select([
          'members.id',
          'members.name',
          'members.photo_thumb',
          'members.position_id',
          'members.consecration_date',
          'members.phone_mobile',
          'members.status',
        ])
        .orderBy(SORTS[sort.field as keyof typeof SORTS], sort.order)
        .orderBy('members.id')
        .offset(range.offset)
        .limit(range.limit)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return sendList(reply, 'ministry_workers', range.offset, rows, Number(total.total));
  });
}

// /api/members: the registry of members (simple-rest), bulk actions and the CSV export.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { MEMBER_STATUSES } from '../../../domain/members.js';
import { resourceByApi } from '../../../domain/resources.js';
import type { Database } from '../../db/schema.js';
import { sendCsv } from '../../http/csv.js';
import { badRequest, invalid, notFound } from '../../plugins/errors.js';
import { parseId, parseListParams, sendList } from '../../http/simpleRest.js';
import { memberExport } from './export.js';
import { toApiListMember, toApiMember } from './row.js';
import { assertMemberDeletable, prepareMember, setDepartments } from './write.js';

import { MEMBER_SORTS, listMembers } from './list.js';

export { MEMBER_SORTS } from './list.js';

export async function departmentIdsOf(db: Kysely<Database>, memberIds: number[]) {
  const byMember = new Map<number, number[]>(memberIds.map((id) => [id, []]));
  if (memberIds.length === 0) return byMember;
  const rows = await db
    .selectFrom('member_departments')
    .select(['member_id', 'department_id'])
    .where('member_id', 'in', memberIds)
    .orderBy('department_id')
    .execute();
  for (const row of rows) byMember.get(row.member_id)?.push(row.department_id);
  return byMember;
}

async function loadMember(db: Kysely<Database>, id: number) {
  const row = await db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Membro não encontrado.');
  return toApiMember(row, (await departmentIdsOf(db, [id])).get(id) ?? []);
}

export async function membersRoutes(app: FastifyInstance) {
  const { db, dialect } = app.database;
  const access = resourceByApi('members');
  const listParams = (query: unknown) =>
    parseListParams(query as Record<string, unknown>, {
      sortable: Object.keys(MEMBER_SORTS),
      defaultSort: { field: 'name', order: 'asc' },
    });

  app.get('/api/members', { config: { access: access.read } }, async (request, reply) => {
    const params = listParams(request.query);
    const { rows, total } = await listMembers(db, dialect, params);
    const departments = await departmentIdsOf(
      db,
      rows.map((row) => row.id),
    );
    const data = rows.map((row) => toApiListMember(row, departments.get(row.id) ?? []));
    return sendList(reply, 'members', params.range.offset, data, total);
  });

  // A bulk copy of personal data (CPF, phones) leaves the system: secretary access (LGPD).
  app.get('/api/members/export', { config: { access: access.write } }, async (request, reply) => {
    const { sort, filter } = listParams(request.query);
    const { columns, batches } = await memberExport(
      db,
      dialect,
      filter,
      MEMBER_SORTS[sort.field],
      sort.order,
    );
    return sendCsv(reply, 'membros.csv', columns, batches);
  });

  app.get('/api/members/:id', { config: { access: access.read } }, async (request) =>
    loadMember(db, parseId((request.params as { id: string }).id)),
  );

  app.post('/api/members', { config: { access: access.write } }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const { columns, departmentIds } = await prepareMember(db, body);
    const now = new Date().toISOString();
    const id = await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('members')
        .values({ ...columns, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await setDepartments(trx, id, departmentIds);
      return id;
    });
    reply.code(201);
    return loadMember(db, id);
  });

  app.put('/api/members/:id', { config: { access: access.write } }, async (request) => {
    const id = parseId((request.params as { id: string }).id);
    const existing = await loadMember(db, id);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const { columns, departmentIds } = await prepareMember(
      db,
      { ...existing, ...body },
      { id, customFields: existing.custom_fields },
    );
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('members')
        .set({ ...columns, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
      await setDepartments(trx, id, departmentIds);
    });
    return loadMember(db, id);
  });

  app.delete('/api/members/:id', { config: { access: access.write } }, async (request) => {
    const id = parseId((request.params as { id: string }).id);
    const existing = await loadMember(db, id);
    await assertMemberDeletable(db, id);
    await db.deleteFrom('members').where('id', '=', id).execute();
    return existing;
  });

  app.post('/api/members/bulk', { config: { access: access.write } }, async (request) => {
    const body = (request.body ?? {}) as {
      ids?: unknown;
      action?: unknown;
      status?: unknown;
      department_id?: unknown;
    };
    const ids = Array.isArray(body.ids) ? body.ids : [];
    if (
      ids.length === 0 ||
      ids.length > 1000 ||
      !ids.every((id) => Number.isSafeInteger(id) && id > 0)
    ) {
      throw badRequest('Selecione de 1 a 1.000 membros.');
    }
    const memberIds = ids as number[];
    if (body.action === 'set_status') {
      if (!MEMBER_STATUSES.includes(body.status as never))
        throw invalid({ status: 'Situação inválida.' });
      const result = await db
        .updateTable('members')
        .set({ status: body.status as string, updated_at: new Date().toISOString() })
        .where('id', 'in', memberIds)
        .executeTakeFirst();
      return { updated: Number(result.numUpdatedRows) };
    }
    if (body.action === 'add_department') {
      const departmentId = Number(body.department_id);
      const department = Number.isSafeInteger(departmentId)
        ? await db
            .selectFrom('departments')
            .select('id')
            .where('id', '=', departmentId)
            .executeTakeFirst()
        : undefined;
      if (!department) throw invalid({ department_id: 'Departamento não encontrado.' });
      return db.transaction().execute(async (trx) => {
        const existing = await trx
          .selectFrom('members')
          .select('id')
          .where('id', 'in', memberIds)
          .execute();
        const already = await trx
          .selectFrom('member_departments')
          .select('member_id')
          .where('department_id', '=', departmentId)
          .where('member_id', 'in', memberIds)
          .execute();
        const skip = new Set(already.map((row) => row.member_id));
        const add = existing.map((row) => row.id).filter((id) => !skip.has(id));
        if (add.length > 0) {
          await trx
            .insertInto('member_departments')
            .values(add.map((memberId) => ({ member_id: memberId, department_id: departmentId })))
            .execute();
        }
        return { updated: add.length };
      });
    }
    throw badRequest('Ação em lote desconhecida.');
  });
}

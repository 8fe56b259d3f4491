// /api/registrations: the secretary's review of self-registrations (members with status
// "pending"). Approve makes the member active; reject deletes the registration, since a person
// who did not become a member should not leave sensitive data behind (LGPD art. 16).
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { resourceByApi } from '../../../domain/resources.js';
import type { Database } from '../../db/schema.js';
import { conflict, notFound } from '../../plugins/errors.js';
import { parseId, parseListParams, sendList } from '../../http/simpleRest.js';
import { assertMemberDeletable } from './write.js';

const NOT_FOUND = 'Cadastro pendente não encontrado.';
const SORTS = { created_at: 'created_at', name: 'sort_name' } as const;

function pending(db: Kysely<Database>) {
  return db
    .selectFrom('members')
    .leftJoin('members as original', 'original.id', 'members.duplicate_of')
    .where('members.status', '=', 'pending');
}

async function pendingMember(db: Kysely<Database>, id: number) {
  const row = await db
    .selectFrom('members')
    .select(['id', 'name', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(NOT_FOUND);
  if (row.status !== 'pending') throw conflict('Este cadastro já foi conferido.');
  return row;
}

export async function registrationsRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const access = resourceByApi('registrations');

  app.get('/api/registrations', { config: { access: access.read } }, async (request, reply) => {
    const { sort, range } = parseListParams(request.query as Record<string, unknown>, {
      sortable: Object.keys(SORTS),
      defaultSort: { field: 'created_at', order: 'desc' },
    });
    const [rows, total] = await Promise.all([
      pending(db)
        .select([
          'members.id',
          'members.name',
          'members.photo_thumb',
          'members.email',
          'members.cpf',
          'members.phone_mobile',
          'members.birth_date',
          'members.created_at',
          'members.consent_at',
          'members.consent_version',
          'members.guardian_name',
          'members.duplicate_of',
          'members.duplicate_reason',
          'original.name as duplicate_name',
        ])
        .orderBy(`members.${SORTS[sort.field as keyof typeof SORTS]}`, sort.order)
        .orderBy('members.id', sort.order)
        .offset(range.offset)
        .limit(range.limit)
        .execute(),
      pending(db)
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return sendList(reply, 'registrations', range.offset, rows, Number(total.total));
  });

  app.post(
    '/api/registrations/:id/approve',
    { config: { access: access.write } },
    async (request) => {
      const id = parseId((request.params as { id: string }).id);
      await pendingMember(db, id);
      await db
        .updateTable('members')
        .set({
          status: 'active',
          duplicate_of: null,
          duplicate_reason: null,
          updated_at: new Date().toISOString(),
        })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
      return { id, status: 'active' };
    },
  );

  app.post(
    '/api/registrations/:id/reject',
    { config: { access: access.write } },
    async (request) => {
      const id = parseId((request.params as { id: string }).id);
      const member = await pendingMember(db, id);
      await assertMemberDeletable(db, id);
      await db.deleteFrom('members').where('id', '=', id).where('status', '=', 'pending').execute();
      return { id, name: member.name, deleted: true };
    },
  );
}

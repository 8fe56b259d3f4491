// /api/members: the registry of members (simple-rest), bulk actions, the CSV export and the
// moves between congregations. Lists and the export follow the view (server/http/scope.ts);
// one member outside the user's rights is a 404 to read and a 403 to change.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { memberSchema } from '../../../domain/memberSchema.js';
import { resourceByApi } from '../../../domain/resources.js';
import { BODY_LIMITS } from '../../http/bodyLimits.js';
import { sendCsv } from '../../http/csv.js';
import { fieldsBody, idParams, listQuery, looseBody } from '../../http/schemas.js';
import { rightsOf, viewOf } from '../../http/scope.js';
import { parseListParams, sendList } from '../../http/simpleRest.js';
import { actorOf, audit } from '../../audit/trail.js';
import { memberExport } from './export.js';
import { MEMBER_SORTS } from './list.js';
import {
  bulkUpdateMembers,
  createMember,
  deleteMember,
  auditMemberView,
  loadMember,
  memberMoves,
  memberPage,
  updateMember,
} from './repository.js';
import {
  ensureMemberVisible,
  memberReader,
  projectMember,
  readerListParams,
} from './projection.js';
import { MEMBER_ANSWERS, answerMembersAs } from './responses.js';
import { scopedFilter } from './scope.js';

// Custom fields are checked against their definitions in the database, and their errors join
// the schema's in one answer: the repository validates, the route names the fields.
const memberBody = fieldsBody(memberSchema.shape);
const memberChanges = looseBody(memberSchema.shape);
// Answered field by field as before (400 for the selection, 422 for a status or department).
const bulkBody = looseBody({
  ids: 'Os membros: de 1 a 1.000 ids.',
  action: 'set_status ou add_department.',
  status: 'A situação (set_status).',
  department_id: 'O departamento (add_department).',
});

export async function membersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, dialect } = app.database;
  const access = resourceByApi('members');
  const listParams = (query: z.output<typeof listQuery>) =>
    parseListParams(query, {
      sortable: Object.keys(MEMBER_SORTS),
      defaultSort: { field: 'name', order: 'asc' },
    });

  app.get(
    '/api/members',
    {
      config: { access: access.read },
      schema: { querystring: listQuery, response: { 200: MEMBER_ANSWERS.list.declared } },
    },
    async (request, reply) => {
      const reader = await memberReader(request, db);
      const params = readerListParams(reader, listParams(request.query));
      const { rows, total } = await memberPage(db, dialect, params, viewOf(request));
      const shown = rows.map((row) => projectMember(reader, row));
      answerMembersAs(reply, reader, MEMBER_ANSWERS.list);
      return sendList(reply, 'members', params.range.offset, shown, total);
    },
  );

  // A bulk copy of personal data (CPF, phones) leaves the system: secretary access (LGPD).
  app.get(
    '/api/members/export',
    { config: { access: access.write }, schema: { querystring: listQuery } },
    async (request, reply) => {
      const { sort, filter } = listParams(request.query);
      const { columns, batches } = await memberExport(
        db,
        dialect,
        scopedFilter(filter, viewOf(request)),
        MEMBER_SORTS[sort.field],
        sort.order,
      );
      return sendCsv(reply, 'membros.csv', columns, batches, (rows) =>
        audit(db, actorOf(request), {
          action: 'export',
          resource: 'members',
          record_id: null,
          details: { file: 'membros.csv', filter, rows },
        }),
      );
    },
  );

  app.get(
    '/api/members/:id',
    {
      config: { access: access.read },
      schema: { params: idParams, response: { 200: MEMBER_ANSWERS.record.declared } },
    },
    async (request, reply) => {
      const member = await loadMember(db, request.params.id, rightsOf(request));
      const reader = await memberReader(request, db);
      ensureMemberVisible(reader, member);
      await auditMemberView(db, member.id, actorOf(request));
      answerMembersAs(reply, reader, MEMBER_ANSWERS.record);
      return projectMember(reader, member);
    },
  );

  // Internal moves between congregations, newest first: the member's history, read with the
  // whole record (issue 13).
  app.get(
    '/api/members/:id/moves',
    { config: { access: access.detail ?? access.read }, schema: { params: idParams } },
    async (request) => memberMoves(db, request.params.id, rightsOf(request)),
  );

  app.post(
    '/api/members',
    {
      config: { access: access.write },
      bodyLimit: BODY_LIMITS.withImage,
      schema: { body: memberBody },
    },
    async (request, reply) => {
      const member = await createMember(db, request.body, actorOf(request));
      reply.code(201);
      return member;
    },
  );

  app.put(
    '/api/members/:id',
    {
      config: { access: access.write },
      bodyLimit: BODY_LIMITS.withImage,
      schema: { params: idParams, body: memberChanges },
    },
    async (request) => updateMember(db, request.params.id, request.body, actorOf(request)),
  );

  app.delete(
    '/api/members/:id',
    { config: { access: access.write }, schema: { params: idParams } },
    async (request) => deleteMember(db, request.params.id, actorOf(request)),
  );

  app.post(
    '/api/members/bulk',
    { config: { access: access.write }, schema: { body: bulkBody } },
    async (request) => bulkUpdateMembers(db, request.body, actorOf(request)),
  );
}

// Famílias (issue 28): /api/families (the list; a household created from a member, read, changed,
// deleted), its people (/api/families/:id/people, /api/family_people/:id), the household of a
// member (/api/members/:id/family) and the family's ficha (PDF). Personal data: secretary access,
// inside the user's congregations; every write and every ficha in the audit trail.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  familyPersonChangesSchema,
  familyRelativeSchema,
  familySchema,
  newFamilySchema,
} from '../../../domain/families.js';
import { resourceByApi } from '../../../domain/resources.js';
import { actorOf, audit } from '../../audit/trail.js';
import { bodyAfterLookup, changesOf, idParams, listQuery } from '../../http/schemas.js';
import { parseListParams, sendList } from '../../http/simpleRest.js';
import { rightsOf, viewOf } from '../../http/scope.js';
import { pdfHeaders } from '../../pdf/document.js';
import { memberCongregation } from '../members/index.js';
import { createFamily, deleteFamily, updateFamily } from './households.js';
import { familyFicha } from './ficha.js';
import { FAMILY_SORTS, listFamilies } from './list.js';
import { familyIdOfMember, loadFamily } from './people.js';
import { addPerson, removePerson, updatePerson } from './peopleWrites.js';

export async function familiesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const families = resourceByApi('families');
  const read = { access: families.read };
  const write = { access: families.write };

  // The member page's "Família": the household (null: none yet).
  app.get(
    '/api/members/:id/family',
    { config: read, schema: { params: idParams } },
    async (request) => {
      const rights = rightsOf(request);
      await memberCongregation(db, request.params.id, rights);
      const link = await familyIdOfMember(db, request.params.id);
      return {
        person_id: link?.id ?? null,
        family: link ? await loadFamily(db, link.family_id, rights) : null,
      };
    },
  );

  app.get(
    '/api/families',
    { config: read, schema: { querystring: listQuery } },
    async (request, reply) => {
      const params = parseListParams(request.query, {
        sortable: Object.keys(FAMILY_SORTS),
        defaultSort: { field: 'name', order: 'asc' },
      });
      const { rows, total } = await listFamilies(db, params, viewOf(request));
      return sendList(reply, 'families', params.range.offset, rows, total);
    },
  );

  app.post(
    '/api/families',
    { config: write, schema: { body: bodyAfterLookup(newFamilySchema) } },
    async (request, reply) => {
      const family = await createFamily(db, request.body, actorOf(request));
      reply.code(201);
      return family;
    },
  );

  app.get('/api/families/:id', { config: read, schema: { params: idParams } }, async (request) =>
    loadFamily(db, request.params.id, rightsOf(request)),
  );

  app.put(
    '/api/families/:id',
    { config: write, schema: { params: idParams, body: changesOf(familySchema) } },
    async (request) =>
      updateFamily(
        db,
        request.params.id,
        (request.body ?? {}) as Record<string, unknown>,
        actorOf(request),
      ),
  );

  app.delete(
    '/api/families/:id',
    { config: write, schema: { params: idParams } },
    async (request) => deleteFamily(db, request.params.id, actorOf(request)),
  );

  app.post(
    '/api/families/:id/people',
    { config: write, schema: { params: idParams, body: bodyAfterLookup(familyRelativeSchema) } },
    async (request, reply) => {
      const family = await addPerson(db, request.params.id, request.body, actorOf(request));
      reply.code(201);
      return family;
    },
  );

  app.put(
    '/api/family_people/:id',
    { config: write, schema: { params: idParams, body: changesOf(familyPersonChangesSchema) } },
    async (request) => updatePerson(db, request.params.id, request.body, actorOf(request)),
  );

  app.delete(
    '/api/family_people/:id',
    { config: write, schema: { params: idParams } },
    async (request) => removePerson(db, request.params.id, actorOf(request)),
  );

  app.get(
    '/api/families/:id/ficha.pdf',
    { config: read, schema: { params: idParams } },
    async (request, reply) => {
      const { family, pdf } = await familyFicha(db, request.params.id, rightsOf(request));
      const file = `ficha-da-familia-${family.id}.pdf`;
      await audit(db, actorOf(request), {
        action: 'pdf',
        resource: 'families',
        record_id: family.id,
        details: { file, people: family.people.length },
      });
      reply.headers(pdfHeaders(file));
      return pdf;
    },
  );
}

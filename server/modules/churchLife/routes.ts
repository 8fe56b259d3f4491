// Church life (issue 26): /api/worship_services (recurring cultos) and their opening on a day,
// /api/gatherings (occurrences and events, with head counts), their attendances (check-in, by
// name, QR or visitor) and /api/visitors. Secretary access, inside the user's congregations; a
// líder reaches the meetings of the groups he serves (issue 26: the cultos whose check-in he hosts,
// the chamadas of the classes he teaches), of their people only name, photo, phone and birthday.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PEOPLE_SEARCH_LIMIT,
  checkinSchema,
  gatheringSchema,
  openServiceSchema,
  peopleSearchSchema,
  serviceHostsSchema,
  visitorConsentSchema,
  visitorEditSchema,
  visitorSchema,
} from '../../../domain/churchLife.js';
import { ANY_USER, GROUP_ACCESS } from '../../../domain/access.js';
import { resourceByApi } from '../../../domain/resources.js';
import { assignedGroups, groupPeople, requiredAssignment } from '../../http/assignments.js';
import { actorOf } from '../../audit/trail.js';
import { bodyAfterLookup, changesOf, fieldsBody, idParams, listQuery } from '../../http/schemas.js';
import { rightsOf, viewOf } from '../../http/scope.js';
import { parseListParams, sendList } from '../../http/simpleRest.js';
import { smallTableRoutes } from '../../http/smallTable.js';
import { validated } from '../../plugins/errors.js';
import { memberIdsByName } from '../members/index.js';
import { checkIn, listAttendances, removeAttendance } from './attendances.js';
import { followupRoutes } from './followupRoutes.js';
import {
  GATHERING_SORTS,
  createEvent,
  deleteGathering,
  listGatherings,
  loadGathering,
  updateGathering,
} from './gatherings.js';
import { HOSTS_NONE, openService, setServiceHosts, worshipServicesTable } from './services.js';
import {
  VISITOR_SORTS,
  convertVisitor,
  createVisitor,
  listVisitors,
  loadVisitor,
  recordVisitorConsent,
  updateVisitor,
} from './visitors.js';

export async function churchLifeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, dialect } = app.database;
  // The cultos whose check-in a líder hosts (null: the office, not narrowed); none: 403.
  const hosted = (request: FastifyRequest) =>
    requiredAssignment(db, request, 'worship_service', HOSTS_NONE);

  // What the signed-in user is assigned (issue 26): his menu shows the groups he reaches.
  app.get('/api/assignments', { config: { access: ANY_USER } }, async (request) => {
    const groups = await assignedGroups(db, request);
    return groups === null ? { all: true } : { all: false, ...groups };
  });

  smallTableRoutes(app, worshipServicesTable);
  const services = resourceByApi('worship_services');
  // "Abrir o culto de hoje": the day's gathering of a recurring culto, created once; its check-in
  // host opens today's.
  app.post(
    '/api/worship_services/:id/open',
    {
      config: { access: GROUP_ACCESS },
      schema: { params: idParams, body: bodyAfterLookup(openServiceSchema) },
    },
    async (request, reply) => {
      const { date } = validated(openServiceSchema, request.body ?? {});
      const opened = await openService(
        db,
        request.params.id,
        date,
        actorOf(request),
        await hosted(request),
      );
      reply.code(opened.created ? 201 : 200);
      return loadGathering(db, opened.id);
    },
  );

  // The líderes who host the culto's check-in (issue 26): the office assigns them.
  app.put(
    '/api/worship_services/:id/hosts',
    {
      config: { access: services.write },
      schema: { params: idParams, body: bodyAfterLookup(serviceHostsSchema) },
    },
    async (request) => setServiceHosts(db, request.params.id, request.body, actorOf(request)),
  );

  const gatherings = resourceByApi('gatherings');
  app.get(
    '/api/gatherings',
    { config: { access: gatherings.read }, schema: { querystring: listQuery } },
    async (request, reply) => {
      const params = parseListParams(request.query, {
        sortable: GATHERING_SORTS,
        defaultSort: { field: 'date', order: 'desc' },
      });
      const { page, total } = await listGatherings(
        db,
        params,
        viewOf(request),
        await hosted(request),
      );
      return sendList(reply, 'gatherings', params.range.offset, page, total);
    },
  );

  app.get(
    '/api/gatherings/:id',
    { config: { access: gatherings.read }, schema: { params: idParams } },
    async (request) =>
      loadGathering(db, request.params.id, rightsOf(request), await hosted(request)),
  );

  // The check-in's name search at a culto a líder hosts (issue 26): members of its congregation,
  // as a group's people are read — name, photo, phone and birthday.
  app.get(
    '/api/gatherings/:id/people',
    {
      config: { access: gatherings.read },
      schema: { params: idParams, querystring: fieldsBody(peopleSearchSchema.shape) },
    },
    async (request) => {
      const gathering = await loadGathering(
        db,
        request.params.id,
        rightsOf(request),
        await hosted(request),
      );
      const { q } = validated(peopleSearchSchema, request.query);
      const ids = await memberIdsByName(
        db,
        dialect,
        q,
        gathering.congregation_id,
        PEOPLE_SEARCH_LIMIT,
      );
      return groupPeople(db, ids);
    },
  );

  app.post(
    '/api/gatherings',
    { config: { access: gatherings.write }, schema: { body: fieldsBody(gatheringSchema.shape) } },
    async (request, reply) => {
      const record = await createEvent(db, request.body, actorOf(request));
      reply.code(201);
      return record;
    },
  );

  // The office changes a gathering; a culto's check-in host, the head counts of its occurrences.
  app.put(
    '/api/gatherings/:id',
    {
      config: { access: GROUP_ACCESS },
      schema: { params: idParams, body: changesOf(gatheringSchema) },
    },
    async (request) =>
      updateGathering(db, request.params.id, request.body, actorOf(request), await hosted(request)),
  );

  app.delete(
    '/api/gatherings/:id',
    { config: { access: gatherings.write }, schema: { params: idParams } },
    async (request) => deleteGathering(db, request.params.id, actorOf(request)),
  );

  app.get(
    '/api/gatherings/:id/attendances',
    { config: { access: gatherings.read }, schema: { params: idParams } },
    async (request) =>
      listAttendances(db, request.params.id, rightsOf(request), await hosted(request)),
  );

  // A check-in: 201 when the person is marked now, 200 with the stored one when the key was
  // already sent (the offline queue's replay) or the person was already present. A líder ticks
  // the students of a class he teaches at its chamada, and the members of a culto's congregation
  // at an occurrence of the culto he hosts — nowhere else (issue 26).
  const groups = (request: FastifyRequest) => assignedGroups(db, request);
  app.post(
    '/api/gatherings/:id/attendances',
    {
      config: { access: GROUP_ACCESS },
      schema: { params: idParams, body: bodyAfterLookup(checkinSchema) },
    },
    async (request, reply) => {
      const record = await checkIn(
        db,
        request.params.id,
        request.body,
        actorOf(request),
        await groups(request),
      );
      reply.code(record.created ? 201 : 200);
      return record;
    },
  );

  app.delete(
    '/api/attendances/:id',
    { config: { access: GROUP_ACCESS }, schema: { params: idParams } },
    async (request) =>
      removeAttendance(db, request.params.id, actorOf(request), await groups(request)),
  );

  const visitors = resourceByApi('visitors');
  app.get(
    '/api/visitors',
    { config: { access: visitors.read }, schema: { querystring: listQuery } },
    async (request, reply) => {
      const params = parseListParams(request.query, {
        sortable: VISITOR_SORTS,
        defaultSort: { field: 'created_at', order: 'desc' },
      });
      const { page, total } = await listVisitors(db, params, viewOf(request));
      return sendList(reply, 'visitors', params.range.offset, page, total);
    },
  );

  app.get(
    '/api/visitors/:id',
    { config: { access: visitors.read }, schema: { params: idParams } },
    async (request) => loadVisitor(db, request.params.id, rightsOf(request)),
  );

  // The quick-add: the office's, and a líder's at the report of a cell he serves, the chamada of
  // a class he teaches or an occurrence of a culto he hosts (issue 26).
  app.post(
    '/api/visitors',
    { config: { access: GROUP_ACCESS }, schema: { body: fieldsBody(visitorSchema.shape) } },
    async (request, reply) => {
      const record = await createVisitor(db, request.body, actorOf(request), await groups(request));
      reply.code(record.created ? 201 : 200);
      return record;
    },
  );

  app.put(
    '/api/visitors/:id',
    {
      config: { access: visitors.write },
      schema: { params: idParams, body: changesOf(visitorEditSchema) },
    },
    async (request) => updateVisitor(db, request.params.id, request.body, actorOf(request)),
  );

  // The consent to be contacted given or withdrawn (withdrawn, the phone is erased).
  app.post(
    '/api/visitors/:id/consents',
    {
      config: { access: visitors.write },
      schema: { params: idParams, body: bodyAfterLookup(visitorConsentSchema) },
    },
    async (request, reply) => {
      const record = await recordVisitorConsent(
        db,
        request.params.id,
        request.body,
        actorOf(request),
      );
      reply.code(201);
      return record;
    },
  );

  // "Tornar membro": a pending registration for the review (/cadastros), once.
  app.post(
    '/api/visitors/:id/convert',
    { config: { access: visitors.write }, schema: { params: idParams } },
    async (request, reply) => {
      const record = await convertVisitor(db, request.params.id, actorOf(request));
      reply.code(201);
      return record;
    },
  );

  followupRoutes(app);
}

// Church life (issue 26): /api/worship_services (recurring cultos) and their opening on a day,
// /api/gatherings (occurrences and events, with head counts), their attendances (check-in, by
// name, QR or visitor) and /api/visitors. Secretary access, inside the user's congregations.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  checkinSchema,
  gatheringSchema,
  openServiceSchema,
  visitorConsentSchema,
  visitorEditSchema,
  visitorSchema,
} from '../../../domain/churchLife.js';
import { GROUP_ACCESS } from '../../../domain/access.js';
import { resourceByApi } from '../../../domain/resources.js';
import { assignedGroups, assignedOf } from '../../http/assignments.js';
import { actorOf } from '../../audit/trail.js';
import { bodyAfterLookup, changesOf, fieldsBody, idParams, listQuery } from '../../http/schemas.js';
import { rightsOf, viewOf } from '../../http/scope.js';
import { parseListParams, sendList } from '../../http/simpleRest.js';
import { smallTableRoutes } from '../../http/smallTable.js';
import { validated } from '../../plugins/errors.js';
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
import { openService, worshipServicesTable } from './services.js';
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
  const { db } = app.database;

  smallTableRoutes(app, worshipServicesTable);
  const services = resourceByApi('worship_services');
  // "Abrir o culto de hoje": the day's gathering of a recurring culto, created once.
  app.post(
    '/api/worship_services/:id/open',
    {
      config: { access: services.write },
      schema: { params: idParams, body: bodyAfterLookup(openServiceSchema) },
    },
    async (request, reply) => {
      const { date } = validated(openServiceSchema, request.body ?? {});
      const opened = await openService(db, request.params.id, date, actorOf(request));
      reply.code(opened.created ? 201 : 200);
      return loadGathering(db, opened.id);
    },
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
      const { page, total } = await listGatherings(db, params, viewOf(request));
      return sendList(reply, 'gatherings', params.range.offset, page, total);
    },
  );

  app.get(
    '/api/gatherings/:id',
    { config: { access: gatherings.read }, schema: { params: idParams } },
    async (request) => loadGathering(db, request.params.id, rightsOf(request)),
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

  app.put(
    '/api/gatherings/:id',
    {
      config: { access: gatherings.write },
      schema: { params: idParams, body: changesOf(gatheringSchema) },
    },
    async (request) => updateGathering(db, request.params.id, request.body, actorOf(request)),
  );

  app.delete(
    '/api/gatherings/:id',
    { config: { access: gatherings.write }, schema: { params: idParams } },
    async (request) => deleteGathering(db, request.params.id, actorOf(request)),
  );

  app.get(
    '/api/gatherings/:id/attendances',
    { config: { access: gatherings.read }, schema: { params: idParams } },
    async (request) => listAttendances(db, request.params.id, rightsOf(request)),
  );

  // A check-in: 201 when the person is marked now, 200 with the stored one when the key was
  // already sent (the offline queue's replay) or the person was already present. A líder ticks
  // the students of a class he teaches at its chamada, and nowhere else (issue 26).
  const classes = (request: FastifyRequest) => assignedOf(db, request, 'ebd_class');
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
        await classes(request),
      );
      reply.code(record.created ? 201 : 200);
      return record;
    },
  );

  app.delete(
    '/api/attendances/:id',
    { config: { access: GROUP_ACCESS }, schema: { params: idParams } },
    async (request) =>
      removeAttendance(db, request.params.id, actorOf(request), await classes(request)),
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

  // The quick-add: the office's, and a líder's at the report of a cell he serves or the chamada
  // of a class he teaches (issue 26).
  app.post(
    '/api/visitors',
    { config: { access: GROUP_ACCESS }, schema: { body: fieldsBody(visitorSchema.shape) } },
    async (request, reply) => {
      const groups = await assignedGroups(db, request);
      const record = await createVisitor(db, request.body, actorOf(request), groups);
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

// The EBD (issue 26): /api/ebd_classes (turmas, with teachers), their enrolments and suggestions,
// the opening of a class's chamada on a day, /api/ebd_roll_calls (the chamadas and their counts)
// and the certificates of attendance. Students are ticked present through the church life
// check-in (/api/gatherings/:id/attendances). Secretary access, inside the user's congregations;
// a líder (issue 26) reads the classes he teaches, his students' name, photo, phone and birthday,
// and takes their chamadas — enrolment, the classes themselves and certificates stay the office's.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  certificatesSchema,
  ebdClassSchema,
  enrolmentSchema,
  openRollCallSchema,
  rollCallCountsSchema,
} from '../../../domain/ebd.js';
import { GROUP_ACCESS, SECRETARY_ACCESS } from '../../../domain/access.js';
import { resourceByApi } from '../../../domain/resources.js';
import { assignedOf } from '../../http/assignments.js';
import { actorOf, audit } from '../../audit/trail.js';
import { bodyAfterLookup, changesOf, fieldsBody, idParams, listQuery } from '../../http/schemas.js';
import { rightsOf, viewOf } from '../../http/scope.js';
import { parseListParams, sendList } from '../../http/simpleRest.js';
import { pdfHeaders } from '../../pdf/document.js';
import { validated } from '../../plugins/errors.js';
import { certificatesPdf } from './certificates.js';
import {
  EBD_CLASS_SORTS,
  classStudents,
  createClass,
  deleteClass,
  listClasses,
  loadClass,
  updateClass,
} from './classes.js';
import { enrol, listEnrolments, suggestions, unenrol } from './enrolments.js';
import {
  ROLL_CALL_SORTS,
  listRollCalls,
  loadRollCall,
  openRollCall,
  saveRollCallCounts,
} from './rollCalls.js';

const certificatesQuery = z.object({
  min_percent: z.string().optional().meta({ description: 'Frequência mínima, em % (padrão 75).' }),
});

export async function ebdRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const classes = resourceByApi('ebd_classes');
  const assigned = (request: FastifyRequest) => assignedOf(db, request, 'ebd_class');

  app.get(
    '/api/ebd_classes',
    { config: { access: classes.read }, schema: { querystring: listQuery } },
    async (request, reply) => {
      const params = parseListParams(request.query, {
        sortable: EBD_CLASS_SORTS,
        defaultSort: { field: 'name', order: 'asc' },
      });
      const { page, total } = await listClasses(
        db,
        params,
        viewOf(request),
        await assigned(request),
      );
      return sendList(reply, 'ebd_classes', params.range.offset, page, total);
    },
  );

  app.get(
    '/api/ebd_classes/:id',
    { config: { access: classes.read }, schema: { params: idParams } },
    async (request) => loadClass(db, request.params.id, rightsOf(request), await assigned(request)),
  );

  // The class's students as its teacher reads them: name, photo, phone and birthday.
  app.get(
    '/api/ebd_classes/:id/students',
    { config: { access: classes.read }, schema: { params: idParams } },
    async (request) =>
      classStudents(db, request.params.id, rightsOf(request), await assigned(request)),
  );

  app.post(
    '/api/ebd_classes',
    { config: { access: classes.write }, schema: { body: fieldsBody(ebdClassSchema.shape) } },
    async (request, reply) => {
      const record = await createClass(db, request.body, actorOf(request));
      reply.code(201);
      return record;
    },
  );

  app.put(
    '/api/ebd_classes/:id',
    {
      config: { access: classes.write },
      schema: { params: idParams, body: changesOf(ebdClassSchema) },
    },
    async (request) => updateClass(db, request.params.id, request.body, actorOf(request)),
  );

  app.delete(
    '/api/ebd_classes/:id',
    { config: { access: classes.write }, schema: { params: idParams } },
    async (request) => deleteClass(db, request.params.id, actorOf(request)),
  );

  // Enrolment is the office's: a teacher reads his students through /students.
  app.get(
    '/api/ebd_classes/:id/enrolments',
    { config: { access: SECRETARY_ACCESS }, schema: { params: idParams } },
    async (request) => listEnrolments(db, request.params.id, rightsOf(request)),
  );

  // 201 when enrolled now, 200 with the enrolment when the person already was.
  app.post(
    '/api/ebd_classes/:id/enrolments',
    {
      config: { access: classes.write },
      schema: { params: idParams, body: bodyAfterLookup(enrolmentSchema) },
    },
    async (request, reply) => {
      const record = await enrol(db, request.params.id, request.body, actorOf(request));
      reply.code(record.created ? 201 : 200);
      return record;
    },
  );

  app.delete(
    '/api/ebd_enrolments/:id',
    { config: { access: classes.write }, schema: { params: idParams } },
    async (request) => unenrol(db, request.params.id, actorOf(request)),
  );

  app.get(
    '/api/ebd_classes/:id/suggestions',
    { config: { access: SECRETARY_ACCESS }, schema: { params: idParams } },
    async (request) => suggestions(db, request.params.id, rightsOf(request)),
  );

  // "Fazer a chamada": the class's chamada of the day, created once (the office's, and the
  // class's teacher's).
  app.post(
    '/api/ebd_classes/:id/roll_calls',
    {
      config: { access: GROUP_ACCESS },
      schema: { params: idParams, body: bodyAfterLookup(openRollCallSchema) },
    },
    async (request, reply) => {
      const { date } = validated(openRollCallSchema, request.body ?? {});
      const opened = await openRollCall(
        db,
        request.params.id,
        date,
        actorOf(request),
        await assigned(request),
      );
      reply.code(opened.created ? 201 : 200);
      return loadRollCall(db, opened.id);
    },
  );

  app.get(
    '/api/ebd_classes/:id/certificates/pdf',
    {
      config: { access: SECRETARY_ACCESS },
      schema: { params: idParams, querystring: certificatesQuery },
    },
    async (request, reply) => {
      const { min_percent } = validated(certificatesSchema, request.query);
      const { pdf, pages, ebdClass } = await certificatesPdf(
        db,
        request.params.id,
        min_percent,
        rightsOf(request),
      );
      const file = `certificados-ebd-${ebdClass.year}-${ebdClass.quarter}-turma-${ebdClass.id}.pdf`;
      await audit(db, actorOf(request), {
        action: 'pdf',
        resource: 'ebd_classes',
        record_id: ebdClass.id,
        details: { file, rows: pages, min_percent },
      });
      reply.headers(pdfHeaders(file));
      return pdf;
    },
  );

  const rollCalls = resourceByApi('ebd_roll_calls');
  app.get(
    '/api/ebd_roll_calls',
    { config: { access: rollCalls.read }, schema: { querystring: listQuery } },
    async (request, reply) => {
      const params = parseListParams(request.query, {
        sortable: ROLL_CALL_SORTS,
        defaultSort: { field: 'date', order: 'desc' },
      });
      const { page, total } = await listRollCalls(
        db,
        params,
        viewOf(request),
        await assigned(request),
      );
      return sendList(reply, 'ebd_roll_calls', params.range.offset, page, total);
    },
  );

  app.get(
    '/api/ebd_roll_calls/:id',
    { config: { access: rollCalls.read }, schema: { params: idParams } },
    async (request) =>
      loadRollCall(db, request.params.id, rightsOf(request), await assigned(request)),
  );

  app.put(
    '/api/ebd_roll_calls/:id',
    {
      config: { access: rollCalls.write },
      schema: { params: idParams, body: changesOf(rollCallCountsSchema) },
    },
    async (request) =>
      saveRollCallCounts(
        db,
        request.params.id,
        request.body,
        actorOf(request),
        await assigned(request),
      ),
  );
}

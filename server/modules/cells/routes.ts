// Células (issue 26): /api/cells (the tree, through the shared small-table routes), a cell's
// members, its reports, the overdue reports, the multiplication, and /api/cell_levels. The office
// (secretary access) keeps them inside its congregations; a líder reads and reports only the
// cells he serves (server/http/assignments.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { GROUP_ACCESS, SECRETARY_ACCESS } from '../../../domain/access.js';
import {
  CELL_LEVELS,
  cellLevelSchema,
  cellMembersSchema,
  cellMultiplySchema,
  cellReportSchema,
} from '../../../domain/cells.js';
import { resourceByApi } from '../../../domain/resources.js';
import { actorOf } from '../../audit/trail.js';
import { assignedOf } from '../../http/assignments.js';
import { bodyAfterLookup, idParams } from '../../http/schemas.js';
import { rightsOf, viewOf } from '../../http/scope.js';
import { smallTableRoutes } from '../../http/smallTable.js';
import { smallTableStore } from '../../http/smallTableStore.js';
import { listLevels, renameLevel } from './levels.js';
import { multiplyCell } from './multiply.js';
import { listCellPeople, setCellMembers } from './people.js';
import { listReports, loadReport, overdueCells, saveReport } from './reports.js';
import { cellsTable } from './tree.js';

const reportParams = z.object({
  id: idParams.shape.id,
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .meta({ description: 'Dia do relatório (AAAA-MM-DD).' }),
});
const levelParams = z.object({ level: z.enum(CELL_LEVELS) });

export async function cellsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const cells = resourceByApi('cells');
  const assigned = (request: FastifyRequest) => assignedOf(db, request, 'cell');
  const tree = smallTableStore(db, cellsTable);

  // Before the tree's /:id routes: a path, not a record.
  app.get('/api/cells/overdue', { config: { access: cells.read } }, async (request) =>
    overdueCells(db, viewOf(request), await assigned(request)),
  );

  smallTableRoutes(app, cellsTable);

  app.get(
    '/api/cells/:id/members',
    { config: { access: cells.read }, schema: { params: idParams } },
    async (request) =>
      listCellPeople(db, request.params.id, rightsOf(request), await assigned(request)),
  );

  app.put(
    '/api/cells/:id/members',
    {
      config: { access: cells.write },
      schema: { params: idParams, body: bodyAfterLookup(cellMembersSchema) },
    },
    async (request) => setCellMembers(db, request.params.id, request.body, actorOf(request)),
  );

  app.get(
    '/api/cells/:id/reports',
    { config: { access: cells.read }, schema: { params: idParams } },
    async (request) =>
      listReports(db, request.params.id, rightsOf(request), await assigned(request)),
  );

  app.get(
    '/api/cells/:id/reports/:date',
    { config: { access: cells.read }, schema: { params: reportParams } },
    async (request) =>
      loadReport(
        db,
        request.params.id,
        request.params.date,
        rightsOf(request),
        await assigned(request),
      ),
  );

  // The leader's weekly report: 201 when the day's report is new, 200 when it set the same one.
  app.post(
    '/api/cells/:id/reports',
    {
      config: { access: GROUP_ACCESS },
      schema: { params: idParams, body: bodyAfterLookup(cellReportSchema) },
    },
    async (request, reply) => {
      const record = await saveReport(
        db,
        request.params.id,
        request.body,
        actorOf(request),
        await assigned(request),
      );
      reply.code(record.created ? 201 : 200);
      return record;
    },
  );

  app.post(
    '/api/cells/:id/multiply',
    {
      config: { access: cells.write },
      schema: { params: idParams, body: bodyAfterLookup(cellMultiplySchema) },
    },
    async (request, reply) => {
      const id = await multiplyCell(db, request.params.id, request.body, actorOf(request));
      reply.code(201);
      return tree.load(id);
    },
  );

  app.get('/api/cell_levels', { config: { access: cells.read } }, () => listLevels(db));

  app.put(
    '/api/cell_levels/:level',
    {
      config: { access: SECRETARY_ACCESS },
      schema: { params: levelParams, body: bodyAfterLookup(cellLevelSchema) },
    },
    async (request) => renameLevel(db, request.params.level, request.body, actorOf(request)),
  );
}

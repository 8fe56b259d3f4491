// The settings tables: positions (cargos), departments and custom fields.
import type { FastifyInstance } from 'fastify';
import { smallTableRoutes } from '../../http/smallTable.js';
import { customFieldsTable, departmentsTable, positionsTable } from './tables.js';

export async function settingsRoutes(app: FastifyInstance) {
  smallTableRoutes(app, positionsTable);
  smallTableRoutes(app, departmentsTable);
  smallTableRoutes(app, customFieldsTable);
}

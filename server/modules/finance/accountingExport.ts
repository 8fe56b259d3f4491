// GET /api/exports/accounting.csv?from=AAAA-MM-DD&to=AAAA-MM-DD (issue 27): the journal entries
// of a period for the church's accountant, one line each — date dd/mm/aaaa; debit account code;
// credit account code; amount 1234,56; histórico; cost centre (congregation) — the semicolon
// CSV with BOM Brazilian accounting systems import. Streamed a month at a time (journal.ts), in
// the view's congregations narrowed as the reports narrow them (&congregation_id=…, with
// &include_subtree=true a sede and those below it); the export is audited like every other.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountingExportQuery } from '../../../domain/finance/schemas.js';
import { formatDate } from '../../../domain/formats.js';
import { resourceByApi } from '../../../domain/resources.js';
import type { JournalEntry } from '../../../domain/finance/doubleEntry.js';
import { csvAmount, sendCsv } from '../../http/csv.js';
import { reportScope } from '../../http/congregationScope.js';
import { viewOf } from '../../http/scope.js';
import { actorOf, audit } from '../../audit/trail.js';
import { journal } from './journal.js';

export async function accountingExportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const access = resourceByApi('transactions');

  app.get(
    '/api/exports/accounting.csv',
    { config: { access: access.read }, schema: { querystring: accountingExportQuery } },
    async (request, reply) => {
      const { from, to, congregation_id, include_subtree } = request.query;
      const scope = await reportScope(db, viewOf(request), { congregation_id, include_subtree });
      const codes = new Map(
        (await db.selectFrom('finance_categories').select(['id', 'code']).execute()).map((row) => [
          row.id,
          row.code,
        ]),
      );
      const places = new Map(
        (await db.selectFrom('congregations').select(['id', 'name']).execute()).map((row) => [
          row.id,
          row.name,
        ]),
      );
      const file = `contabilidade-${from}-a-${to}.csv`;
      return sendCsv<JournalEntry>(
        reply,
        file,
        [
          { header: 'Data', value: (entry) => formatDate(entry.date) },
          { header: 'Conta débito', value: (entry) => codes.get(entry.debit) ?? '' },
          { header: 'Conta crédito', value: (entry) => codes.get(entry.credit) ?? '' },
          { header: 'Valor', value: (entry) => csvAmount(entry.amount_cents), numeric: true },
          { header: 'Histórico', value: (entry) => entry.history },
          {
            header: 'Centro de custo',
            value: (entry) => places.get(entry.congregation_id) ?? '',
          },
        ],
        journal(db, scope, from, to),
        (rows) =>
          audit(db, actorOf(request), {
            action: 'export',
            resource: 'transactions',
            record_id: null,
            details: { file, filter: { from, to, congregation_id, include_subtree }, rows },
          }),
      );
    },
  );
}

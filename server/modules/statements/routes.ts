// Bank statements (issue 14, conciliação bancária): an OFX file imported on a bank account, its
// lines listed with the movement each seems to be, and each line reconciled, ignored or undone.
// The rules in importService.ts, lineService.ts and domain/finance/statements.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reconcileSchema } from '../../../domain/finance/statements.js';
import { resourceByApi } from '../../../domain/resources.js';
import { bodyOf, idParams, listQuery } from '../../http/schemas.js';
import { rightsOf, viewOf } from '../../http/scope.js';
import { parseListParams, sendList } from '../../http/simpleRest.js';
import {
  type UploadLimits,
  readUpload,
  registerUploads,
  uploadErrorHandler,
} from '../../http/uploads.js';
import { readOfxUpload } from '../../imports/worker.js';
import { failureBody } from '../../plugins/errors.js';
import { actorOf } from '../audit/trail.js';
import { bankAccountService } from '../finance/bankAccountService.js';
import { ensureAccountsUsable } from '../finance/scope.js';
import { ChooseStatementError, chooseStatement, statementImportService } from './importService.js';
import { STATEMENT_LINE_SORTS, statementLineService } from './lineService.js';

/**
 * An OFX of 5,000 lines is about 1.5 MB; a year of a busy account fits well under this. The file
 * is read in a worker (server/imports/worker.ts) and may bring at most OFX_MAX_LINES lines.
 */
export const STATEMENT_MAX_BYTES = 10 * 1024 * 1024;

/** The upload: one OFX file; before it, optionally `statement` (which account of a file of several). */
export const STATEMENT_UPLOAD: UploadLimits = {
  fileBytes: STATEMENT_MAX_BYTES,
  fields: 4,
  notMultipart: 'Envie o extrato como arquivo OFX (formulário multipart, campo “file”).',
  noFile: 'Nenhum arquivo enviado: escolha o arquivo OFX do extrato.',
};

export async function statementsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, dialect } = app.database;
  const access = resourceByApi('statement_lines');
  const accounts = bankAccountService(db);
  const imports = statementImportService(db);
  const lines = statementLineService(db, dialect);
  const listParams = (query: Record<string, unknown>) =>
    parseListParams(query, {
      sortable: STATEMENT_LINE_SORTS,
      defaultSort: { field: 'date', order: 'asc' },
    });

  await registerUploads(app);

  app.post(
    '/api/bank_accounts/:id/statements',
    {
      config: { access: access.write },
      schema: { params: idParams },
      bodyLimit: STATEMENT_MAX_BYTES + 64 * 1024,
      errorHandler: uploadErrorHandler(STATEMENT_UPLOAD),
    },
    async (request, reply) => {
      const actor = actorOf(request);
      // Importing is changing the account: 403 outside the rights.
      const account = await accounts.find(request.params.id, null);
      await ensureAccountsUsable(db, actor.rights, [account.id]);
      try {
        const { result } = await readUpload(
          request,
          STATEMENT_UPLOAD,
          async (file, fields, name) => {
            const statement = chooseStatement(await readOfxUpload(file), account, fields.statement);
            return imports.import(actor, account, statement, name || null);
          },
        );
        reply.code(201);
        return result;
      } catch (error) {
        // A file of several accounts: the accounts found, for the treasurer to choose one.
        if (!(error instanceof ChooseStatementError)) throw error;
        return reply
          .code(409)
          .send({ ...failureBody(request, error.message), statements: error.statements });
      }
    },
  );

  app.get(
    '/api/statement_lines',
    { config: { access: access.read }, schema: { querystring: listQuery } },
    async (request, reply) => {
      const params = listParams(request.query);
      const { rows, total } = await lines.list(params, viewOf(request));
      return sendList(reply, 'statement_lines', params.range.offset, rows, total);
    },
  );

  // Lines by status and the bank's balance against Adam's, for the account in the filter.
  app.get(
    '/api/statement_lines/summary',
    { config: { access: access.read }, schema: { querystring: listQuery } },
    async (request) => lines.summary(listParams(request.query).filter, viewOf(request)),
  );

  app.get(
    '/api/statement_lines/:id',
    { config: { access: access.read }, schema: { params: idParams } },
    async (request) => lines.find(request.params.id, rightsOf(request)),
  );

  app.post(
    '/api/statement_lines/:id/reconcile',
    {
      config: { access: access.write },
      schema: { params: idParams, body: bodyOf(reconcileSchema) },
    },
    async (request) => lines.reconcile(actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/statement_lines/:id/undo',
    { config: { access: access.write }, schema: { params: idParams } },
    async (request) => lines.undo(actorOf(request), request.params.id),
  );
}

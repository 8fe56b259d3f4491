// /api/imports: the member import (issue 14). POST /api/imports/members takes the spreadsheet as
// multipart/form-data (the option fields first, then `file`), reads it as a stream and stages
// it: a dry run answers the analysis (200); an import answers 202 at once and writes in the
// background while GET /api/imports/:id reports the progress. DELETE /api/imports/:id undoes it.
// Secretary access; a scoped secretary imports only into her congregations.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DUPLICATE_ACTIONS,
  type DuplicateAction,
  LOOKUP_KINDS,
} from '../../../domain/memberImport.js';
import { recordIdOf } from '../../../domain/fields.js';
import { resourceByApi } from '../../../domain/resources.js';
import { idParams } from '../../http/schemas.js';
import { readUpload, registerUploads } from '../../http/uploads.js';
import { ensureWritable, rightsOf } from '../../http/scope.js';
import { badRequest, conflict } from '../../plugins/errors.js';
import { TOO_DEEP, parseClientJson } from '../../plugins/input.js';
import { actorOf } from '../../audit/trail.js';
import { applyImport, recoverInterruptedImports } from './apply.js';
import type { LookupChoices } from './rows.js';
import { type ImportOptions, stageImport } from './stage.js';
import { clearEarlierDryRuns, purgeImportRows } from './retention.js';
import { ROW_FILTERS, importUnderWay, importView, undoImport } from './view.js';

/** The upload: 100,000 members are about 20 MB of CSV; the options are a few KB of JSON. */
export const IMPORT_UPLOAD = { fileBytes: 50 * 1024 * 1024, fields: 10, fieldBytes: 1024 * 1024 };

const viewQuery = z.object({
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  only: z.enum(ROW_FILTERS).default('all'),
});

function jsonField<T>(value: string | undefined, name: string, schema: z.ZodType<T>, empty: T): T {
  if (value === undefined || value.trim() === '') return empty;
  const parsed = parseClientJson(value, {
    malformed: `Campo ${name}: JSON inválido.`,
    tooDeep: `Campo ${name}: ${TOO_DEEP}.`,
  });
  const result = schema.safeParse(parsed);
  if (!result.success) throw badRequest(`Campo ${name} inválido.`);
  return result.data;
}

const choicesSchema = z.record(z.string().regex(/^\d{1,7}$/), z.enum(DUPLICATE_ACTIONS));
const mappingSchema = z.record(z.string().max(300), z.string().max(100));
const lookupValue = z.union([z.literal('create'), z.number().int().positive()]);
const lookupsSchema = z.object(
  Object.fromEntries(
    LOOKUP_KINDS.map((kind) => [kind, z.record(z.string().max(200), lookupValue).default({})]),
  ) as Record<
    (typeof LOOKUP_KINDS)[number],
    z.ZodDefault<z.ZodRecord<z.ZodString, typeof lookupValue>>
  >,
);

/** The options of an upload, from the form fields that came before the file. */
function optionsOf(
  fields: Record<string, string>,
  request: FastifyRequest,
  fileName: string,
): ImportOptions {
  const dryRunText = (fields.dry_run ?? 'true').trim().toLowerCase();
  if (!['true', 'false', '1', '0'].includes(dryRunText)) {
    throw badRequest('Campo dry_run: use true ou false.');
  }
  const action = (fields.duplicate_action ?? 'skip').trim();
  if (!(DUPLICATE_ACTIONS as readonly string[]).includes(action)) {
    throw badRequest('Campo duplicate_action: use skip, update ou create.');
  }
  const rights = rightsOf(request);
  let defaultCongregation: number | null = null;
  if (fields.congregation_id !== undefined && fields.congregation_id.trim() !== '') {
    defaultCongregation = recordIdOf(fields.congregation_id.trim());
    if (defaultCongregation === null) throw badRequest('Campo congregation_id inválido.');
    ensureWritable(rights, defaultCongregation);
  }
  const lookups = jsonField(fields.lookups, 'lookups', lookupsSchema, {
    positions: {},
    departments: {},
    congregations: {},
  }) as LookupChoices;
  for (const id of Object.values(lookups.congregations)) {
    if (typeof id === 'number') ensureWritable(rights, id);
  }
  return {
    dryRun: dryRunText === 'true' || dryRunText === '1',
    fileName,
    duplicateAction: action as DuplicateAction,
    choices: jsonField(fields.choices, 'choices', choicesSchema, {}),
    mapping: jsonField(fields.mapping, 'mapping', mappingSchema, null as never) ?? null,
    lookups,
    defaultCongregation,
    rights,
    userId: request.user?.id ?? null,
  };
}

export async function importsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, dialect } = app.database;
  const access = resourceByApi('members');
  await registerUploads(app);
  await recoverInterruptedImports(db, dialect.name);

  app.post(
    '/api/imports/members',
    {
      config: { access: access.write },
      schema: {
        description:
          'multipart/form-data: dry_run (true|false), duplicate_action (skip|update|create), choices (JSON {linha: ação}), mapping (JSON {cabeçalho: campo}), lookups (JSON {positions|departments|congregations: {nome: id|"create"}}), congregation_id, e por último file (CSV ou .xlsx).',
        consumes: ['multipart/form-data'],
      },
    },
    async (request, reply) => {
      const running = await importUnderWay(db);
      const { result: staged } = await readUpload(
        request,
        IMPORT_UPLOAD,
        async (file, fields, fileName) => {
          const options = optionsOf(fields, request, fileName || 'planilha');
          if (!options.dryRun && running) {
            throw conflict('Já há uma importação em andamento: espere ela terminar.');
          }
          return { options, id: await stageImport(db, dialect.name, file, options) };
        },
      );
      const { id, options } = staged;
      // The rows no longer needed: this user's earlier dry runs, and every import's expired ones.
      await clearEarlierDryRuns(db, options.userId, id);
      await purgeImportRows(db);
      if (options.dryRun) {
        return importView(db, id, options.rights, { offset: 0, limit: 100, only: 'all' });
      }
      // Written in the background; a failure is undone and recorded on the import.
      applyImport(db, dialect.name, id, actorOf(request)).catch((error: unknown) => {
        // The message only: a database error's detail may quote a row's values (personal data).
        request.log.error(
          { importId: id, message: (error as Error).message },
          'member import failed',
        );
      });
      reply.code(202);
      return importView(db, id, options.rights, { offset: 0, limit: 100, only: 'all' });
    },
  );

  app.get(
    '/api/imports/:id',
    { config: { access: access.write }, schema: { params: idParams, querystring: viewQuery } },
    async (request) => importView(db, request.params.id, rightsOf(request), request.query),
  );

  app.delete(
    '/api/imports/:id',
    { config: { access: access.write }, schema: { params: idParams } },
    async (request) => undoImport(db, dialect.name, request.params.id, actorOf(request)),
  );
}

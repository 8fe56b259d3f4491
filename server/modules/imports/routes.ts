// /api/imports: the member import (issue 14). POST /api/imports/members takes the spreadsheet as
// multipart/form-data (the option fields first, then `file`), reads it as a stream and stages
// it: a dry run answers the analysis (200); an import answers 202 at once and writes in the
// background while GET /api/imports/:id reports the progress. DELETE /api/imports/:id undoes it.
// Secretary access; a scoped secretary imports only into her congregations.
import multipart from '@fastify/multipart';
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
import { ensureWritable, rightsOf } from '../../http/scope.js';
import { ApiError, badRequest, conflict } from '../../plugins/errors.js';
import { applyImport, recoverInterruptedImports } from './apply.js';
import type { LookupChoices } from './rows.js';
import { type ImportOptions, stageImport, tooLarge } from './stage.js';
import { ROW_FILTERS, clearOldImportRows, importView, undoImport } from './view.js';

/** The largest file: 100,000 members are about 20 MB of CSV. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

const NOT_MULTIPART = 'Envie a planilha como multipart/form-data, no campo “file”.';

const viewQuery = z.object({
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  only: z.enum(ROW_FILTERS).default('all'),
});

function jsonField<T>(value: string | undefined, name: string, schema: z.ZodType<T>, empty: T): T {
  if (value === undefined || value.trim() === '') return empty;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw badRequest(`Campo ${name}: JSON inválido.`);
  }
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
  const { db } = app.database;
  const access = resourceByApi('imports');
  await app.register(multipart, {
    limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10, fieldSize: 1024 * 1024, parts: 11 },
  });
  await recoverInterruptedImports(db);

  app.post(
    '/api/imports/members',
    {
      config: { access: access.write },
      schema: {
        description:
          'multipart/form-data: dry_run (true|false), duplicate_action (skip|update|create), choices (JSON {linha: ação}), mapping (JSON {cabeçalho: campo}), lookups (JSON {positions|departments|congregations: {nome: id|"create"}}), congregation_id, e por último file (CSV ou .xlsx).',
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new ApiError(415, NOT_MULTIPART);
      const running = await db
        .selectFrom('member_imports')
        .select('id')
        .where('status', 'in', ['running', 'staging'])
        .where('dry_run', '=', false)
        .executeTakeFirst();
      const fields: Record<string, string> = {};
      let id: number | null = null;
      let options: ImportOptions | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            if (typeof part.value === 'string') fields[part.fieldname] = part.value;
            continue;
          }
          if (part.fieldname !== 'file' || id !== null) {
            part.file.resume();
            continue;
          }
          options = optionsOf(fields, request, part.filename || 'planilha');
          if (!options.dryRun && running) {
            part.file.resume();
            throw conflict('Já há uma importação em andamento: espere ela terminar.');
          }
          id = await stageImport(db, part.file, options);
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        if (
          code === 'FST_FILES_LIMIT' ||
          code === 'FST_PARTS_LIMIT' ||
          code === 'FST_FIELDS_LIMIT'
        ) {
          throw badRequest('Envie um único arquivo e só os campos da importação.');
        }
        if (code === 'FST_PROTO_VIOLATION' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
          throw badRequest(NOT_MULTIPART);
        }
        throw error;
      }
      if (id === null || options === null) throw badRequest('Envie a planilha no campo “file”.');
      await clearOldImportRows(db);
      if (options.dryRun) {
        return importView(db, id, options.rights, { offset: 0, limit: 100, only: 'all' });
      }
      const importId = id;
      // Written in the background; a failure is undone and recorded on the import.
      applyImport(db, importId).catch((error: unknown) => {
        // The message only: a database error's detail may quote a row's values (personal data).
        request.log.error({ importId, message: (error as Error).message }, 'member import failed');
      });
      reply.code(202);
      return importView(db, importId, options.rights, { offset: 0, limit: 100, only: 'all' });
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
    async (request) => undoImport(db, request.params.id, rightsOf(request)),
  );
}
